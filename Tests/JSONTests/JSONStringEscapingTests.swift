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
}
