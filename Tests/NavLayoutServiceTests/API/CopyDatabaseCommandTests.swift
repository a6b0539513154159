import Foundation
import NavLayoutService
import Storage
import TestPostgres
import Testing

/// `navlayout copy-database`: a SQLite database into an empty PostgreSQL one, every id, version,
/// ETag and history order kept.
@Suite("Data commands: copy-database", .enabled(if: TestPostgres.available, "NAVLAYOUT_TEST_POSTGRES names no server"))
struct CopyDatabaseCommandTests {
    typealias Console = MaintenanceCommandTests.Console

    private func run(_ arguments: [String], _ console: Console, environment: [String: String] = [:]) async -> Int32 {
        await NavlayoutExecutable.main(arguments: arguments, environment: environment, io: console.io)
    }

    @Test("every row arrives with its ids, versions, ETags and order; identities go on after them")
    func copiesEverything() async throws {
        let folder = try TemporaryFolder()
        let clock = TestClock()
        let source = try await Store.open(.file, in: folder, clock: clock)
        let created = try await source.tenants.create(name: "acme")
        let tenant = created.tenant.id
        let actor = AuditActor.apiKey(id: created.firstKey.key.id)
        for document in [#"{"settings":{}}"#, #"{"settings":{"compassButton":true}}"#] {
            _ = try await source.profiles.put(
                tenantID: tenant, name: "driver", document: document, description: "d", actor: actor)
        }
        _ = try await source.profiles.put(
            tenantID: tenant, name: "other", document: "{}", description: nil, actor: actor)
        for marker in 0..<5 {
            try await source.layouts.record(sampleLayout(tenantID: tenant, marker: marker))
        }
        _ = try await source.adminToken.ensure(environmentToken: "copy-admin-token-0123456789")
        let sourceProfiles = try await source.profiles.versions(tenantID: tenant, name: "driver")
        let sourceHistory = try await source.layouts.list(tenantID: tenant).items
        let sourceAudit = try await source.audit.list(tenantID: tenant).items

        let schema = try TestPostgres.FreshSchema()
        let console = Console()
        let arguments = [
            "copy-database", "--from", folder.file("service.sqlite"), "--to", schema.url.withoutPassword,
            "--migrations", packageMigrations,
        ]
        let environment = ["NAVLAYOUT_DATABASE_PASSWORD": schema.url.password ?? ""]
        #expect(await run(arguments, console, environment: environment) == 0, "\(console.stderr)")
        #expect(console.stdout.contains("tenants 1"), "\(console.stdout)")
        #expect(console.stdout.contains("profile_versions 3"))
        #expect(console.stdout.contains("layouts 5"))

        let copied = Repositories(store: PostgresStore(url: schema.url), sqlite: nil)
        #expect(try await copied.tenants.list() == [created.tenant])
        #expect(
            try await copied.profiles.versions(tenantID: tenant, name: "driver")
                == sourceProfiles)
        #expect(try await copied.layouts.list(tenantID: tenant).items == sourceHistory)
        #expect(sourceHistory.count == 5)
        #expect(try await copied.audit.list(tenantID: tenant).items == sourceAudit)
        #expect(try await copied.apiKeys.authenticate(bearer: created.firstKey.secret)?.tenantID == tenant)
        #expect(try await copied.adminToken.verify("copy-admin-token-0123456789"))
        // A profile made after the copy takes an id after the copied ones.
        let third = try await copied.profiles.put(
            tenantID: tenant, name: "third", document: "{}", description: nil, actor: actor)
        #expect(third.version.version == 1)

        // The target now holds data: a second copy is refused and changes nothing.
        let again = Console()
        #expect(await run(arguments, again, environment: environment) == 2)
        #expect(again.stderr.contains("not empty"), "\(again.stderr)")
        #expect(try await copied.layouts.list(tenantID: tenant).items.count == 5)
    }

    @Test("a missing source, a source behind the schema, or no --to is refused with the reason")
    func refusals() async throws {
        let folder = try TemporaryFolder()
        let missing = Console()
        let url = try TestPostgres.url().withoutPassword
        #expect(await run(["copy-database", "--from", folder.file("none.sqlite"), "--to", url], missing) == 2)
        #expect(missing.stderr.contains("none.sqlite"), "\(missing.stderr)")

        let noTarget = Console()
        #expect(await run(["copy-database", "--from", folder.file("none.sqlite")], noTarget) == 2)
        #expect(noTarget.stderr.contains("--to postgres://"), "\(noTarget.stderr)")

        let behind = folder.file("behind.sqlite")
        let database = try Database(location: .file(path: behind))
        let first = try Migrator(location: .folder(path: packageMigrations)).migrations[0]
        try await database.migrate(try Migrator(migrations: [first]))
        let stale = Console()
        let schema = try TestPostgres.FreshSchema()
        #expect(
            await run(
                [
                    "copy-database", "--from", behind, "--to", schema.url.withoutPassword, "--migrations",
                    packageMigrations,
                ],
                stale, environment: ["NAVLAYOUT_DATABASE_PASSWORD": schema.url.password ?? ""]) == 2)
        #expect(stale.stderr.contains("navlayout migrate"), "\(stale.stderr)")
    }
}

extension PostgresURL {
    /// The URL as text without its password, which the test then gives through the environment.
    var withoutPassword: String {
        var url = self
        url.password = nil
        return url.description
    }
}
