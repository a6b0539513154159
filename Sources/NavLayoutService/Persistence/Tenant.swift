import Storage

/// A customer of the service: owns API keys, profiles, layouts history and audit events.
public struct Tenant: Sendable, Hashable {
    /// Generated, e.g. `ten_8w1k3q0v5z2c4x6m`.
    public var id: String
    /// Unique among tenants.
    public var name: String
    public var createdAt: Timestamp
}

extension Tenant: RowDecodable {
    static let columns = "id, name, created_at"

    public init(row: Row) throws {
        self.init(id: try row.value(at: 0), name: try row.value(at: 1), createdAt: try row.value(at: 2))
    }
}

/// A tenant just created, with its first API key: the only time that key's secret is available.
public struct CreatedTenant: Sendable, Hashable {
    public var tenant: Tenant
    public var firstKey: IssuedApiKey
}
