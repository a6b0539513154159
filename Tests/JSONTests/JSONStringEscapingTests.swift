import Foundation
import JSON
import Testing

@Suite("JSON string escaping")
struct JSONStringEscapingTests {
    @Test(
        "escapes what RFC 8259 requires, and DEL, and reads back as the same text",
        arguments: [
            ("plain", #""plain""#),
            ("say \"hi\"", #""say \"hi\"""#),
            ("back\\slash", #""back\\slash""#),
            ("line\nbreak\r\ttab", #""line\nbreak\r\ttab""#),
            ("bell\u{07} del\u{7F}", #""bell\u0007 del\u007f""#),
            ("caf\u{E9} \u{1F697}", "\"caf\u{E9} \u{1F697}\""),
        ])
    func escapes(text: String, expected: String) throws {
        let quoted = JSONWriter().string(for: .string(text))
        #expect(quoted == expected)
        let decoded = try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: [.fragmentsAllowed])
        #expect(decoded as? String == text)
    }

    /// Escaping written the plain way, one scalar at a time, to hold the word-wide scan against.
    static func referenceQuoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case let control where control.value < 0x20 || control.value == 0x7F:
                let hex = String(control.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    @Test(
        "escapes a special character at every position of a long string, as a scalar-by-scalar writer does",
        arguments: ["\"", "\\", "\n", "\u{01}", "\u{1F}", "\u{7F}", " ", "~", "\u{E9}", "\u{1F697}"])
    func escapesAtEveryPosition(special: String) {
        for length in 0..<20 {
            for position in 0...length {
                let text =
                    String(repeating: "a", count: position) + special
                    + String(repeating: "b", count: length - position)
                #expect(JSONWriter().string(for: .string(text)) == Self.referenceQuoted(text), "\(length) \(position)")
            }
        }
        let dense = String(repeating: special + "x", count: 12)
        #expect(JSONWriter().string(for: .string(dense)) == Self.referenceQuoted(dense))
    }
}
