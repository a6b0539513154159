import Foundation
import Storage

/// Runs the data commands: backup, restore, export, import, copy-database. Exit status 0 done, 2 refused because
/// of what was given (a file that exists, a damaged or newer backup, a tenant that exists or is
/// missing, a bad line), 1 anything else (the database in use, an I/O failure).
public struct MaintenanceCommandRunner: Sendable {
    let io: CommandIO

    public init(io: CommandIO) {
        self.io = io
    }

    public func run(_ command: MaintenanceCommand) async -> Int32 {
        do {
            switch command {
            case .backup(let database, let output):
                let report = try DatabaseBackup.write(from: database, to: output)
                io.standardOutput(
                    "wrote \(report.path): \(report.bytes) bytes in \(String(format: "%.3f", report.seconds)) s\n")
            case .restore(let database, let backup, let migrationsPath):
                let migrator = try Migrator(location: migrationsPath.map { .folder(path: $0) } ?? .standard)
                let report = try DatabaseRestore.replace(database, with: backup, migrator: migrator)
                io.standardOutput(
                    "restored \(backup) to \(report.path): \(report.bytes) bytes, \(report.appliedMigrations) "
                        + "migration(s) applied, \(report.pendingMigrations) to apply at the next start\n")
            case .export(let database, let tenant):
                guard FileManager.default.fileExists(atPath: database) else {
                    throw MaintenanceError.databaseMissing(path: database)
                }
                let archives = TenantArchiveRepository(
                    database: SQLiteStore(try Database(location: .file(path: database))))
                io.standardOutput(String(decoding: try await archives.export(tenantName: tenant), as: UTF8.self))
            case .importArchive(let database, let input, let migrationsPath):
                let archive = try io.read(input)
                let migrator = try Migrator(location: migrationsPath.map { .folder(path: $0) } ?? .standard)
                let repositories = try await Repositories.open(location: .file(path: database), migrator: migrator)
                let report = try await repositories.archives.importArchive(archive)
                let tenant = report.tenant
                io.standardOutput(
                    "imported tenant \(tenant.name) (\(tenant.id)): \(report.profiles) profile(s), "
                        + "\(report.profileVersions) version(s), \(report.layouts) layout(s); \(report.revokedKeys) "
                        + "key(s) recorded as revoked (an export holds no secrets): issue new ones with "
                        + "POST /v1/tenants/\(tenant.id)/keys\n")
            case .copyDatabase(let from, let to, let migrationsPath):
                try copyDatabase(from: from, to: to, migrations: migrationsPath.map { .folder(path: $0) } ?? .standard)
            }
            return 0
        } catch let error as DatabaseCopy.Refusal {
            io.standardError("navlayout: cannot copy: \(error)\n")
            return 2
        } catch let error as MaintenanceError {
            io.standardError("navlayout: \(error)\n")
            if case .databaseInUse = error { return 1 }
            return 2
        } catch let error as TenantArchiveError {
            io.standardError("navlayout: cannot import: \(error)\n")
            return 2
        } catch let error as PersistenceError {
            io.standardError("navlayout: \(error)\n")
            return 2
        } catch {
            io.standardError("navlayout: \(error)\n")
            return 1
        }
    }

    /// Copies the SQLite file `from`, which must have every migration applied, into the PostgreSQL
    /// database `to`, migrated first, which must hold no rows.
    private func copyDatabase(from: String, to: PostgresURL, migrations: MigrationLocation) throws {
        guard FileManager.default.fileExists(atPath: from) else { throw MaintenanceError.databaseMissing(path: from) }
        let source = try Connection(location: .file(path: from), readOnly: true)
        let status = try Migrator(location: migrations).status(of: source)
        guard status.isUpToDate else {
            throw DatabaseCopy.Refusal(
                message: "\(from) is not at this binary's schema (\(status.description)): run navlayout migrate "
                    + "--database \(from) first")
        }
        let target = try PostgresConnection(url: to)
        try Migrator.postgres(location: migrations).migrate(target)
        let report = try DatabaseCopy.copy(from: source, to: target)
        let rows = report.tables.map { "\($0.name) \($0.rows)" }.joined(separator: ", ")
        io.standardOutput("copied \(from) to \(to): \(rows)\n")
    }
}
