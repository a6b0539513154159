import Foundation
import Storage

/// Issues, rotates, revokes and checks tenants' API keys. Every change is audited in its own
/// transaction.
public struct ApiKeyRepository: Sendable {
    public let database: any SQLDatabase
    /// When set, successful authentications are remembered for a short while; see
    /// `AuthenticationCache`. Share one cache between every repository of the process.
    public let cache: AuthenticationCache?
    private let clock: PersistenceClock
    private let timer: DatabaseTimer

    public init(
        database: any SQLDatabase, cache: AuthenticationCache? = nil, clock: @escaping PersistenceClock = Timestamp.now,
        timer: DatabaseTimer = .off
    ) {
        self.database = database
        self.cache = cache
        self.clock = clock
        self.timer = timer
    }

    /// Issues a new key for the tenant. The secret is in the result and nowhere else.
    public func create(tenantID: String, actor: AuditActor = .admin) async throws -> IssuedApiKey {
        let timing = timer.begin(.keysCreate)
        defer { timing.end() }
        let clock = self.clock
        return try await database.write { connection in
            try Self.requireTenant(tenantID, on: connection)
            return try Self.issue(tenantID: tenantID, actor: actor, at: clock(), on: connection)
        }
    }

    /// The tenant's keys, oldest first, revoked ones included.
    public func list(tenantID: String) async throws -> [ApiKey] {
        let timing = timer.begin(.keysList)
        defer { timing.end() }
        return try await database.read { connection in
            try Self.requireTenant(tenantID, on: connection)
            return try connection.fetchAll(
                ApiKey.self,
                "SELECT \(ApiKey.columns) FROM api_keys WHERE tenant_id = ? ORDER BY created_at, id",
                [tenantID])
        }
    }

    /// One of the tenant's keys; another tenant's key is not found.
    public func get(tenantID: String, keyID: String) async throws -> ApiKey {
        let timing = timer.begin(.keysGet)
        defer { timing.end() }
        return try await database.read { connection in
            try Self.key(keyID, of: tenantID, on: connection)
        }
    }

    /// Gives the key a new secret (and prefix): the old secret stops working when this returns.
    /// A revoked key cannot be rotated (conflict).
    public func rotate(tenantID: String, keyID: String, actor: AuditActor = .admin) async throws -> IssuedApiKey {
        let timing = timer.begin(.keysRotate)
        defer { timing.end() }
        let clock = self.clock
        let (issued, oldPrefix) = try await database.write { connection in
            var key = try Self.key(keyID, of: tenantID, on: connection)
            let oldPrefix = key.prefix
            guard !key.isRevoked else {
                throw PersistenceError.conflict(.apiKey, id: keyID, reason: "the key is revoked and cannot be rotated")
            }
            let now = max(clock(), key.createdAt)
            let token = ApiKeyToken.generate()
            try connection.execute(
                "UPDATE api_keys SET prefix = ?, secret_hash = ?, rotated_at = ? WHERE id = ?",
                [token.prefix, Data(token.digest), now, keyID])
            try AuditLog.record(
                .keyRotate, objectID: keyID, tenantID: tenantID, actor: actor, detail: "new prefix \(token.prefix)",
                at: now, on: connection)
            key.prefix = token.prefix
            key.rotatedAt = now
            return (IssuedApiKey(key: key, secret: token.text), oldPrefix)
        }
        cache?.remove(prefix: oldPrefix)
        return issued
    }

    /// Revokes the key: it never authenticates again. Revoking a revoked key changes nothing and
    /// returns it as it is (DELETE is idempotent), without a second audit event.
    @discardableResult
    public func revoke(tenantID: String, keyID: String, actor: AuditActor = .admin) async throws -> ApiKey {
        let timing = timer.begin(.keysRevoke)
        defer { timing.end() }
        let clock = self.clock
        let revoked = try await database.write { connection in
            var key = try Self.key(keyID, of: tenantID, on: connection)
            if key.isRevoked { return key }
            let now = max(clock(), key.createdAt)
            try connection.execute("UPDATE api_keys SET revoked_at = ? WHERE id = ?", [now, keyID])
            try AuditLog.record(.keyRevoke, objectID: keyID, tenantID: tenantID, actor: actor, at: now, on: connection)
            key.revokedAt = now
            return key
        }
        cache?.remove(prefix: revoked.prefix)
        return revoked
    }

    /// The tenant and key a bearer token belongs to; nil when the token is malformed, unknown or
    /// revoked. The stored hash is compared in constant time, so the time taken does not tell how
    /// much of a guessed secret was right.
    public func authenticate(bearer token: String) async throws -> AuthenticatedKey? {
        guard let parsed = ApiKeyToken.parse(token) else { return nil }
        let presented = parsed.digest
        if let cached = cache?.lookup(prefix: parsed.prefix, digest: presented) {
            return cached
        }
        let generation = cache?.generation ?? 0
        let authenticated = try await database.read { connection -> AuthenticatedKey? in
            let stored = try connection.fetchOne(
                "SELECT id, tenant_id, secret_hash, revoked_at FROM api_keys WHERE prefix = ?", [parsed.prefix]
            ) { row in
                (
                    keyID: try row.value(at: 0, as: String.self), tenantID: try row.value(at: 1, as: String.self),
                    hash: try row.value(at: 2, as: Data.self), revokedAt: try row.value(at: 3, as: Timestamp?.self)
                )
            }
            guard let stored else { return nil }
            let matches = SecretDigest.constantTimeEquals(Array(stored.hash), presented)
            guard matches, stored.revokedAt == nil else { return nil }
            return AuthenticatedKey(tenantID: stored.tenantID, keyID: stored.keyID)
        }
        if let authenticated {
            cache?.store(prefix: parsed.prefix, digest: presented, key: authenticated, readAtGeneration: generation)
        }
        return authenticated
    }

    // MARK: Shared with TenantRepository

    /// Inserts a new key and its audit event on the writer's connection.
    static func issue(tenantID: String, actor: AuditActor, at now: Timestamp, on connection: any SQLConnection) throws
        -> IssuedApiKey
    {
        let token = ApiKeyToken.generate()
        let key = ApiKey(
            id: RandomIdentifier.make(prefix: "key"), tenantID: tenantID, prefix: token.prefix, createdAt: now,
            rotatedAt: nil, revokedAt: nil)
        try connection.execute(
            "INSERT INTO api_keys (id, tenant_id, prefix, secret_hash, created_at) VALUES (?, ?, ?, ?, ?)",
            [key.id, tenantID, token.prefix, Data(token.digest), now])
        try AuditLog.record(
            .keyCreate, objectID: key.id, tenantID: tenantID, actor: actor, detail: "prefix \(token.prefix)", at: now,
            on: connection)
        return IssuedApiKey(key: key, secret: token.text)
    }

    static func requireTenant(_ tenantID: String, on connection: any SQLConnection) throws {
        let exists = try connection.fetchValue("SELECT count(*) FROM tenants WHERE id = ?", [tenantID], as: Int.self)
        guard exists == 1 else { throw PersistenceError.notFound(.tenant, id: tenantID) }
    }

    private static func key(_ keyID: String, of tenantID: String, on connection: any SQLConnection) throws -> ApiKey {
        try requireTenant(tenantID, on: connection)
        guard
            let key = try connection.fetchOne(
                ApiKey.self, "SELECT \(ApiKey.columns) FROM api_keys WHERE id = ? AND tenant_id = ?", [keyID, tenantID])
        else {
            throw PersistenceError.notFound(.apiKey, id: keyID)
        }
        return key
    }
}
