import NavLayoutService
import Storage
import Testing

/// Tenant B against every object of tenant A: nothing of A is visible to B or changeable by B, and
/// the answer is "not found" (never a hint that the object exists elsewhere).
@Suite("Tenant isolation")
struct TenantIsolationTests {
    /// Tenant A with a profile (two versions), a second key, a layout and audit events; tenant B
    /// with nothing of its own.
    private struct World {
        let store: Store
        let a: CreatedTenant
        let b: CreatedTenant
        let profile: ProfileVersion
        let secondKeyOfA: IssuedApiKey
        let layoutOfA: LayoutID
    }

    private func makeWorld(_ kind: StoreKind, in folder: TemporaryFolder) async throws -> World {
        let store = try await Store.open(kind, in: folder)
        let a = try await store.tenants.create(name: "a")
        let b = try await store.tenants.create(name: "b")
        let actor = AuditActor.apiKey(id: a.firstKey.key.id)
        _ = try await store.profiles.put(
            tenantID: a.tenant.id, name: "driver", document: "{}", description: nil, actor: actor)
        let profile = try await store.profiles.put(
            tenantID: a.tenant.id, name: "driver", document: #"{"style":{}}"#, description: "v2", actor: actor
        ).version
        let secondKey = try await store.keys.create(tenantID: a.tenant.id)
        let layout = try await store.layouts.record(sampleLayout(tenantID: a.tenant.id, profile: "driver", version: 2))
        return World(store: store, a: a, b: b, profile: profile, secondKeyOfA: secondKey, layoutOfA: layout.id)
    }

    @Test("B cannot read A's profiles", arguments: StoreKind.allCases)
    func profilesAreInvisible(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let world = try await makeWorld(kind, in: folder)
        let profiles = world.store.profiles
        let b = world.b.tenant.id
        #expect(
            await persistenceError { try await profiles.current(tenantID: b, name: "driver") }
                == .notFound(.profile, id: "driver"))
        #expect(
            await persistenceError { try await profiles.version(1, tenantID: b, name: "driver") }
                == .notFound(.profileVersion, id: "driver/1"))
        #expect(
            await persistenceError { try await profiles.versions(tenantID: b, name: "driver") }
                == .notFound(.profile, id: "driver"))
        #expect(try await profiles.list(tenantID: b, includeDeleted: true).isEmpty)
    }

    @Test("B cannot change A's profiles; B's profile of the same name is its own", arguments: StoreKind.allCases)
    func profilesAreUntouchable(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let world = try await makeWorld(kind, in: folder)
        let profiles = world.store.profiles
        let a = world.a.tenant.id
        let b = world.b.tenant.id
        let bActor = AuditActor.apiKey(id: world.b.firstKey.key.id)
        // A's current ETag means nothing for B: B has no such profile, so nothing matches.
        #expect(
            await persistenceError {
                try await profiles.put(
                    tenantID: b, name: "driver", document: "{}", description: nil, ifMatch: world.profile.etag,
                    actor: bActor)
            } == .preconditionFailed(.profile, id: "driver", expectedETag: world.profile.etag, currentETag: nil))
        #expect(
            await persistenceError { try await profiles.delete(tenantID: b, name: "driver", actor: bActor) }
                == .notFound(.profile, id: "driver"))
        let own = try await profiles.put(tenantID: b, name: "driver", document: "{}", description: "B's", actor: bActor)
        #expect(own.version.version == 1)
        #expect(own.created)
        #expect(try await profiles.current(tenantID: a, name: "driver") == world.profile)
        #expect(try await profiles.current(tenantID: b, name: "driver").description == "B's")
    }

    @Test("B cannot see, rotate or revoke A's keys", arguments: StoreKind.allCases)
    func keys(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let world = try await makeWorld(kind, in: folder)
        let keys = world.store.keys
        let b = world.b.tenant.id
        let keyOfA = world.secondKeyOfA.key.id
        #expect(
            await persistenceError { try await keys.get(tenantID: b, keyID: keyOfA) } == .notFound(.apiKey, id: keyOfA))
        #expect(
            await persistenceError { try await keys.rotate(tenantID: b, keyID: keyOfA) }
                == .notFound(.apiKey, id: keyOfA))
        #expect(
            await persistenceError { try await keys.revoke(tenantID: b, keyID: keyOfA) }
                == .notFound(.apiKey, id: keyOfA))
        #expect(try await keys.list(tenantID: b).map(\.id) == [world.b.firstKey.key.id])
        // A's key still works and still belongs to A.
        #expect(try await keys.authenticate(bearer: world.secondKeyOfA.secret)?.tenantID == world.a.tenant.id)
        #expect(try await keys.authenticate(bearer: world.b.firstKey.secret)?.tenantID == b)
    }

    @Test("B cannot see A's layouts, even with A's ids or cursors", arguments: StoreKind.allCases)
    func layouts(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let world = try await makeWorld(kind, in: folder)
        let layouts = world.store.layouts
        let a = world.a.tenant.id
        let b = world.b.tenant.id
        #expect(
            await persistenceError { try await layouts.get(tenantID: b, id: world.layoutOfA) }
                == .notFound(.layout, id: world.layoutOfA.text))
        #expect(try await layouts.list(tenantID: b).items.isEmpty)
        #expect(try await layouts.list(tenantID: b, filter: LayoutHistoryFilter(profileName: "driver")).items.isEmpty)
        for _ in 0..<3 {
            try await layouts.record(sampleLayout(tenantID: a))
        }
        let cursorOfA = try #require(try await layouts.list(tenantID: a, limit: 1).nextCursor)
        #expect(try await layouts.list(tenantID: b, cursor: cursorOfA).items.isEmpty)
        #expect(try await layouts.get(tenantID: a, id: world.layoutOfA).id == world.layoutOfA)
    }

    @Test("B's audit log holds only B's events", arguments: StoreKind.allCases)
    func audit(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let world = try await makeWorld(kind, in: folder)
        let eventsOfB = try await world.store.audit.list(tenantID: world.b.tenant.id).items
        #expect(eventsOfB.allSatisfy { $0.tenantID == world.b.tenant.id })
        #expect(eventsOfB.map(\.action) == [.keyCreate, .tenantCreate])
        let eventsOfA = try await world.store.audit.list(tenantID: world.a.tenant.id).items
        #expect(eventsOfA.map(\.action) == [.keyCreate, .profilePut, .profilePut, .keyCreate, .tenantCreate])
    }
}
