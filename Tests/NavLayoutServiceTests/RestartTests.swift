import NavLayoutService
import Storage
import Testing

@Suite("Restart: a reopened database keeps everything")
struct RestartTests {
    @Test("tenants, keys, the admin token, profiles, layouts and audit survive closing and reopening")
    func reopen() async throws {
        let folder = try TemporaryFolder()
        let created: CreatedTenant
        let rotated: IssuedApiKey
        let revoked: IssuedApiKey
        let adminToken: String
        let versions: [ProfileVersion]
        let layouts: [LayoutSummary]
        let audit: [AuditEvent]
        do {
            let store = try await Store.open(.file, in: folder)
            adminToken = try #require(try await store.adminToken.ensure(environmentToken: nil).newlyGeneratedToken)
            created = try await store.tenants.create(name: "acme")
            let tenant = created.tenant.id
            rotated = try await store.keys.rotate(tenantID: tenant, keyID: created.firstKey.key.id)
            revoked = try await store.keys.create(tenantID: tenant)
            try await store.keys.revoke(tenantID: tenant, keyID: revoked.key.id)
            let actor = AuditActor.apiKey(id: rotated.key.id)
            let v1 = try await store.profiles.put(
                tenantID: tenant, name: "gone", document: "{}", description: nil, actor: actor)
            try await store.profiles.delete(tenantID: tenant, name: "gone", actor: actor)
            let v2 = try await store.profiles.put(
                tenantID: tenant, name: "driver", document: #"{"settings":{"compassButton":true}}"#, description: "d",
                actor: actor)
            versions = [v1.version, v2.version]
            for marker in 0..<12 {
                try await store.layouts.record(
                    sampleLayout(tenantID: tenant, profile: "driver", version: 1, marker: marker))
            }
            layouts = try await store.layouts.list(tenantID: tenant).items
            audit = try await store.audit.list(tenantID: tenant).items
        }

        let reopened = try await Store.open(.file, in: folder)
        let tenant = created.tenant.id
        let (integrity, foreignKeyViolations) = try await reopened.database.read { connection in
            (
                try connection.fetchValue("PRAGMA integrity_check", as: String.self),
                try connection.fetchAll("PRAGMA foreign_key_check") { try $0.value(at: 0, as: String.self) }
            )
        }
        #expect(integrity == "ok")
        #expect(foreignKeyViolations.isEmpty)
        #expect(try await reopened.tenants.list() == [created.tenant])
        #expect(try await reopened.adminToken.ensure(environmentToken: nil) == .existing)
        #expect(try await reopened.adminToken.verify(adminToken))
        #expect(try await reopened.keys.authenticate(bearer: rotated.secret)?.tenantID == tenant)
        #expect(try await reopened.keys.authenticate(bearer: created.firstKey.secret) == nil)
        #expect(try await reopened.keys.authenticate(bearer: revoked.secret) == nil)
        #expect(try await reopened.profiles.version(1, tenantID: tenant, name: "gone") == versions[0])
        #expect(try await reopened.profiles.current(tenantID: tenant, name: "driver") == versions[1])
        #expect(try await reopened.profiles.list(tenantID: tenant).map(\.name) == ["driver"])
        #expect(try await reopened.layouts.list(tenantID: tenant).items == layouts)
        #expect(try await reopened.audit.list(tenantID: tenant).items == audit)
        // Versions continue where they stopped.
        let next = try await reopened.profiles.put(
            tenantID: tenant, name: "gone", document: "{}", description: nil, actor: .admin)
        #expect(next.version.version == 2)
    }
}
