import Testing

@testable import NavLayoutService

@Suite("API key tokens")
struct ApiKeyTokenTests {
    @Test("a generated token parses back to its prefix")
    func generatedTokensParse() throws {
        for _ in 0..<50 {
            let token = ApiKeyToken.generate()
            let parsed = try #require(ApiKeyToken.parse(token.text))
            #expect(parsed.prefix == token.prefix)
            #expect(parsed.text == token.text)
        }
    }

    static let valid = "nlk_" + String(repeating: "a1", count: 6) + "_" + String(repeating: "z9", count: 26)

    @Test(
        "a token that cannot be one of ours is refused",
        arguments: [
            "", "nlk", "nlk__", valid.uppercased(), "nlx" + valid.dropFirst(3), valid + "a", String(valid.dropLast()),
            valid.replacingFirst("a", with: "i"), valid.replacingFirst("z", with: "u"),
            valid.replacingFirst("1", with: "l"), valid.replacingFirst("9", with: "o"),
            valid.replacingFirst("a", with: "_"), valid.replacingFirst("z", with: "\u{E9}"),
            "nlk_" + String(repeating: "a", count: 13) + "_" + String(repeating: "z", count: 51),
        ])
    func malformedTokens(text: String) {
        #expect(ApiKeyToken.parse(text) == nil)
    }

    @Test("the sample token is accepted, so the refusals above are about what they change")
    func sampleIsValid() {
        #expect(ApiKeyToken.parse(Self.valid)?.prefix == String(repeating: "a1", count: 6))
    }

    @Test("the byte check accepts exactly the alphabet")
    func alphabetBytes() {
        let alphabet = Set(RandomIdentifier.alphabet.map { $0.asciiValue! })
        for byte in UInt8.min...UInt8.max {
            #expect(RandomIdentifier.isAlphabetByte(byte) == alphabet.contains(byte), "byte \(byte)")
        }
    }
}

extension String {
    fileprivate func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
    }
}
