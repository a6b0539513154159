import Foundation
import NavLayoutService
import Storage
import Synchronization
import Testing

@Suite("Backups and tenant archives over HTTP")
struct AdminApiTests {
    @Test("POST /v1/admin/backup writes a checked copy under a generated name, for the admin token only", .sqliteOnly)
    func backup() async throws {
        let backups = try TemporaryFolder()
        try await LiveService.with(
            configure: { $0.backupDirectory = backups.path },
            run: { service in
                let acme = try await service.createTenant("acme")
                let response = try await service.client.send("POST", "/v1/admin/backup", token: LiveService.adminToken)
                #expect(response.status == 201, "\(response.text)")
                let body = try response.object()
                let name = try #require(body["name"] as? String)
                #expect(name.hasPrefix("navlayout-") && name.hasSuffix(".sqlite"))
                #expect(body["integrity"] as? String == "ok")
                #expect(body["seconds"] is Double || body["seconds"] is Int)
                let path = backups.file(name)
                #expect(
                    (body["bytes"] as? Int).map(Int64.init)
                        == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int).map(Int64.init))
                let copy = try Connection(location: .file(path: path), readOnly: true)
                #expect(try copy.fetchValue("SELECT id FROM tenants", as: String.self) == acme.id)

                try await service.client.send("POST", "/v1/admin/backup", token: acme.secret).expectProblem(401)
                let chosen = try await service.client.send(
                    "POST", "/v1/admin/backup", token: LiveService.adminToken,
                    json: #"{"path":"/tmp/elsewhere.sqlite"}"#)
                let problem = try chosen.expectProblem(422)
                #expect((problem["errors"] as? [[String: Any]])?.first?["path"] as? String == "path")
                try await service.client.send(
                    "POST", "/v1/admin/backup", token: LiveService.adminToken, json: "{not json"
                ).expectProblem(400)
            })
    }

    @Test("without --backup-directory, backups go to a backups folder beside the database file")
    func defaultBackupDirectory() throws {
        let configuration = ServiceConfiguration(database: .file(path: "data/live.sqlite"))
        #expect(configuration.effectiveBackupDirectory == "data/backups")
        #expect(ServiceConfiguration(database: .file(path: "live.sqlite")).effectiveBackupDirectory == "backups")
        #expect(ServiceConfiguration(database: .inMemory).effectiveBackupDirectory == nil)
        let parsed = try CommandLineParser().parse(
            arguments: ["serve"], environment: ["NAVLAYOUT_BACKUP_DIRECTORY": "/srv/backups"])
        guard case .serve(let served) = parsed else {
            Issue.record("expected serve")
            return
        }
        #expect(served.effectiveBackupDirectory == "/srv/backups")
    }

    @Test("a tenant exported from one service imports into another and exports the same lines but its keys")
    func exportImportRoundTrip() async throws {
        let (archive, profileCount) = try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            let put = try await service.client.send(
                "PUT", "/v1/profiles/driver", token: acme.secret,
                json: #"{"description":"d","screen":{"width":393,"height":852}}"#)
            #expect(put.status == 201 || put.status == 200, "\(put.text)")
            let exported = try await service.client.send(
                "GET", "/v1/admin/tenants/acme/export", token: LiveService.adminToken)
            #expect(exported.status == 200)
            #expect(exported.header("Content-Type") == "application/x-ndjson")
            try await service.client.send("GET", "/v1/admin/tenants/nobody/export", token: LiveService.adminToken)
                .expectProblem(404)
            try await service.client.send("GET", "/v1/admin/tenants/acme/export", token: acme.secret)
                .expectProblem(401)
            return (exported.text, 1)
        }
        try await LiveService.with { service in
            let imported = try await service.client.send(
                "POST", "/v1/admin/tenants/import", token: LiveService.adminToken, json: archive,
                headers: ["Content-Type": "application/x-ndjson"])
            #expect(imported.status == 201, "\(imported.text)")
            let body = try imported.object()
            #expect(body["profiles"] as? Int == profileCount)
            #expect(body["revokedKeys"] as? Int == 1)
            let again = try await service.client.send(
                "GET", "/v1/admin/tenants/acme/export", token: LiveService.adminToken)
            let before = archive.split(separator: "\n")
            let after = again.text.split(separator: "\n")
            #expect(before.count == after.count)
            for (old, new) in zip(before, after) where !old.contains(#""type":"apiKey""#) {
                #expect(old == new)
            }
            let conflict = try await service.client.send(
                "POST", "/v1/admin/tenants/import", token: LiveService.adminToken, json: archive)
            let problem = try conflict.expectProblem(409)
            #expect((problem["errors"] as? [[String: Any]])?.first?["path"] as? String == "line 1, name")
        }
    }

    @Test("an archive with a bad line is a 422 naming the line and field, and nothing is written")
    func importBadLine() async throws {
        try await LiveService.with { service in
            let archive = [
                #"{"type":"tenant","format":1,"id":"ten_x","name":"beta","createdAt":"2026-01-01T00:00:00Z"}"#,
                #"{"type":"profile","name":"p","createdAt":"2026-01-01T00:00:00Z","updatedAt":"soon","deletedAt":null}"#,
            ].joined(separator: "\n")
            let response = try await service.client.send(
                "POST", "/v1/admin/tenants/import", token: LiveService.adminToken, json: archive)
            let problem = try response.expectProblem(422)
            let errors = try #require(problem["errors"] as? [[String: Any]])
            #expect(errors.first?["path"] as? String == "line 2, updatedAt")
            let tenants = try await service.client.send("GET", "/v1/tenants", token: LiveService.adminToken)
            #expect(try tenants.items().isEmpty)
            try await service.client.send(
                "POST", "/v1/admin/tenants/import", token: LiveService.adminToken, json: archive,
                headers: ["Content-Type": "text/csv"]
            ).expectProblem(415)
        }
    }
}

@Suite("Database checks at start-up and retention's vacuum")
struct StartupMaintenanceTests {
    @Test(
        "on PostgreSQL, POST /v1/admin/backup is a 409 that names the cluster's tools",
        .enabled(if: LiveService.onPostgres, "the service keeps its data in SQLite"))
    func backupOnPostgres() async throws {
        try await LiveService.with { service in
            let response = try await service.client.send("POST", "/v1/admin/backup", token: LiveService.adminToken)
            let problem = try response.expectProblem(409)
            #expect((problem["detail"] as? String)?.contains("pg_basebackup") == true, "\(response.text)")
        }
    }

    @Test("the service refuses to start on a database that fails quick_check", .sqliteOnly)
    func damagedDatabaseIsRefused() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("damaged.sqlite")
        do {
            let service = try await LiveService(databasePath: path)
            let acme = try await service.createTenant("acme")
            for marker in 0..<400 {
                try await service.application.environment.repositories.layouts.record(
                    sampleLayout(tenantID: acme.id, marker: marker))
            }
            await service.stop()
        }
        // Let the last connection's checkpoint fold the log into the file, then damage a page.
        _ = try Connection(location: .file(path: path)).checkpoint(.restart)
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: 4096 * 8)
        try handle.write(contentsOf: Data(repeating: 0x7F, count: 16))
        try handle.close()
        do {
            _ = try await LiveService(databasePath: path)
            Issue.record("the service started on a damaged database")
        } catch let error as MaintenanceError {
            guard case .integrityCheckFailed(_, let check, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(check == .quick)
            #expect(error.description.contains("quick_check"))
        }
    }

    @Test("a database made before incremental auto-vacuum is switched once at start-up, and says so")
    func switchesOldDatabase() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("old.sqlite")
        do {
            let database = try Database(location: .file(path: path))
            try await database.migrate(try Migrator(location: .folder(path: packageMigrations)))
        }
        let messages = LogLines()
        let migrator = try Migrator(location: .folder(path: packageMigrations))
        let repositories = try await Repositories.open(
            location: .file(path: path), migrator: migrator, report: { messages.append($0) })
        #expect(try await #require(repositories.sqlite).read { try $0.autoVacuumMode() } == .incremental)
        #expect(messages.lines.count == 1)
        #expect(messages.lines.first?.contains("incremental auto-vacuum") == true)
        let again = LogLines()
        _ = try await Repositories.open(location: .file(path: path), migrator: migrator, report: { again.append($0) })
        #expect(again.lines.isEmpty)
    }

    @Test("retention frees the pages of the rows it deletes, so the file shrinks with the history")
    func retentionShrinksFile() async throws {
        let folder = try TemporaryFolder()
        let migrator = try Migrator(location: .folder(path: packageMigrations))
        let repositories = try await Repositories.open(
            location: .file(path: folder.file("history.sqlite")),
            configuration: DatabaseConfiguration(checkpointFrames: 0),
            migrator: migrator)
        let tenant = try await repositories.tenants.create(name: "acme").tenant
        let padding = String(repeating: "x", count: 2000)
        for marker in 0..<1500 {
            try await repositories.layouts.record(
                NewLayoutRecord(
                    tenantID: tenant.id, profileName: nil, profileVersion: nil, mode: .delegate, navigation: .guidance,
                    status: .ok, requestJSON: #"{"marker":\#(marker),"pad":"\#(padding)"}"#, resultJSON: "{}"))
        }
        let pagesBefore = try await #require(repositories.sqlite).read { try $0.pageCount() }
        let outcome = try await repositories.layouts.applyRetention(RetentionPolicy(maximumCountPerTenant: 100))
        #expect(outcome.deletedByCount == 1400)
        #expect(outcome.freedPages > pagesBefore / 2)
        let pagesAfter = try await #require(repositories.sqlite).read { try $0.pageCount() }
        #expect(pagesAfter < pagesBefore / 2)
        #expect(try await #require(repositories.sqlite).read { try $0.freePageCount() } == 0)
    }
}

/// Lines a report closure received.
final class LogLines: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var lines: [String] { storage.withLock { $0 } }
}
