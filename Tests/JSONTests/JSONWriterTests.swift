import Testing

@testable import JSON

@Suite("JSON writer")
struct JSONWriterTests {
    @Test(
        "prints numbers in the shortest form that reads back, integers without a fraction",
        arguments: [
            (0.0, "0"), (-0.0, "0"), (12, "12"), (-7, "-7"), (0.1, "0.1"), (2.5, "2.5"),
            (1.0 / 3.0, "0.3333333333333333"),
            (1e-7, "1e-07"), (9_007_199_254_740_992, "9007199254740992"), (1e300, "1e+300"), (123.456, "123.456"),
            (Double.nan, "null"), (Double.infinity, "null"),
        ])
    func printsNumbers(value: Double, expected: String) {
        #expect(JSONWriter().string(for: .number(value)) == expected)
    }

    @Test("escapes quotes, backslashes and control characters, and keeps other text as UTF-8")
    func escapesStrings() {
        let text = "a\"b\\c\n\r\t\u{8}\u{C}\u{1}\u{1F}/é🚗"
        #expect(JSONWriter().string(for: .string(text)) == #""a\"b\\c\n\r\t\b\f\u0001\u001f/é🚗""#)
    }

    @Test("writes object members in insertion order")
    func writesInsertionOrder() {
        var object = JSONObject()
        object["zeta"] = 1
        object["alpha"] = 2
        object["mid"] = [true, nil]
        object["alpha"] = 3  // replacing keeps the position
        #expect(JSONWriter().string(for: .object(object)) == #"{"zeta":1,"alpha":3,"mid":[true,null]}"#)
    }

    @Test("pretty format indents by two spaces")
    func prettyFormat() {
        let value: JSONValue = ["a": [1, 2], "b": [:], "c": []]
        #expect(
            JSONWriter(format: .pretty).string(for: value)
                == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n  \"c\": []\n}")
    }

    @Test(
        "round-trips every fixture byte-for-byte through parse and pretty write",
        arguments: [
            "builtin-guidance.json", "seed-delegate-guidance.json", "seed-delegate-prompt.json",
        ])
    func roundTripsFixtures(name: String) throws {
        let bytes = try Fixtures.bytes(name)
        let value = try JSONParser().parse(bytes)
        let written = JSONWriter(format: .pretty).string(for: value)
        let original = String(decoding: bytes, as: UTF8.self)
        // The fixtures are written in the same two-space style, so the text comes back unchanged.
        #expect(written == original.trimmingSuffixNewlines())
        #expect(try JSONParser().parse(written) == value)
    }

    @Test("round-trips awkward values")
    func roundTripsAwkwardValues() throws {
        let value: JSONValue = [
            "numbers": [
                0.1, -1e-300, 1.7976931348623157e308, .number(.leastNonzeroMagnitude), 4_503_599_627_370_497,
                -123_456.789,
            ],
            "strings": ["", "\u{0}\u{7F}", "\u{2028}", "𝄞", "\\u0041"],
            "nested": [[[["deep": [nil]]]]],
        ]
        let written = JSONWriter().bytes(for: value)
        #expect(try JSONParser().parse(written) == value)
    }
}

extension String {
    func trimmingSuffixNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
