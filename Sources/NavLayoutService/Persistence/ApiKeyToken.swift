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
    /// cannot authenticate, and no database lookup is needed).
    static func parse(_ text: String) -> ApiKeyToken? {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == scheme, parts[1].count == prefixLength, parts[2].count == secretLength,
            parts[1].allSatisfy(RandomIdentifier.alphabet.contains),
            parts[2].allSatisfy(RandomIdentifier.alphabet.contains)
        else {
            return nil
        }
        return ApiKeyToken(prefix: String(parts[1]), text: text)
    }

    var digest: [UInt8] {
        SecretDigest.digest(of: text)
    }
}
