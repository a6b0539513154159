import Storage

/// How secrets are kept: only their SHA-256 is stored, and digests are compared in constant time.
///
/// A plain (unsalted, single-round) hash is enough here because every secret is generated with at
/// least 160 random bits (or chosen by the operator for the admin token): there is no dictionary to
/// attack, and a fast hash keeps authentication off the hot path's profile.
enum SecretDigest {
    /// The 32-byte SHA-256 of the secret's UTF-8 bytes.
    static func digest(of secret: String) -> [UInt8] {
        SHA256.hash(Array(secret.utf8))
    }

    /// Whether two digests are equal, taking the same time wherever they differ: the loop always
    /// visits every byte and accumulates differences without branching on them.
    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices {
            difference |= lhs[index] ^ rhs[index]
        }
        return difference == 0
    }
}
