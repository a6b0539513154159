import Foundation
import NavLayoutService
import Storage
import Synchronization
import Testing

/// The data commands run in process, on database files in a temporary folder.
@Suite("Data commands: backup, restore, export, import")
struct MaintenanceCommandTests {
    final class Console: Sendable {
        let output = Mutex("")
        let errors = Mutex("")
        let input: [UInt8]

        init(input: [UInt8] = []) {
            self.input = input
        }

        var io: CommandIO {
            CommandIO(
                read: { path in
                    path == "-" ? self.input : Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                },
                writeFile: { _, _ in },
                standardOutput: { text in self.output.withLock { $0 += text } },
                standardError: { text in self.errors.withLock { $0 += text } })
        }

        var stdout: String { output.withLock { $0 } }
        var stderr: String { errors.withLock { $0 } }
    }

    private func run(_ arguments: [String], _ console: Console) async -> Int32 {
        await NavlayoutExecutable.main(arguments: arguments, environment: [:], io: console.io)
    }

    /// A migrated service database with one tenant and one layout.
    private func serviceDatabase(at path: String) async throws {
        let repositories = try await Repositories.open(
            location: .file(path: path), migrator: try Migrator(location: .folder(path: packageMigrations)))
        let tenant = try await repositories.tenants.create(name: "acme").tenant
        try await repositories.layouts.record(sampleLayout(tenantID: tenant.id))
    }

    @Test(
        "the data commands parse their argument and flags",
        arguments: [
            (["backup", "out.sqlite"], MaintenanceCommand.backup(database: "navlayout.sqlite", output: "out.sqlite")),
            (["backup", "--database", "a.sqlite", "o"], .backup(database: "a.sqlite", output: "o")),
            (
                ["restore", "b.sqlite", "--migrations=M"],
                .restore(database: "navlayout.sqlite", backup: "b.sqlite", migrationsPath: "M")
            ),
            (["export", "acme", "--database", "a.sqlite"], .export(database: "a.sqlite", tenant: "acme")),
            (["import", "-"], .importArchive(database: "navlayout.sqlite", input: "-", migrationsPath: nil)),
        ])
    func parses(arguments: [String], expected: MaintenanceCommand) throws {
        guard case .maintenance(let command) = try CommandLineParser().parse(arguments: arguments, environment: [:])
        else {
            Issue.record("expected a data command")
            return
        }
        #expect(command == expected)
    }

    @Test("a data command without its argument, with two, or with another command's flag is a usage error")
    func usageErrors() async {
        for arguments in [["backup"], ["export", "a", "b"], ["backup", "o", "--migrations", "M"]] {
            let console = Console()
            #expect(await run(arguments, console) == 2)
            #expect(console.stderr.contains("navlayout: "))
        }
    }

    @Test("backup prints path, bytes and seconds on one line and refuses to overwrite a file (exit 2)")
    func backup() async throws {
        let folder = try TemporaryFolder()
        let database = folder.file("live.sqlite")
        try await serviceDatabase(at: database)
        let console = Console()
        let output = folder.file("copy.sqlite")
        #expect(await run(["backup", output, "--database", database], console) == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int)
        #expect(console.stdout.hasPrefix("wrote \(output): \(size) bytes in "))
        #expect(console.stdout.hasSuffix(" s\n"))
        #expect(console.stdout.split(separator: "\n").count == 1)

        let again = Console()
        #expect(await run(["backup", output, "--database", database], again) == 2)
        #expect(again.stderr.contains("exists"))
        let missing = Console()
        #expect(await run(["backup", folder.file("x.sqlite"), "--database", folder.file("none.sqlite")], missing) == 2)
        #expect(missing.stderr.contains("no database"))
    }

    @Test("restore puts a backup in place; a damaged backup is refused with exit 2")
    func restore() async throws {
        let folder = try TemporaryFolder()
        let source = folder.file("source.sqlite")
        try await serviceDatabase(at: source)
        let backup = folder.file("backup.sqlite")
        _ = try DatabaseBackup.write(from: source, to: backup)
        let target = folder.file("target.sqlite")
        let console = Console()
        #expect(await run(["restore", backup, "--database", target, "--migrations", packageMigrations], console) == 0)
        #expect(console.stdout.contains("restored \(backup) to \(target)"))
        let restored = try Connection(location: .file(path: target), readOnly: true)
        #expect(try restored.fetchValue("SELECT name FROM tenants", as: String.self) == "acme")

        let garbage = folder.file("garbage.sqlite")
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: garbage))
        let refused = Console()
        #expect(await run(["restore", garbage, "--database", target, "--migrations", packageMigrations], refused) == 2)
        #expect(refused.stderr.contains("integrity_check"))
        #expect(try restored.fetchValue("SELECT name FROM tenants", as: String.self) == "acme")
    }

    @Test("export prints JSON lines that import recreates in another database; a second import is refused")
    func exportImport() async throws {
        let folder = try TemporaryFolder()
        let source = folder.file("source.sqlite")
        try await serviceDatabase(at: source)
        let exported = Console()
        #expect(await run(["export", "acme", "--database", source], exported) == 0)
        #expect(exported.stdout.split(separator: "\n").count == 3)  // tenant, key, layout

        let target = folder.file("target.sqlite")
        let imported = Console(input: Array(exported.stdout.utf8))
        #expect(await run(["import", "-", "--database", target, "--migrations", packageMigrations], imported) == 0)
        #expect(imported.stdout.contains("imported tenant acme"))
        #expect(imported.stdout.contains("1 key(s) recorded as revoked"))

        let second = Console(input: Array(exported.stdout.utf8))
        #expect(await run(["import", "-", "--database", target, "--migrations", packageMigrations], second) == 2)
        #expect(second.stderr.contains("line 1, name"))

        let bad = Console(input: Array((exported.stdout + "{\"type\":\"layout\"}\n").utf8))
        let other = folder.file("other.sqlite")
        #expect(await run(["import", "-", "--database", other, "--migrations", packageMigrations], bad) == 2)
        #expect(bad.stderr.contains("line 4, id"))

        let unknown = Console()
        #expect(await run(["export", "nobody", "--database", source], unknown) == 2)
        #expect(unknown.stderr.contains("not found"))
    }
}
