import Testing

@testable import JSON

@Suite("JSON parser")
struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue {
        try JSONParser().parse(text)
    }

    @Test("the word-wide string scan stops exactly at the bytes that end a plain run", arguments: 0..<8)
    func wordScanFindsEveryEndingByte(position: Int) {
        for value in 0...255 {
            let byte = UInt8(value)
            var word = UInt64(0)
            for index in 0..<8 {
                let lane = UInt64(index == position ? byte : UInt8(ascii: "a"))
                word |= lane << UInt64(8 * index)
            }
            let ends = byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            #expect(JSONParser.hasSpecialByte(word) == ends, "byte \(byte) at \(position)")
        }
    }

    @Test(
        "strings longer than a word keep every byte, escape and scalar",
        arguments: [
            (#""plain ascii text longer than eight bytes""#, "plain ascii text longer than eight bytes"),
            (#""eight by""#, "eight by"),
            (#""a tab\there, then more text""#, "a tab\there, then more text"),
            (#""ünïcødé in the middle of the text""#, "ünïcødé in the middle of the text"),
            (#""a quote \" inside a long string""#, "a quote \" inside a long string"),
            (#""ends with an escaped backslash \\""#, "ends with an escaped backslash \\"),
            // After an escape, the rest is copied run by run: long runs, scalars and escapes in turn.
            (
                #""line one\nline two is longer than a word\tthen ünï and \u00e9 and \"quoted\" text\\ end""#,
                "line one\nline two is longer than a word\tthen ünï and é and \"quoted\" text\\ end"
            ),
            (#""\n""#, "\n"), (#""\nx""#, "\nx"), (#""x\n12345678901234567""#, "x\n12345678901234567"),
        ])
    func longStringsReadBack(source: String, expected: String) throws {
        #expect(try parse(source) == .string(expected))
    }

    @Test("a Swift file as a string, one escape per line, reads back byte for byte")
    func swiftSourceReadsBack() throws {
        let lines = (0..<200).map { "  let view\($0) = UIView() // ünïcødé \"quoted\" \\ tab\t" }
        let source = lines.joined(separator: "\n")
        let written = JSONWriter().bytes(for: .string(source))
        #expect(try JSONParser().parse(written) == .string(source))
    }

    @Test("reads every kind of value")
    func readsEveryKindOfValue() throws {
        let value = try parse(#" { "a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d"}, "e": "" } "#)
        let expected: JSONValue = ["a": [1, -2.5, 300, true, false, nil], "b": ["c": "d"], "e": ""]
        #expect(value == expected)
    }

    @Test("keeps object members in document order")
    func keepsMemberOrder() throws {
        let value = try parse(#"{"z": 1, "a": 2, "m": 3}"#)
        guard case .object(let object) = value else {
            Issue.record("expected an object")
            return
        }
        #expect(object.keys == ["z", "a", "m"])
    }

    @Test(
        "reads numbers exactly",
        arguments: [
            ("0", 0.0), ("-0", -0.0), ("12", 12), ("-7", -7), ("0.1", 0.1), ("1e3", 1000), ("1E-2", 0.01),
            ("2.5e+1", 25), ("9007199254740993", 9_007_199_254_740_992),
            ("123456789012345678", 123_456_789_012_345_680),
            ("1.7976931348623157e308", 1.7976931348623157e308), ("5e-324", Double.leastNonzeroMagnitude),
        ])
    func readsNumbers(text: String, expected: Double) throws {
        #expect(try parse(text) == .number(expected))
    }

    @Test(
        "decodes string escapes and UTF-8",
        arguments: [
            (#""a\"b\\c\/d""#, "a\"b\\c/d"), (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"), (#""\u0041\u00e9""#, "Aé"),
            (#""\ud83d\ude97""#, "🚗"), ("\"đường 路 ถนน\"", "đường 路 ถนน"), (#""x\u0000y""#, "x\u{0}y"),
        ])
    func decodesStrings(text: String, expected: String) throws {
        #expect(try parse(text) == .string(expected))
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { text }
    }

    @Test(
        "rejects invalid documents at the right line and column",
        arguments: [
            Invalid(text: "", line: 1, column: 1, message: "empty document"),
            Invalid(text: "   \n  ", line: 2, column: 3, message: "empty document"),
            Invalid(text: "{", line: 1, column: 2, message: "unexpected end of input"),
            Invalid(text: "{\"a\" 1}", line: 1, column: 6, message: "expected ':'"),
            Invalid(text: "{\"a\": 1,}", line: 1, column: 9, message: "trailing comma"),
            Invalid(text: "[1, 2,]", line: 1, column: 7, message: "trailing comma"),
            Invalid(text: "[1 2]", line: 1, column: 4, message: "expected ',' or ']'"),
            Invalid(text: "{\n  \"a\": 1\n  \"b\": 2\n}", line: 3, column: 3, message: "expected ',' or '}'"),
            Invalid(text: "{a: 1}", line: 1, column: 2, message: "member name in double quotes"),
            Invalid(text: "{\"a\": 1, \"a\": 2}", line: 1, column: 10, message: "duplicate member \"a\""),
            Invalid(text: "012", line: 1, column: 1, message: "leading zeros"),
            Invalid(text: "-", line: 1, column: 2, message: "digit after '-'"),
            Invalid(text: "1.", line: 1, column: 3, message: "digit after the decimal point"),
            Invalid(text: ".5", line: 1, column: 1, message: "expected a value"),
            Invalid(text: "1e", line: 1, column: 3, message: "exponent"),
            Invalid(text: "1e400", line: 1, column: 1, message: "out of range"),
            Invalid(text: "NaN", line: 1, column: 1, message: "expected a value"),
            Invalid(text: "tru", line: 1, column: 1, message: "expected 'true'"),
            Invalid(text: "nul", line: 1, column: 1, message: "expected 'null'"),
            Invalid(text: "\"abc", line: 1, column: 1, message: "unterminated string"),
            Invalid(text: "\"a\tb\"", line: 1, column: 3, message: "control character U+0009"),
            Invalid(text: "\"\\x\"", line: 1, column: 2, message: "invalid escape"),
            Invalid(text: "\"\\u12\"", line: 1, column: 2, message: "four hexadecimal digits"),
            Invalid(text: "\"\\ud83d\"", line: 1, column: 2, message: "lone high surrogate"),
            Invalid(text: "\"\\ude97\"", line: 1, column: 2, message: "lone low surrogate"),
            Invalid(text: "\"\\ud83d\\u0041\"", line: 1, column: 2, message: "not followed by a low surrogate"),
            Invalid(text: "1 2", line: 1, column: 3, message: "after the end of the document"),
            Invalid(text: "// comment\n1", line: 1, column: 1, message: "expected a value"),
            Invalid(text: "[\"đường\", x]", line: 1, column: 11, message: "character 'x'"),
        ])
    func rejectsInvalidDocuments(_ invalid: Invalid) {
        #expect {
            try JSONParser().parse(invalid.text)
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.line == invalid.line && error.column == invalid.column
                && error.message.contains(invalid.message)
        }
    }

    @Test(
        "rejects malformed UTF-8 inside strings",
        arguments: [
            [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
            [0x22, 0xE2, 0x82, 0x22],
        ] as [[UInt8]])
    func rejectsMalformedUTF8(bytes: [UInt8]) {
        #expect(throws: JSONParseError.self) { try JSONParser().parse(bytes) }
    }

    @Test("rejects a byte order mark")
    func rejectsByteOrderMark() {
        #expect(throws: JSONParseError.self) { try JSONParser().parse([0xEF, 0xBB, 0xBF, 0x31]) }
    }

    @Test("enforces the depth limit")
    func enforcesDepthLimit() throws {
        let parser = JSONParser(limits: .init(maxDepth: 3, maxBytes: 1000))
        #expect(try parser.parse("[[[1]]]") == [[[1]]])
        #expect {
            try parser.parse("[[[[1]]]]")
        } throws: { error in
            (error as? JSONParseError).map { $0.message.contains("deeper than 3") && $0.column == 4 } ?? false
        }
    }

    @Test("survives nesting far deeper than the limit without exhausting the stack")
    func survivesDeepNesting() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONParser().parse(text) }
    }

    @Test("enforces the size limit")
    func enforcesSizeLimit() {
        let parser = JSONParser(limits: .init(maxDepth: 10, maxBytes: 8))
        #expect(throws: JSONParseError.self) { try parser.parse("\"123456789\"") }
    }

    @Test("rejects duplicates in large objects too")
    func rejectsDuplicatesInLargeObjects() {
        let members = (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(throws: JSONParseError.self) { try JSONParser().parse("{\(members), \"k57\": 0}") }
        #expect((try? JSONParser().parse("{\(members)}")) != nil)
    }
}
