import Foundation
import HTTPServer
import Testing

@Suite("JSON string escaping")
struct JSONTextTests {
    @Test(
        "escapes what RFC 8259 requires and reads back as the same text",
        arguments: [
            ("plain", #""plain""#),
            ("say \"hi\"", #""say \"hi\"""#),
            ("back\\slash", #""back\\slash""#),
            ("line\nbreak\r\ttab", #""line\nbreak\r\ttab""#),
            ("bell\u{07} del\u{7F}", #""bell\u0007 del\u007f""#),
            ("caf\u{E9} \u{1F697}", "\"caf\u{E9} \u{1F697}\""),
        ])
    func escapes(text: String, expected: String) throws {
        let quoted = JSONText.quoted(text)
        #expect(quoted == expected)
        let decoded = try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: [.fragmentsAllowed])
        #expect(decoded as? String == text)
    }
}
