import Testing

@testable import JSON

@Suite("JSON parser: documents it rejects")
struct JSONRejectionTests {
    /// Documents RFC 8259 (or the parser's stricter rules: no repeated keys, no byte-order mark, a
    /// depth limit) does not allow.
    static let invalidDocuments = [
        "", " ", "{", "}", "[", "]", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{\"a\":}", "{a:1}", "[1 2]", "01", "-",
        "1.", "1e", "1e+", "-01", ".5", "+1", "1e400", "-1e400", "tru", "nul", "falsey", "\"abc", "\"a\u{01}b\"",
        "{\"a\":1,\"a\":2}", "{\"a\":1} x", "[1]]", "\u{FEFF}{}", "[\"\\x\"]", "{\"\":1,\"\":2}",
        "{\"b\":{\"a\":1,\"a\":1}}", String(repeating: "[", count: 70) + String(repeating: "]", count: 70),
    ]

    @Test("the special-byte mask's lowest bit is the first byte that ends a plain run", arguments: 0..<8)
    func specialByteMaskFindsTheFirstEndingByte(position: Int) {
        let endings: [UInt8] = [0x00, 0x1F, UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x80, 0xFF]
        for ending in endings {
            // Bytes after the first ending byte are endings too, so a borrow could run into them.
            for later in [UInt8(ascii: "a"), 0x00, UInt8(ascii: "\"")] {
                var word = UInt64(0)
                for index in 0..<8 {
                    let byte = index < position ? UInt8(ascii: "a") : index == position ? ending : later
                    word |= UInt64(byte) << UInt64(8 * index)
                }
                #expect(JSONParser.specialByteMask(word).trailingZeroBitCount / 8 == position)
            }
        }
    }

    @Test("rejects every document that is not strict JSON", arguments: invalidDocuments)
    func rejectsInvalidDocuments(text: String) {
        let bytes = Array(text.utf8)
        #expect(throws: JSONParseError.self) { try JSONParser().parse(bytes) }
    }

    @Test(
        "rejects invalid UTF-8 in strings",
        arguments: [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82]])
    func rejectsInvalidUTF8(sequence: [UInt8]) {
        let bytes = Array("[\"a".utf8) + sequence + Array("\"]".utf8)
        #expect(throws: JSONParseError.self) { try JSONParser().parse(bytes) }
    }
}
