import Foundation
import NavLayoutService
import Storage
import Testing

@Suite("Schema: migrations and the indexes the queries need")
struct SchemaTests {
    @Test("the migrations apply on a fresh database and leave it up to date", arguments: StoreKind.sqliteCases)
    func migrationsApply(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let location: DatabaseLocation = kind == .memory ? .inMemory : .file(path: folder.file("fresh.sqlite"))
        let database = try Database(location: location)
        let migrator = try Migrator(location: .folder(path: packageMigrations))
        let applied = try await database.migrate(migrator)
        #expect(applied.map(\.id) == migrator.migrations.map(\.id))
        #expect(try await database.migrationStatus(migrator).isUpToDate)
        #expect(try await database.migrate(migrator).isEmpty)
        let tables = try await database.read { connection in
            try connection.fetchAll(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            ) { try $0.value(at: 0, as: String.self) }
        }
        #expect(
            tables == [
                "admin_token", "api_keys", "audit_events", "diffs", "layouts", "matrices", "profile_versions",
                "profiles",
                "schema_migrations",
                "tenants",
            ])
    }

    @Test(
        "history pages read an index in order, without a sort or a table scan",
        arguments: [
            "tenant_id = ?",
            "tenant_id = ? AND profile_name = ?",
            "tenant_id = ? AND status = ?",
            "tenant_id = ? AND navigation = ?",
            "tenant_id = ? AND device = ?",
            "tenant_id = ? AND created_at >= ? AND created_at < ?",
        ])
    func historyQueryPlan(conditions: String) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.memory, in: folder)
        let placeholders = conditions.components(separatedBy: "?").count - 1
        let sql = """
            EXPLAIN QUERY PLAN SELECT id FROM layouts WHERE \(conditions) AND (created_at, id) < (?, ?)
            ORDER BY created_at DESC, id DESC LIMIT 51
            """
        let arguments = StatementArguments(Array(repeating: DatabaseValue.text("x"), count: placeholders + 2))
        let plan = try await store.database.read { connection in
            try connection.fetchAll(sql, arguments) { try $0.value(named: "detail", as: String.self) }
        }
        let text = plan.joined(separator: "\n")
        #expect(text.contains("USING") && text.contains("INDEX layouts_by_tenant"), "plan: \(text)")
        #expect(!text.contains("TEMP B-TREE"), "plan: \(text)")
        #expect(!text.contains("SCAN layouts"), "plan: \(text)")
    }

    @Test("profile versions cannot be changed or deleted, even by SQL")
    func versionsAreImmutable() async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.memory, in: folder)
        let tenant = try await store.tenants.create(name: "acme").tenant
        _ = try await store.profiles.put(
            tenantID: tenant.id, name: "driver", document: "{}", description: nil, actor: .admin)
        await #expect(throws: DatabaseError.self) {
            try await store.database.write { try $0.execute("UPDATE profile_versions SET document = '[]'") }
        }
        await #expect(throws: DatabaseError.self) {
            try await store.database.write { try $0.execute("DELETE FROM profile_versions") }
        }
        #expect(try await store.profiles.current(tenantID: tenant.id, name: "driver").document == "{}")
    }

    @Test(
        "the schema refuses values outside its CHECK constraints",
        arguments: [
            "INSERT INTO layouts (id, tenant_id, mode, navigation, status, created_at, request, result) VALUES ('x', 'T', 'builtIn', 'flying', 'ok', 1, '{}', '{}')",
            "INSERT INTO layouts (id, tenant_id, mode, navigation, status, created_at, request, result) VALUES ('x', 'T', 'builtIn', 'ready', 'fine', 1, '{}', '{}')",
            "INSERT INTO layouts (id, tenant_id, profile_version, mode, navigation, status, created_at, request, result) VALUES ('x', 'T', 2, 'builtIn', 'ready', 'ok', 1, '{}', '{}')",
            "INSERT INTO audit_events (tenant_id, actor_kind, action, object_kind, object_id, created_at) VALUES ('T', 'key', 'profile.put', 'profile', 'p', 1)",
            "INSERT INTO audit_events (tenant_id, actor_kind, action, object_kind, object_id, created_at) VALUES ('T', 'admin', 'profile.rename', 'profile', 'p', 1)",
            "INSERT INTO admin_token (id, secret_hash, source, created_at) VALUES (2, zeroblob(32), 'generated', 1)",
            "INSERT INTO api_keys (id, tenant_id, prefix, secret_hash, created_at) VALUES ('k', 'T', 'p', zeroblob(31), 1)",
            "INSERT INTO layouts (id, tenant_id, mode, navigation, status, created_at, request, result) VALUES ('x', 'nobody', 'builtIn', 'ready', 'ok', 1, '{}', '{}')",
        ])
    func checkConstraints(sql: String) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.memory, in: folder)
        try await store.database.write {
            try $0.execute("INSERT INTO tenants (id, name, created_at) VALUES ('T', 'T', 1)")
        }
        let error = await #expect(throws: DatabaseError.self) {
            try await store.database.write { try $0.execute(sql) }
        }
        #expect(error?.resultCode == .constraint)
    }
}

@Suite("Repositories: opening the service's storage")
struct RepositoriesTests {
    @Test("open migrates a new file and reopening it migrates nothing more")
    func openMigrates() async throws {
        let folder = try TemporaryFolder()
        let migrator = try Migrator(location: .folder(path: packageMigrations))
        let location = DatabaseLocation.file(path: folder.file("open.sqlite"))
        let tenantID: String
        do {
            let repositories = try await Repositories.open(location: location, migrator: migrator)
            #expect(try await #require(repositories.sqlite).migrationStatus(migrator).isUpToDate)
            let created = try await repositories.tenants.create(name: "acme")
            tenantID = created.tenant.id
            #expect(try await repositories.apiKeys.authenticate(bearer: created.firstKey.secret)?.tenantID == tenantID)
        }
        let reopened = try await Repositories.open(location: location, migrator: migrator)
        #expect(try await reopened.tenants.list().map(\.id) == [tenantID])
    }
}
