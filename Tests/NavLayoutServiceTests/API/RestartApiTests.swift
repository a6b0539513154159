import Foundation
import NavLayoutService
import Testing

@Suite("Restart", .sqliteOnly)
struct RestartApiTests {
    @Test("a new application on the same file keeps tenants, keys, profiles, history and audit")
    func restartKeepsEverything() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("restart.sqlite")
        let first = try await LiveService(databasePath: path)
        let acme = try await first.createTenant("acme")
        let written = try await first.client.send(
            "PUT", "/v1/profiles/p", token: acme.secret, json: #"{"description":"kept"}"#)
        let etag = try #require(written.header("ETag"))
        let layout = try await first.application.environment.repositories.layouts.record(
            sampleLayout(tenantID: acme.id))
        await first.stop()

        // No admin token in the environment this time: the stored one stays in force.
        let second = try await LiveService(databasePath: path) { $0.adminToken = nil }
        #expect(second.application.adminToken == .existing)
        let read = try await second.client.send("GET", "/v1/profiles/p", token: acme.secret)
        #expect(read.status == 200)
        #expect(read.header("ETag") == etag)
        #expect(try await second.client.send("GET", "/v1/tenants", token: LiveService.adminToken).items().count == 1)
        #expect(try await second.client.send("GET", "/v1/layouts/\(layout.id.text)", token: acme.secret).status == 200)
        #expect(try await second.client.send("GET", "/v1/audit", token: acme.secret).items().count == 3)
        await second.stop()
    }

    @Test("without NAVLAYOUT_ADMIN_TOKEN a new database gets a generated token, once, that works")
    func generatedAdminToken() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("generated.sqlite")
        let first = try await LiveService(databasePath: path) { $0.adminToken = nil }
        let token = try #require(first.application.adminToken.newlyGeneratedToken)
        #expect(try await first.client.send("GET", "/v1/tenants", token: token).status == 200)
        await first.stop()
        let second = try await LiveService(databasePath: path) { $0.adminToken = nil }
        #expect(second.application.adminToken.newlyGeneratedToken == nil)
        #expect(try await second.client.send("GET", "/v1/tenants", token: token).status == 200)
        await second.stop()
    }
}
