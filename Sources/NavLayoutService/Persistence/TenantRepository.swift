import Storage

/// Creates and lists tenants (admin operations).
public struct TenantRepository: Sendable {
    public static let maximumNameLength = 200
    public let database: any SQLDatabase
    private let clock: PersistenceClock
    private let timer: DatabaseTimer

    public init(
        database: any SQLDatabase, clock: @escaping PersistenceClock = Timestamp.now, timer: DatabaseTimer = .off
    ) {
        self.database = database
        self.clock = clock
        self.timer = timer
    }

    /// Creates a tenant and its first API key in one transaction, audited as `tenant.create` and
    /// `key.create`. The key's secret is returned here once. A name already taken is a conflict.
    public func create(name: String, actor: AuditActor = .admin) async throws -> CreatedTenant {
        let timing = timer.begin(.tenantsCreate)
        defer { timing.end() }
        try StoredText.check(
            name, field: "name", what: "a tenant name", kind: .name(), maximumLength: Self.maximumNameLength)
        let clock = self.clock
        return try await database.write { connection in
            let taken = try connection.fetchValue("SELECT count(*) FROM tenants WHERE name = ?", [name], as: Int.self)
            guard taken == 0 else {
                throw PersistenceError.conflict(.tenant, id: name, reason: "a tenant of this name exists")
            }
            let tenant = Tenant(id: RandomIdentifier.make(prefix: "ten"), name: name, createdAt: clock())
            try connection.execute(
                "INSERT INTO tenants (id, name, created_at) VALUES (?, ?, ?)",
                [tenant.id, tenant.name, tenant.createdAt])
            try AuditLog.record(
                .tenantCreate, objectID: tenant.id, tenantID: tenant.id, actor: actor, detail: "name \(name)",
                at: tenant.createdAt, on: connection)
            let key = try ApiKeyRepository.issue(
                tenantID: tenant.id, actor: actor, at: tenant.createdAt, on: connection)
            return CreatedTenant(tenant: tenant, firstKey: key)
        }
    }

    /// Every tenant, oldest first.
    public func list() async throws -> [Tenant] {
        let timing = timer.begin(.tenantsList)
        defer { timing.end() }
        return try await database.read { connection in
            try connection.fetchAll(Tenant.self, "SELECT \(Tenant.columns) FROM tenants ORDER BY created_at, id")
        }
    }

    /// One tenant.
    public func get(id: String) async throws -> Tenant {
        let timing = timer.begin(.tenantsGet)
        defer { timing.end() }
        return try await database.read { connection in
            guard
                let tenant = try connection.fetchOne(
                    Tenant.self, "SELECT \(Tenant.columns) FROM tenants WHERE id = ?", [id])
            else {
                throw PersistenceError.notFound(.tenant, id: id)
            }
            return tenant
        }
    }
}
