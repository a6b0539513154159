import HTTPServer

/// A JSON value built by the service for its responses. Objects keep their members in the order
/// they were written, so every response body is byte-for-byte the same for the same data; `raw`
/// embeds JSON text that is already valid (a stored profile document, a stored layout result).
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    case raw(String)

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.text == rhs.text
    }

    /// `nil` becomes `null`.
    public static func string(_ value: String?) -> JSONValue {
        value.map { .string($0) } ?? .null
    }

    public static func int(_ value: Int) -> JSONValue {
        .int(Int64(value))
    }

    /// Compact JSON text.
    public var text: String {
        var output = ""
        write(into: &output)
        return output
    }

    public var bytes: [UInt8] {
        Array(text.utf8)
    }

    private func write(into output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value):
            // JSON has no NaN or infinity; such a value never comes from valid input.
            output += value.isFinite ? String(value) : "null"
        case .string(let value): output += JSONText.quoted(value)
        case .raw(let text): output += text
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                output += JSONText.quoted(member.0)
                output += ":"
                member.1.write(into: &output)
            }
            output += "}"
        }
    }
}
