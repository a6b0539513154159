import Storage

/// One immutable version of a profile, with its document.
public struct ProfileVersion: Sendable, Hashable {
    public var profileName: String
    /// 1, 2, 3... per profile; a profile recreated after a delete continues the sequence.
    public var version: Int
    /// The profile document as JSON text (any of screen, state, settings, delegate, style), exactly
    /// as it was written.
    public var document: String
    public var description: String?
    /// The entity tag of this version, without quotes (see `httpETag`).
    public var etag: String
    public var createdAt: Timestamp
    public var createdBy: AuditActor

    /// The ETag as an HTTP header carries it: a strong validator in double quotes.
    public var httpETag: String {
        "\"\(etag)\""
    }
}

extension ProfileVersion: RowDecodable {
    static let columns = """
        p.name, v.version, v.document, v.description, v.etag, v.created_at, v.created_by_key_id
        """

    public init(row: Row) throws {
        self.init(
            profileName: try row.value(at: 0), version: try row.value(at: 1), document: try row.value(at: 2),
            description: try row.value(at: 3), etag: try row.value(at: 4), createdAt: try row.value(at: 5),
            createdBy: AuditActor(keyID: try row.value(at: 6)))
    }
}

/// A profile version without its document, for listings.
public struct ProfileVersionSummary: Sendable, Hashable {
    public var profileName: String
    public var version: Int
    public var description: String?
    public var etag: String
    public var createdAt: Timestamp
    public var createdBy: AuditActor
}

extension ProfileVersionSummary: RowDecodable {
    static let columns = "p.name, v.version, v.description, v.etag, v.created_at, v.created_by_key_id"

    public init(row: Row) throws {
        self.init(
            profileName: try row.value(at: 0), version: try row.value(at: 1), description: try row.value(at: 2),
            etag: try row.value(at: 3), createdAt: try row.value(at: 4),
            createdBy: AuditActor(keyID: try row.value(at: 5)))
    }
}
