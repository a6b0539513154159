import Storage

/// What is known about an API key after it was issued: everything but its secret.
public struct ApiKey: Sendable, Hashable {
    /// Generated, e.g. `key_3v9t0c1m8w2x4z5q`; stable across rotations.
    public var id: String
    public var tenantID: String
    /// The public part of the current secret (`nlk_<prefix>_...`), safe to show and to log.
    public var prefix: String
    public var createdAt: Timestamp
    /// When the secret was last replaced; nil if never.
    public var rotatedAt: Timestamp?
    /// When the key stopped working; nil while it works.
    public var revokedAt: Timestamp?

    public var isRevoked: Bool {
        revokedAt != nil
    }
}

extension ApiKey: RowDecodable {
    static let columns = "id, tenant_id, prefix, created_at, rotated_at, revoked_at"

    public init(row: Row) throws {
        self.init(
            id: try row.value(at: 0), tenantID: try row.value(at: 1), prefix: try row.value(at: 2),
            createdAt: try row.value(at: 3), rotatedAt: try row.value(at: 4), revokedAt: try row.value(at: 5))
    }
}

/// A key together with its secret, returned once when the key is created or rotated. Only the
/// secret's hash is stored: show `secret` to the caller and drop it.
public struct IssuedApiKey: Sendable, Hashable {
    public var key: ApiKey
    /// The bearer token, `nlk_<prefix>_<secret>`.
    public var secret: String
}

/// The tenant and key a bearer token authenticated as.
public struct AuthenticatedKey: Sendable, Hashable {
    public var tenantID: String
    public var keyID: String

    public init(tenantID: String, keyID: String) {
        self.tenantID = tenantID
        self.keyID = keyID
    }

    public var actor: AuditActor {
        .apiKey(id: keyID)
    }
}
