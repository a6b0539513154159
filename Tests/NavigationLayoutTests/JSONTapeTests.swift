import Foundation
import Testing

@testable import NavigationLayout

@Suite("JSON tape")
struct JSONTapeTests {
    /// Documents the tree parser rejects: the tape parser must decline every one of them (the caller
    /// then asks the tree parser, which reports the error).
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

    @Test("declines every document the tree parser rejects", arguments: invalidDocuments)
    func declinesInvalidDocuments(text: String) {
        let bytes = Array(text.utf8)
        #expect(throws: JSONParseError.self) { try JSONParser().parse(bytes) }
        #expect(JSONTapeParser.parse(bytes, limits: .default) == nil)
    }

    @Test(
        "declines invalid UTF-8 in strings",
        arguments: [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82]])
    func declinesInvalidUTF8(sequence: [UInt8]) {
        let bytes = Array("[\"a".utf8) + sequence + Array("\"]".utf8)
        #expect(throws: JSONParseError.self) { try JSONParser().parse(bytes) }
        #expect(JSONTapeParser.parse(bytes, limits: .default) == nil)
    }

    @Test(
        "declines what the tree parser reads better: escapes, keys that are not ASCII, very large objects",
        arguments: [
            #"["a\"b"]"#, #"{"caf\u00e9": 1}"#, #"{"café": 1}"#,
            "{" + (0...JSONTapeParser.maximumMembers).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}",
        ])
    func declinesWhatTheTreeReads(text: String) throws {
        let bytes = Array(text.utf8)
        _ = try JSONParser().parse(bytes)
        #expect(JSONTapeParser.parse(bytes, limits: .default) == nil)
    }

    @Test("enforces the same size and depth limits as the tree parser")
    func enforcesLimits() {
        let limits = JSONParser.Limits(maxDepth: 3, maxBytes: 64)
        let deep = Array("[[[[1]]]]".utf8)
        let shallow = Array("[[[1]]]".utf8)
        let large = Array(("[" + String(repeating: "1,", count: 40) + "1]").utf8)
        #expect(JSONTapeParser.parse(deep, limits: limits) == nil)
        #expect(JSONTapeParser.parse(shallow, limits: limits) != nil)
        #expect(JSONTapeParser.parse(large, limits: limits) == nil)
    }

    /// A value read back from a tape, to compare with what the tree parser gives.
    func treeValue(_ node: JSONTape.Node) -> JSONValue {
        if node.isNull { return .null }
        if let flag = node.boolValue { return .bool(flag) }
        if let number = node.numberValue { return .number(number) }
        if let text = node.stringValue { return .string(text) }
        if let elements = node.arrayValue { return .array(elements.map(treeValue)) }
        if let object = node.objectValue {
            return .object(
                JSONObject(uniqueMembers: object.map { JSONObject.Member(key: $0.key, value: treeValue($0.value)) }))
        }
        Issue.record("a node of no JSON type")
        return .null
    }

    @Test(
        "holds the same values as the tree parser",
        arguments: [
            #"{"a": [1, -2.5, 1e3, 0, -0, 12345678901234567890, true, false, null, "x", "héllo wörld 😀"], "b": {}, "c": [], "d": {"e": {"f": [[]]}}}"#,
            "  [ 1 , { \"k\" : \"v\" } ]\n", "\"plain\"", "3.25", "null",
            "{\n          \"indented\": [\n                \"a string of more than eight bytes\",   \t 7\n ]}",
        ])
    func holdsTheTreeValues(text: String) throws {
        let bytes = Array(text.utf8)
        let tree = try JSONParser().parse(bytes)
        let tape = try #require(JSONTapeParser.parse(bytes, limits: .default))
        #expect(tape.withRoot(treeValue) == tree)
    }

    static let requestFixtures = [
        "seed-delegate-prompt.json", "seed-delegate-guidance.json", "builtin-guidance.json",
        "golden-diagnostics-request.json", "golden-stack-conflict-request.json",
    ]

    @Test("decodes every request fixture as the tree does", arguments: requestFixtures)
    func decodesFixturesAsTheTree(name: String) throws {
        let bytes = try Fixtures.bytes(name)
        #expect(JSONTapeParser.parse(bytes, limits: .default) != nil)
        let fromTape = try LayoutRequest.decode(from: bytes)
        let fromTree = try LayoutRequest.decode(from: JSONParser().parse(bytes))
        #expect(fromTape == fromTree)
        #expect(
            fromTape.delegate?.guidance?.constraints.map(\.path) == fromTree.delegate?.guidance?.constraints.map(\.path)
        )
    }

    @Test(
        "reports the same problems as the tree for a document it reads",
        arguments: [
            #"{"screen": {"width": -1, "height": 852, "extra": 1}, "state": {"navigation": "guidanse"}}"#,
            #"{"screen": {"width": 393, "height": 852}, "state": {"navigation": "guidance"}, "delegate": {"views": {"chip": {"width": 40}}, "guidance": {"views": ["chip"], "constraints": ["chip.top == map.topp", "chip.leading = map.leading", {"first": "chip.width", "relation": "==", "multiplier": 2}, 7]}}}"#,
        ])
    func reportsTheTreeProblems(text: String) throws {
        let bytes = Array(text.utf8)
        #expect(JSONTapeParser.parse(bytes, limits: .default) != nil)
        let tree = try JSONParser().parse(bytes)
        var tapeIssues: [RequestError.Issue] = []
        var treeIssues: [RequestError.Issue] = []
        do throws(RequestError) { _ = try LayoutRequest.decode(from: bytes) } catch { tapeIssues = error.issues }
        do throws(RequestError) { _ = try LayoutRequest.decode(from: tree) } catch { treeIssues = error.issues }
        #expect(!tapeIssues.isEmpty)
        #expect(tapeIssues == treeIssues)
    }

    /// A small deterministic generator (SplitMix64), so that a failure is reproducible.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// What a decode gives: the request or every issue.
    func outcome(_ decode: () throws(RequestError) -> LayoutRequest) -> Result<LayoutRequest, RequestError> {
        do throws(RequestError) {
            return .success(try decode())
        } catch {
            return .failure(error)
        }
    }

    @Test("mutated requests decode from bytes exactly as through the tree", arguments: requestFixtures)
    func mutatedRequestsDecodeAsTheTree(name: String) throws {
        let original = try Fixtures.bytes(name)
        // Bytes that matter to JSON and to the expression language, and a few that must be rejected.
        let alphabet = Array(#"{}[]":,. 0123456789-+eEnulltruefalse"ab_=<>@*\é"#.utf8) + [0x00, 0x09, 0x0A, 0x80, 0xFF]
        var generator = SplitMix(state: UInt64(original.count))
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                let byte = alphabet.randomElement(using: &generator) ?? 0
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: bytes.remove(at: position)
                }
            }
            let fromBytes = outcome { () throws(RequestError) in try LayoutRequest.decode(from: bytes) }
            let fromTree = outcome { () throws(RequestError) in
                try LayoutRequest.decode(from: RequestDecoder.parse(bytes, limits: .default))
            }
            #expect(fromBytes == fromTree, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }
}
