import NavLayoutService
import Storage
import Testing

@Suite("Authentication cache")
struct AuthenticationCacheTests {
    private func revokeBehindTheRepository(_ store: Store, keyID: String) async throws {
        try await store.database.write { connection in
            try connection.execute("UPDATE api_keys SET revoked_at = created_at + 1 WHERE id = ?", [keyID])
        }
    }

    @Test("a cached key answers without the database until its entry expires")
    func cachedUntilExpiry() async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.file, in: folder)
        let issued = try await store.tenants.create(name: "acme").firstKey
        let cache = AuthenticationCache(timeToLive: .seconds(3600))
        let keys = ApiKeyRepository(database: store.sql, cache: cache)
        let expected = AuthenticatedKey(tenantID: issued.key.tenantID, keyID: issued.key.id)
        #expect(try await keys.authenticate(bearer: issued.secret) == expected)
        #expect(cache.count == 1)
        // Changed behind the repository's back (as another process would): the entry still answers.
        try await revokeBehindTheRepository(store, keyID: issued.key.id)
        #expect(try await keys.authenticate(bearer: issued.secret) == expected)
        // Without a cache, or with entries that expire at once, the database decides.
        #expect(try await store.keys.authenticate(bearer: issued.secret) == nil)
        let expiring = ApiKeyRepository(database: store.sql, cache: AuthenticationCache(timeToLive: .zero))
        #expect(try await expiring.authenticate(bearer: issued.secret) == nil)
    }

    @Test("revoking or rotating through a repository sharing the cache takes effect at once")
    func invalidation() async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.memory, in: folder)
        let created = try await store.tenants.create(name: "acme")
        let tenant = created.tenant.id
        let cache = AuthenticationCache(timeToLive: .seconds(3600))
        let keys = ApiKeyRepository(database: store.sql, cache: cache)
        let second = try await keys.create(tenantID: tenant)
        #expect(try await keys.authenticate(bearer: created.firstKey.secret) != nil)
        #expect(try await keys.authenticate(bearer: second.secret) != nil)
        let rotated = try await keys.rotate(tenantID: tenant, keyID: created.firstKey.key.id)
        #expect(try await keys.authenticate(bearer: created.firstKey.secret) == nil)
        #expect(try await keys.authenticate(bearer: rotated.secret)?.keyID == created.firstKey.key.id)
        try await keys.revoke(tenantID: tenant, keyID: second.key.id)
        #expect(try await keys.authenticate(bearer: second.secret) == nil)
    }

    @Test("a cached prefix with a wrong secret does not authenticate")
    func wrongSecretWithCachedPrefix() async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.memory, in: folder)
        let issued = try await store.tenants.create(name: "acme").firstKey
        let keys = ApiKeyRepository(database: store.sql, cache: AuthenticationCache())
        #expect(try await keys.authenticate(bearer: issued.secret) != nil)
        var characters = Array(issued.secret)
        characters[characters.count - 1] = characters[characters.count - 1] == "a" ? "b" : "a"
        #expect(try await keys.authenticate(bearer: String(characters)) == nil)
        #expect(try await keys.authenticate(bearer: issued.secret) != nil)
    }
}
