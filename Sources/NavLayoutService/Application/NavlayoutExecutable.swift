import Foundation
import HTTPServer
import Storage

/// The executable's behaviour, kept here so `main.swift` stays one call and tests can run commands.
public enum NavlayoutExecutable {
    /// Runs the command line and returns the process exit status: 0 done, 1 failed, 2 bad usage.
    public static func main(arguments: [String], environment: [String: String], io: CommandIO = .process) async
        -> Int32
    {
        let command: NavlayoutCommand
        do {
            command = try CommandLineParser().parse(arguments: arguments, environment: environment)
        } catch {
            io.standardError("navlayout: \(error.message)\n\n\(CommandLineParser.usage)\n")
            return 2
        }
        switch command {
        case .help:
            print(CommandLineParser.usage)
            return 0
        case .serve(let configuration):
            AllocatorTuning.apply(environment: environment)
            return await serve(configuration)
        case .migrate(let database, let migrationsPath, let statusOnly):
            return await migrate(database: database, migrationsPath: migrationsPath, statusOnly: statusOnly)
        case .layout(.diff(let before, let after, let options)) where options.database != nil:
            // Stored sides are read from the service's database first, then solved like files.
            do {
                let resolved = try await StoredDiffSide.resolving(
                    [before, after], database: options.database ?? "", tenant: options.tenant ?? "", io: io)
                return LayoutCommandRunner(io: resolved).run(.diff(before: before, after: after, options: options))
            } catch {
                io.standardError("navlayout: \(error)\n")
                return 2
            }
        case .layout(let layoutCommand):
            return LayoutCommandRunner(io: io).run(layoutCommand)
        case .maintenance(let maintenanceCommand):
            return await MaintenanceCommandRunner(io: io).run(maintenanceCommand)
        }
    }

    private static func serve(_ configuration: ServiceConfiguration) async -> Int32 {
        do {
            let application = try await buildApplication(configuration)
            if let token = application.adminToken.newlyGeneratedToken {
                print("admin token (shown once, keep it safe): \(token)")
            }
            try await application.run { port in
                print(
                    "navlayout listening on http://\(configuration.server.host):\(port) (database \(configuration.databaseDescription))"
                )
                fflush(nil)  // the line must reach a pipe before the first request arrives
            }
            return 0
        } catch {
            writeError("navlayout: cannot serve: \(error)")
            return 1
        }
    }

    private static func migrate(database: DatabaseLocation, migrationsPath: String?, statusOnly: Bool) async -> Int32 {
        do {
            let migrator = try Migrator(location: migrationsPath.map { .folder(path: $0) } ?? .standard)
            let connection = try Database(location: database)
            if statusOnly {
                let status = try await connection.migrationStatus(migrator)
                print(status.description)
                return status.problems.isEmpty ? 0 : 1
            }
            let applied = try await connection.migrate(migrator)
            if applied.isEmpty {
                print("\(database): schema is current (\(migrator.migrations.count) migration(s))")
            } else {
                for migration in applied { print("applied \(migration.fileName)") }
            }
            return 0
        } catch {
            writeError("navlayout: migration failed: \(error)")
            return 1
        }
    }

    private static func writeError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
