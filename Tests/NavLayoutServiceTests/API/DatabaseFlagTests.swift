import Foundation
import NavLayoutService
import Storage
import Testing

/// `--database` with a PostgreSQL URL: its password from the URL, the environment or a file, once.
@Suite("Command line: the PostgreSQL database")
struct DatabaseFlagTests {
    private func parse(_ arguments: [String], environment: [String: String] = [:]) throws -> ServiceConfiguration? {
        let command = try CommandLineParser().parse(arguments: ["serve"] + arguments, environment: environment)
        guard case .serve(let configuration) = command else {
            Issue.record("expected serve, got \(command)")
            return nil
        }
        return configuration
    }

    private func message(_ arguments: [String], environment: [String: String] = [:]) -> String {
        do {
            _ = try parse(arguments, environment: environment)
            return ""
        } catch {
            return (error as? CommandLineError)?.message ?? "\(error)"
        }
    }

    @Test("a URL selects PostgreSQL; its password comes from the URL, the variable, or the file without its line feed")
    func passwordSources() throws {
        let url = "postgres://nav@db.internal:6432/layouts"
        #expect(try parse(["--database", "postgres://nav:inline@db.internal/layouts"])?.postgres?.password == "inline")
        let fromVariable = try parse(["--database", url], environment: ["NAVLAYOUT_DATABASE_PASSWORD": "secret"])
        #expect(fromVariable?.postgres?.password == "secret")
        #expect(fromVariable?.postgres?.port == 6432)
        #expect(fromVariable?.databaseDescription == "postgres://nav:***@db.internal:6432/layouts")

        let folder = try TemporaryFolder()
        let file = folder.file("password")
        try "from-file\n".write(toFile: file, atomically: true, encoding: .utf8)
        let fromFile = try parse(["--database", url], environment: ["NAVLAYOUT_DATABASE_PASSWORD_FILE": file])
        #expect(fromFile?.postgres?.password == "from-file")
        #expect(try parse(["--database", url, "--database-pool", "3"])?.databasePoolSize == 3)
        #expect(try parse(["--database", "data.sqlite"])?.postgres == nil)
    }

    @Test("a password given twice, a file that cannot be read or is empty, and a bad URL are errors naming the source")
    func refusals() throws {
        let url = "postgres://nav@db.internal/layouts"
        #expect(
            message(["--database", "postgres://nav:a@db/l"], environment: ["NAVLAYOUT_DATABASE_PASSWORD": "b"])
                .contains("given by --database and NAVLAYOUT_DATABASE_PASSWORD; give it once"))
        let folder = try TemporaryFolder()
        #expect(
            message(["--database", url], environment: ["NAVLAYOUT_DATABASE_PASSWORD_FILE": folder.file("none")])
                .contains("NAVLAYOUT_DATABASE_PASSWORD_FILE: cannot read"))
        let empty = folder.file("empty")
        try "\n".write(toFile: empty, atomically: true, encoding: .utf8)
        #expect(
            message(["--database", url], environment: ["NAVLAYOUT_DATABASE_PASSWORD_FILE": empty])
                .contains("is empty"))
        #expect(message(["--database", "postgres://nav@db"]).contains("--database: not a PostgreSQL URL"))
        #expect(message(["--database", url, "--database-pool", "0"]).contains("--database-pool"))
    }
}
