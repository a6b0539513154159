/// One schema migration: a file `NNNN_name.sql` of the migrations folder.
public struct Migration: Sendable, Hashable {
    /// The number in the file name: 1 for `0001_create_profiles.sql`.
    public let id: Int
    /// The name in the file name: `create_profiles`.
    public let name: String
    /// The file name, for messages.
    public let fileName: String
    /// The SQL script.
    public let sql: String
    /// SHA-256 of the file's bytes, in hexadecimal.
    public let checksum: String

    public init(id: Int, name: String, sql: String) {
        self.init(id: id, name: name, fileName: Migration.fileName(id: id, name: name), sql: sql)
    }

    init(id: Int, name: String, fileName: String, sql: String) {
        self.id = id
        self.name = name
        self.fileName = fileName
        self.sql = sql
        self.checksum = SHA256.hexDigest(sql.utf8)
    }

    static func fileName(id: Int, name: String) -> String {
        let digits = String(id)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "_" + name + ".sql"
    }

    /// The id and name in a migration file name, or nil when the name does not follow
    /// `NNNN_name.sql`: exactly four digits (0001 and up), an underscore, a name of ASCII letters,
    /// digits and underscores, and `.sql`.
    static func parseFileName(_ fileName: String) -> (id: Int, name: String)? {
        guard fileName.hasSuffix(".sql") else { return nil }
        let stem = fileName.utf8.dropLast(4)
        guard stem.count >= 6 else { return nil }
        let digits = stem.prefix(4)
        guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        guard stem.dropFirst(4).first == UInt8(ascii: "_") else { return nil }
        let name = stem.dropFirst(5)
        let isNameByte: (UInt8) -> Bool = { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_")
        }
        guard name.allSatisfy(isNameByte) else { return nil }
        guard let id = Int(String(decoding: digits, as: UTF8.self)), id > 0 else { return nil }
        return (id, String(decoding: name, as: UTF8.self))
    }
}

/// A migration recorded in the database as applied.
public struct AppliedMigration: Sendable, Hashable {
    public let id: Int
    public let name: String
    public let checksum: String
    /// When it was applied, UTC, ISO 8601 (`2026-11-30T10:00:00.000Z`).
    public let appliedAt: String
}
