/// Random text for identifiers and secrets, drawn from the operating system's cryptographically
/// secure generator (`SystemRandomNumberGenerator` reads getrandom(2) on Linux).
enum RandomIdentifier {
    /// Crockford's base-32 alphabet in lower case: no i, l, o, u, so a key read aloud or retyped is
    /// not misread, and every character is URL-safe.
    static let alphabet: [Character] = Array("0123456789abcdefghjkmnpqrstvwxyz")

    /// Whether `byte` is the UTF-8 of a character of `alphabet`.
    static func isAlphabetByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "o"), UInt8(ascii: "u"): return false
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return true
        default: return false
        }
    }

    /// `count` random bytes.
    static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// `length` random base-32 characters: 5 bits of entropy each.
    static func text(length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// A new identifier such as `ten_8w1k3q0v5z2c4x6m`: 16 characters, 80 random bits, enough that
    /// two ever colliding is not a concern.
    static func make(prefix: String) -> String {
        prefix + "_" + text(length: 16)
    }
}
