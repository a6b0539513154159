/// A location in a JSON document, printed the way error messages show it: `delegate.views.orderCard`,
/// `delegate.guidance.constraints[3]`, and `["odd key"]` for keys that are not plain names.
///
/// The decoder extends a path for every field it reads, and nearly every path is only ever printed
/// into a constraint's location, so the path is kept in its printed form and appending is one string
/// append.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public private(set) var description: String

    public static let root = JSONPath(description: "")

    private init(description: String) {
        self.description = description
    }

    public func appending(_ key: String) -> JSONPath {
        var text = description
        if ConstraintParser.isName(key) {
            if !text.isEmpty { text += "." }
            text += key
        } else {
            var quoted: [UInt8] = []
            JSONWriter.writeString(key, into: &quoted)
            text += "[" + String(decoding: quoted, as: UTF8.self) + "]"
        }
        return JSONPath(description: text)
    }

    public func appending(_ index: Int) -> JSONPath {
        JSONPath(description: description + "[\(index)]")
    }
}
