/// The text form of an API key secret: `nlk_<prefix>_<secret>`.
///
/// The prefix (12 base-32 characters) finds the key's row through a unique index without revealing
/// anything: the secret part (52 base-32 characters, 260 random bits) is what authenticates, through
/// the SHA-256 of the whole token.
struct ApiKeyToken {
    static let scheme = "nlk"
    static let prefixLength = 12
    static let secretLength = 52

    let prefix: String
    let text: String

    /// A new random token.
    static func generate() -> ApiKeyToken {
        let prefix = RandomIdentifier.text(length: prefixLength)
        let secret = RandomIdentifier.text(length: secretLength)
        return ApiKeyToken(prefix: prefix, text: "\(scheme)_\(prefix)_\(secret)")
    }

    /// The prefix of a token as presented by a client; nil when it cannot be one of ours (then it
    /// cannot authenticate, and no database lookup is needed). Every request presents one, so the
    /// check reads the token's bytes once rather than splitting it into strings.
    static func parse(_ text: String) -> ApiKeyToken? {
        let scheme = Array(Self.scheme.utf8)
        let utf8 = text.utf8
        guard utf8.count == scheme.count + 1 + prefixLength + 1 + secretLength else { return nil }
        var index = 0
        for byte in utf8 {
            let valid: Bool
            switch index {
            case 0..<scheme.count:
                valid = byte == scheme[index]
            case scheme.count, scheme.count + 1 + prefixLength:
                valid = byte == UInt8(ascii: "_")
            default:
                valid = RandomIdentifier.isAlphabetByte(byte)
            }
            guard valid else { return nil }
            index += 1
        }
        let start = utf8.index(utf8.startIndex, offsetBy: scheme.count + 1)
        let end = utf8.index(start, offsetBy: prefixLength)
        return ApiKeyToken(prefix: String(text[start..<end]), text: text)
    }

    var digest: [UInt8] {
        SecretDigest.digest(of: text)
    }
}
