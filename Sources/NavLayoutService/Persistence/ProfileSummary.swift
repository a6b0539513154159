import Storage

/// A profile as listed: its name, where its versions stand and whether it is deleted.
public struct ProfileSummary: Sendable, Hashable {
    public var name: String
    /// The newest version (of a deleted profile: the last version before the delete).
    public var currentVersion: Int
    /// The newest version's ETag, without quotes.
    public var currentETag: String
    public var description: String?
    public var createdAt: Timestamp
    /// When the newest version was written, or when the profile was deleted.
    public var updatedAt: Timestamp
    public var deletedAt: Timestamp?

    public var isDeleted: Bool {
        deletedAt != nil
    }
}

extension ProfileSummary: RowDecodable {
    static let columns = "p.name, p.current_version, v.etag, v.description, p.created_at, p.updated_at, p.deleted_at"

    public init(row: Row) throws {
        self.init(
            name: try row.value(at: 0), currentVersion: try row.value(at: 1), currentETag: try row.value(at: 2),
            description: try row.value(at: 3), createdAt: try row.value(at: 4), updatedAt: try row.value(at: 5),
            deletedAt: try row.value(at: 6))
    }
}

/// What a profile write did.
public struct ProfilePutResult: Sendable, Hashable {
    /// The version just written.
    public var version: ProfileVersion
    /// True when the profile had no current version before (new, or recreated after a delete): the
    /// service answers 201 then, 200 otherwise.
    public var created: Bool
}
