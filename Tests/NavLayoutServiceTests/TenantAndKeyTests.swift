import NavLayoutService
import Storage
import Testing

@Suite("Tenants and API keys")
struct TenantAndKeyTests {
    @Test("a new tenant comes with a first key that authenticates as it", arguments: StoreKind.allCases)
    func createTenant(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let created = try await store.tenants.create(name: "Acme Logistics")
        #expect(created.tenant.name == "Acme Logistics")
        #expect(created.tenant.id.hasPrefix("ten_"))
        #expect(created.firstKey.key.tenantID == created.tenant.id)
        #expect(created.firstKey.secret.hasPrefix("nlk_\(created.firstKey.key.prefix)_"))
        let authenticated = try await store.keys.authenticate(bearer: created.firstKey.secret)
        #expect(authenticated == AuthenticatedKey(tenantID: created.tenant.id, keyID: created.firstKey.key.id))
        #expect(try await store.tenants.get(id: created.tenant.id) == created.tenant)
    }

    @Test("the secret itself is never stored, only its 32-byte hash")
    func secretNotStored() async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.file, in: folder)
        let created = try await store.tenants.create(name: "acme")
        let secretPart = String(created.firstKey.secret.split(separator: "_")[2])
        let stored = try await store.database.read { connection in
            try connection.fetchAll("SELECT prefix, hex(secret_hash), length(secret_hash) FROM api_keys") {
                [
                    try $0.value(at: 0, as: String.self), try $0.value(at: 1, as: String.self),
                    String(try $0.value(at: 2, as: Int.self)),
                ]
            }
        }
        #expect(stored.count == 1)
        #expect(stored.first?[2] == "32")
        #expect(stored.flatMap { $0 }.joined().lowercased().contains(secretPart) == false)
    }

    @Test(
        "tenants list oldest first; a taken name is a conflict; a blank name is refused", arguments: StoreKind.allCases)
    func listAndConflicts(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let first = try await store.tenants.create(name: "first").tenant
        let second = try await store.tenants.create(name: "second").tenant
        #expect(try await store.tenants.list() == [first, second])
        let conflict = await persistenceError { try await store.tenants.create(name: "first") }
        #expect(conflict == .conflict(.tenant, id: "first", reason: "a tenant of this name exists"))
        for name in ["", "   ", String(repeating: "x", count: TenantRepository.maximumNameLength + 1)] {
            let error = await persistenceError { try await store.tenants.create(name: name) }
            guard case .invalidValue(let field, _) = error else {
                Issue.record("expected invalidValue for '\(name)', got \(String(describing: error))")
                continue
            }
            #expect(field == "name")
        }
        #expect(try await store.tenants.list().count == 2)
        #expect(
            await persistenceError { try await store.tenants.get(id: "ten_missing") }
                == .notFound(.tenant, id: "ten_missing"))
    }

    @Test("a revoked key no longer authenticates; revoking again changes nothing", arguments: StoreKind.allCases)
    func revoke(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let tenant = try await store.tenants.create(name: "acme")
        let second = try await store.keys.create(tenantID: tenant.tenant.id)
        let revoked = try await store.keys.revoke(tenantID: tenant.tenant.id, keyID: second.key.id)
        #expect(revoked.isRevoked)
        #expect(try await store.keys.authenticate(bearer: second.secret) == nil)
        // The other key is untouched.
        #expect(try await store.keys.authenticate(bearer: tenant.firstKey.secret)?.keyID == tenant.firstKey.key.id)
        let again = try await store.keys.revoke(tenantID: tenant.tenant.id, keyID: second.key.id)
        #expect(again.revokedAt == revoked.revokedAt)
        let revocations = try await store.audit.list(tenantID: tenant.tenant.id).items.filter {
            $0.action == .keyRevoke
        }
        #expect(revocations.count == 1)
        let rotate = await persistenceError {
            try await store.keys.rotate(tenantID: tenant.tenant.id, keyID: second.key.id)
        }
        guard case .conflict(.apiKey, second.key.id, _) = rotate else {
            Issue.record("rotating a revoked key: \(String(describing: rotate))")
            return
        }
    }

    @Test("a rotated key authenticates with the new secret only", arguments: StoreKind.allCases)
    func rotate(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let tenant = try await store.tenants.create(name: "acme")
        let old = tenant.firstKey
        let new = try await store.keys.rotate(tenantID: tenant.tenant.id, keyID: old.key.id)
        #expect(new.key.id == old.key.id)
        #expect(new.secret != old.secret)
        #expect(new.key.prefix != old.key.prefix)
        #expect(new.key.rotatedAt != nil)
        #expect(try await store.keys.authenticate(bearer: old.secret) == nil)
        #expect(try await store.keys.authenticate(bearer: new.secret)?.keyID == old.key.id)
        #expect(try await store.keys.get(tenantID: tenant.tenant.id, keyID: old.key.id) == new.key)
        let actions = try await store.audit.list(tenantID: tenant.tenant.id).items.map(\.action)
        #expect(actions == [.keyRotate, .keyCreate, .tenantCreate])
    }

    @Test(
        "malformed, unknown and tampered tokens do not authenticate",
        arguments: ["", "Bearer", "nlk_", "nlk__", "abc_def_ghi", "nlk_short_secret", "NLK_x_y"])
    func malformedTokens(token: String) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.memory, in: folder)
        _ = try await store.tenants.create(name: "acme")
        #expect(try await store.keys.authenticate(bearer: token) == nil)
    }

    @Test("a token with a known prefix and a wrong secret does not authenticate", arguments: StoreKind.allCases)
    func wrongSecretRightPrefix(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let key = try await store.tenants.create(name: "acme").firstKey
        var characters = Array(key.secret)
        // Change the last character of the secret to another character of the alphabet.
        characters[characters.count - 1] = characters[characters.count - 1] == "a" ? "b" : "a"
        let tampered = String(characters)
        #expect(tampered != key.secret)
        #expect(try await store.keys.authenticate(bearer: tampered) == nil)
        #expect(try await store.keys.authenticate(bearer: key.secret) != nil)
    }

    @Test("keys list per tenant; creating a key for an unknown tenant is not found", arguments: StoreKind.allCases)
    func listKeys(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let tenant = try await store.tenants.create(name: "acme")
        let second = try await store.keys.create(tenantID: tenant.tenant.id)
        #expect(try await store.keys.list(tenantID: tenant.tenant.id) == [tenant.firstKey.key, second.key])
        #expect(
            await persistenceError { try await store.keys.create(tenantID: "ten_nobody") }
                == .notFound(.tenant, id: "ten_nobody"))
        #expect(
            await persistenceError { try await store.keys.list(tenantID: "ten_nobody") }
                == .notFound(.tenant, id: "ten_nobody"))
    }
}

@Suite("Admin token")
struct AdminTokenTests {
    @Test("a new database generates a token once; later starts keep it")
    func generatedOnce() async throws {
        let folder = try TemporaryFolder()
        let generated: String
        do {
            let store = try await Store.open(.file, in: folder)
            let setup = try await store.adminToken.ensure(environmentToken: nil)
            generated = try #require(setup.newlyGeneratedToken)
            #expect(try await store.adminToken.verify(generated))
            #expect(try await store.adminToken.ensure(environmentToken: nil) == .existing)
        }
        let reopened = try await Store.open(.file, in: folder)
        #expect(try await reopened.adminToken.ensure(environmentToken: nil) == .existing)
        #expect(try await reopened.adminToken.verify(generated))
        #expect(try await reopened.adminToken.verify(generated + "x") == false)
        #expect(try await reopened.adminToken.verify("") == false)
    }

    @Test("a token from the environment replaces the stored one", arguments: StoreKind.allCases)
    func environmentWins(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let generated = try #require(try await store.adminToken.ensure(environmentToken: nil).newlyGeneratedToken)
        let chosen = "operator-chosen-token-1234"
        #expect(try await store.adminToken.ensure(environmentToken: chosen) == .fromEnvironment)
        #expect(try await store.adminToken.verify(chosen))
        #expect(try await store.adminToken.verify(generated) == false)
        // Without the variable on a later start, the operator's token stays in force.
        #expect(try await store.adminToken.ensure(environmentToken: nil) == .existing)
        #expect(try await store.adminToken.verify(chosen))
    }

    @Test("nothing verifies before a token is set up", arguments: StoreKind.allCases)
    func noTokenYet(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        #expect(try await store.adminToken.verify("anything-at-all-here") == false)
    }

    @Test("a short or blank-containing environment token is refused", arguments: ["short", "has a space in it!!"])
    func weakEnvironmentToken(token: String) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.memory, in: folder)
        let error = await persistenceError { try await store.adminToken.ensure(environmentToken: token) }
        guard case .invalidValue(let field, _) = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(field == AdminTokenRepository.environmentVariable)
        #expect(try await store.adminToken.verify(token) == false)
    }
}
