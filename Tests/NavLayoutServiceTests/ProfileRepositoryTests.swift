import NavLayoutService
import Storage
import Testing

@Suite("Profiles: versions, ETags, soft delete")
struct ProfileRepositoryTests {
    private let document1 = #"{"screen":{"width":393,"height":852}}"#
    private let document2 = #"{"screen":{"width":430,"height":932}}"#

    private func tenantAndKey(_ store: Store, name: String = "acme") async throws -> (tenant: String, actor: AuditActor)
    {
        let created = try await store.tenants.create(name: name)
        return (created.tenant.id, .apiKey(id: created.firstKey.key.id))
    }

    @Test("each put writes the next version; the first creates the profile", arguments: StoreKind.allCases)
    func versionsIncrease(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let (tenant, actor) = try await tenantAndKey(store)
        let first = try await store.profiles.put(
            tenantID: tenant, name: "driver", document: document1, description: "first", actor: actor)
        #expect(first.created)
        #expect(first.version.version == 1)
        #expect(first.version.createdBy == actor)
        let second = try await store.profiles.put(
            tenantID: tenant, name: "driver", document: document2, description: nil, actor: actor)
        #expect(!second.created)
        #expect(second.version.version == 2)
        #expect(second.version.etag != first.version.etag)
        #expect(try await store.profiles.current(tenantID: tenant, name: "driver") == second.version)
        #expect(try await store.profiles.version(1, tenantID: tenant, name: "driver") == first.version)
        #expect(try await store.profiles.versions(tenantID: tenant, name: "driver").map(\.version) == [2, 1])
        let listed = try await store.profiles.list(tenantID: tenant)
        #expect(listed.map(\.name) == ["driver"])
        #expect(listed.first?.currentVersion == 2)
        #expect(listed.first?.currentETag == second.version.etag)
    }

    @Test("the same content written twice gets two different ETags", arguments: StoreKind.allCases)
    func etagsDifferPerVersion(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let (tenant, actor) = try await tenantAndKey(store)
        let a = try await store.profiles.put(
            tenantID: tenant, name: "p", document: "{}", description: nil, actor: actor)
        let b = try await store.profiles.put(
            tenantID: tenant, name: "p", document: "{}", description: nil, actor: actor)
        #expect(a.version.etag != b.version.etag)
        #expect(b.version.httpETag == "\"\(b.version.etag)\"")
    }

    @Test(
        "a put with the current ETag succeeds; with a stale one it fails and writes nothing",
        arguments: StoreKind.allCases)
    func ifMatch(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let (tenant, actor) = try await tenantAndKey(store)
        let v1 = try await store.profiles.put(
            tenantID: tenant, name: "driver", document: document1, description: nil, actor: actor)
        let v2 = try await store.profiles.put(
            tenantID: tenant, name: "driver", document: document2, description: nil, ifMatch: v1.version.etag,
            actor: actor)
        #expect(v2.version.version == 2)
        let auditBefore = try await store.audit.list(tenantID: tenant).items.count
        let stale = await persistenceError {
            try await store.profiles.put(
                tenantID: tenant, name: "driver", document: document1, description: nil, ifMatch: v1.version.etag,
                actor: actor)
        }
        #expect(
            stale
                == .preconditionFailed(
                    .profile, id: "driver", expectedETag: v1.version.etag, currentETag: v2.version.etag))
        #expect(try await store.profiles.current(tenantID: tenant, name: "driver").version == 2)
        #expect(try await store.audit.list(tenantID: tenant).items.count == auditBefore)
    }

    @Test(
        "a conditional put on a profile that does not exist fails: there is nothing to match",
        arguments: StoreKind.allCases)
    func ifMatchOnAbsentProfile(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let (tenant, actor) = try await tenantAndKey(store)
        let error = await persistenceError {
            try await store.profiles.put(
                tenantID: tenant, name: "ghost", document: "{}", description: nil, ifMatch: "1-abc", actor: actor)
        }
        #expect(error == .preconditionFailed(.profile, id: "ghost", expectedETag: "1-abc", currentETag: nil))
        #expect(try await store.profiles.list(tenantID: tenant, includeDeleted: true).isEmpty)
    }

    @Test(
        "a deleted profile is gone for reads of the latest, but its versions stay readable",
        arguments: StoreKind.allCases)
    func softDelete(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let (tenant, actor) = try await tenantAndKey(store)
        let v1 = try await store.profiles.put(
            tenantID: tenant, name: "driver", document: document1, description: nil, actor: actor)
        let v2 = try await store.profiles.put(
            tenantID: tenant, name: "driver", document: document2, description: nil, actor: actor)
        let deleted = try await store.profiles.delete(tenantID: tenant, name: "driver", actor: actor)
        #expect(deleted.isDeleted)
        #expect(deleted.currentVersion == 2)

        #expect(
            await persistenceError { try await store.profiles.current(tenantID: tenant, name: "driver") }
                == .notFound(.profile, id: "driver"))
        #expect(try await store.profiles.list(tenantID: tenant).isEmpty)
        #expect(try await store.profiles.list(tenantID: tenant, includeDeleted: true).map(\.name) == ["driver"])
        #expect(try await store.profiles.version(1, tenantID: tenant, name: "driver") == v1.version)
        #expect(try await store.profiles.version(2, tenantID: tenant, name: "driver") == v2.version)
        #expect(try await store.profiles.versions(tenantID: tenant, name: "driver").count == 2)
        #expect(
            await persistenceError { try await store.profiles.delete(tenantID: tenant, name: "driver", actor: actor) }
                == .notFound(.profile, id: "driver"))
        // A conditional put: the deleted profile has no current version to match, not even its last.
        #expect(
            await persistenceError {
                try await store.profiles.put(
                    tenantID: tenant, name: "driver", document: "{}", description: nil, ifMatch: v2.version.etag,
                    actor: actor)
            } == .preconditionFailed(.profile, id: "driver", expectedETag: v2.version.etag, currentETag: nil))
    }

    @Test("recreating a deleted profile continues its version numbers", arguments: StoreKind.allCases)
    func recreateAfterDelete(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let (tenant, actor) = try await tenantAndKey(store)
        _ = try await store.profiles.put(
            tenantID: tenant, name: "driver", document: document1, description: nil, actor: actor)
        _ = try await store.profiles.put(
            tenantID: tenant, name: "driver", document: document2, description: nil, actor: actor)
        try await store.profiles.delete(tenantID: tenant, name: "driver", actor: actor)
        let again = try await store.profiles.put(
            tenantID: tenant, name: "driver", document: "{}", description: "back", actor: actor)
        #expect(again.created)
        #expect(again.version.version == 3)
        #expect(try await store.profiles.current(tenantID: tenant, name: "driver") == again.version)
        #expect(try await store.profiles.list(tenantID: tenant).first?.isDeleted == false)
        #expect(try await store.profiles.versions(tenantID: tenant, name: "driver").map(\.version) == [3, 2, 1])
    }

    @Test("a delete with a stale ETag fails and deletes nothing", arguments: StoreKind.allCases)
    func conditionalDelete(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let (tenant, actor) = try await tenantAndKey(store)
        let v1 = try await store.profiles.put(
            tenantID: tenant, name: "p", document: "{}", description: nil, actor: actor)
        let v2 = try await store.profiles.put(
            tenantID: tenant, name: "p", document: "{}", description: nil, actor: actor)
        #expect(
            await persistenceError {
                try await store.profiles.delete(tenantID: tenant, name: "p", ifMatch: v1.version.etag, actor: actor)
            } == .preconditionFailed(.profile, id: "p", expectedETag: v1.version.etag, currentETag: v2.version.etag))
        #expect(try await store.profiles.current(tenantID: tenant, name: "p").version == 2)
        try await store.profiles.delete(tenantID: tenant, name: "p", ifMatch: v2.version.etag, actor: actor)
        #expect(try await store.profiles.list(tenantID: tenant).isEmpty)
    }

    @Test("missing versions and profiles are not found", arguments: StoreKind.allCases)
    func notFound(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let (tenant, actor) = try await tenantAndKey(store)
        _ = try await store.profiles.put(tenantID: tenant, name: "p", document: "{}", description: nil, actor: actor)
        #expect(
            await persistenceError { try await store.profiles.version(2, tenantID: tenant, name: "p") }
                == .notFound(.profileVersion, id: "p/2"))
        #expect(
            await persistenceError { try await store.profiles.versions(tenantID: tenant, name: "q") }
                == .notFound(.profile, id: "q"))
        #expect(
            await persistenceError { try await store.profiles.current(tenantID: tenant, name: "q") }
                == .notFound(.profile, id: "q"))
        #expect(
            await persistenceError {
                try await store.profiles.put(
                    tenantID: "ten_nobody", name: "p", document: "{}", description: nil, actor: .admin)
            } == .notFound(.tenant, id: "ten_nobody"))
    }

    @Test(
        "documents that are not a JSON object are refused before anything is written",
        arguments: ["", "not json", "[1,2]", "42", #"{"open": "#])
    func invalidDocument(document: String) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.memory, in: folder)
        let (tenant, actor) = try await tenantAndKey(store)
        let error = await persistenceError {
            try await store.profiles.put(
                tenantID: tenant, name: "p", document: document, description: nil, actor: actor)
        }
        #expect(error == .invalidValue(field: "document", reason: "a profile document is a JSON object"))
        #expect(try await store.profiles.list(tenantID: tenant, includeDeleted: true).isEmpty)
    }

    @Test("invalid names are refused", arguments: ["", "a/b", "tab\there", String(repeating: "n", count: 129)])
    func invalidName(name: String) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.memory, in: folder)
        let (tenant, actor) = try await tenantAndKey(store)
        let error = await persistenceError {
            try await store.profiles.put(tenantID: tenant, name: name, document: "{}", description: nil, actor: actor)
        }
        guard case .invalidValue("name", _) = error else {
            Issue.record("expected invalidValue for name, got \(String(describing: error))")
            return
        }
    }

    @Test("profile writes and deletes are audited with who did them", arguments: StoreKind.allCases)
    func audited(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let (tenant, actor) = try await tenantAndKey(store)
        _ = try await store.profiles.put(tenantID: tenant, name: "p", document: "{}", description: nil, actor: actor)
        _ = try await store.profiles.put(tenantID: tenant, name: "p", document: "{}", description: nil, actor: .admin)
        try await store.profiles.delete(tenantID: tenant, name: "p", actor: actor)
        let events = try await store.audit.list(tenantID: tenant).items.filter { $0.objectKind == .profile }
        #expect(events.map(\.action) == [.profileDelete, .profilePut, .profilePut])
        #expect(events.map(\.actor) == [actor, .admin, actor])
        #expect(events.map(\.objectID) == ["p", "p", "p"])
        #expect(events.map(\.detail) == ["after version 2", "version 2", "version 1"])
    }

    @Test("an audit event that cannot be written undoes the change it records")
    func auditAndChangeShareATransaction() async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.file, in: folder)
        let (tenant, actor) = try await tenantAndKey(store)
        _ = try await store.profiles.put(tenantID: tenant, name: "p", document: "{}", description: nil, actor: actor)
        // A temporary trigger on the writer connection makes every further audit insert fail.
        try await store.database.write { connection in
            try connection.execute(
                """
                CREATE TEMP TRIGGER refuse_audit BEFORE INSERT ON main.audit_events
                BEGIN SELECT RAISE(ABORT, 'audit refused'); END
                """)
        }
        await #expect(throws: DatabaseError.self) {
            try await store.profiles.put(tenantID: tenant, name: "p", document: "{}", description: nil, actor: actor)
        }
        await #expect(throws: DatabaseError.self) {
            try await store.profiles.delete(tenantID: tenant, name: "p", actor: actor)
        }
        await #expect(throws: DatabaseError.self) {
            try await store.keys.create(tenantID: tenant)
        }
        await #expect(throws: DatabaseError.self) {
            try await store.tenants.create(name: "second")
        }
        #expect(try await store.profiles.current(tenantID: tenant, name: "p").version == 1)
        #expect(try await store.keys.list(tenantID: tenant).count == 1)
        #expect(try await store.tenants.list().map(\.name) == ["acme"])
    }

    @Test("of concurrent writes conditioned on the same ETag, exactly one wins", arguments: StoreKind.allCases)
    func concurrentConditionalWrites(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let (tenant, actor) = try await tenantAndKey(store)
        let base = try await store.profiles.put(
            tenantID: tenant, name: "p", document: "{}", description: nil, actor: actor)
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for number in 0..<16 {
                group.addTask {
                    do {
                        _ = try await store.profiles.put(
                            tenantID: tenant, name: "p", document: #"{"n":\#(number)}"#, description: nil,
                            ifMatch: base.version.etag, actor: actor)
                        return true
                    } catch PersistenceError.preconditionFailed {
                        return false
                    }
                }
            }
            var outcomes: [Bool] = []
            for try await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        #expect(outcomes.filter { $0 }.count == 1)
        #expect(try await store.profiles.current(tenantID: tenant, name: "p").version == 2)
    }
}
