import NavLayoutService
import Storage
import Testing

@Suite("Audit log")
struct AuditRepositoryTests {
    @Test("events page newest first, each exactly once, while new events are written", arguments: [1, 3, 50])
    func paging(limit: Int) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.file, in: folder)
        let created = try await store.tenants.create(name: "acme")
        let tenant = created.tenant.id
        for number in 0..<10 {
            _ = try await store.profiles.put(
                tenantID: tenant, name: "p\(number)", document: "{}", description: nil, actor: .admin)
        }
        let existing = try await store.audit.list(tenantID: tenant, limit: PageSize.maximum).items
        #expect(existing.count == 12)
        #expect(existing.map(\.id) == existing.map(\.id).sorted(by: >))
        var seen: [AuditEvent] = []
        var cursor: String?
        repeat {
            let page = try await store.audit.list(tenantID: tenant, limit: limit, cursor: cursor)
            seen += page.items
            cursor = page.nextCursor
            _ = try await store.profiles.put(
                tenantID: tenant, name: "late", document: "{}", description: nil, actor: .admin)
        } while cursor != nil
        #expect(seen == existing)
    }

    @Test("an event records who did what to which object, and when", arguments: StoreKind.allCases)
    func eventContent(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let clock = TestClock()
        let store = try await Store.open(kind, in: folder, clock: clock)
        let created = try await store.tenants.create(name: "acme")
        let key = try await store.keys.create(tenantID: created.tenant.id, actor: .apiKey(id: created.firstKey.key.id))
        let event = try #require(try await store.audit.list(tenantID: created.tenant.id, limit: 1).items.first)
        #expect(event.action == .keyCreate)
        #expect(event.objectKind == .key)
        #expect(event.objectID == key.key.id)
        #expect(event.actor == .apiKey(id: created.firstKey.key.id))
        #expect(event.detail == "prefix \(key.key.prefix)")
        #expect(event.createdAt == key.key.createdAt)
    }

    @Test(
        "a layouts cursor or garbage is not an audit cursor",
        arguments: ["bGF5b3V0czF8MTIzfHh4eA", "YXVkaXQxfC01", "%%"])
    func invalidCursor(cursor: String) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.memory, in: folder)
        let tenant = try await store.tenants.create(name: "acme").tenant.id
        let error = await persistenceError { try await store.audit.list(tenantID: tenant, cursor: cursor) }
        guard case .invalidCursor(cursor, _) = error else {
            Issue.record("expected invalidCursor, got \(String(describing: error))")
            return
        }
    }
}
