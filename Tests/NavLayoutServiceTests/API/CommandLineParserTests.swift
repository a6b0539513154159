import NavLayoutService
import Storage
import Testing

@Suite("Command line")
struct CommandLineParserTests {
    private func serve(_ arguments: [String], environment: [String: String] = [:]) throws -> ServiceConfiguration {
        let command = try CommandLineParser().parse(arguments: ["serve"] + arguments, environment: environment)
        guard case .serve(let configuration) = command else {
            Issue.record("expected serve, got \(command)")
            return ServiceConfiguration()
        }
        return configuration
    }

    @Test("serve with no flags listens on 127.0.0.1:8080 and keeps its data in ./navlayout.sqlite")
    func defaults() throws {
        let configuration = try serve([])
        #expect(configuration.server.host == "127.0.0.1")
        #expect(configuration.server.port == 8080)
        #expect(configuration.database == .file(path: "navlayout.sqlite"))
        #expect(configuration.migrationsPath == nil)
        #expect(configuration.adminToken == nil)
        #expect(configuration.retention == .keepEverything)
    }

    @Test("flags set address, port, database, migrations, limits and retention")
    func flags() throws {
        let configuration = try serve([
            "--address", "0.0.0.0", "--port=9090", "--database", "/data/n.sqlite", "--migrations", "/opt/m",
            "--max-body-bytes", "4096", "--max-connections", "50", "--event-loops", "3", "--retention-max-age", "30d",
            "--retention-max-count", "1000", "--retention-interval", "10m", "--access-log", "off",
        ])
        #expect(configuration.server.host == "0.0.0.0")
        #expect(configuration.server.port == 9090)
        #expect(configuration.database == .file(path: "/data/n.sqlite"))
        #expect(configuration.migrationsPath == "/opt/m")
        #expect(configuration.server.limits.maxBodySize == 4096)
        #expect(configuration.server.limits.maxConnections == 50)
        #expect(configuration.server.eventLoopCount == 3)
        #expect(
            configuration.retention == RetentionPolicy(maximumAge: .seconds(30 * 86_400), maximumCountPerTenant: 1000))
        #expect(configuration.retentionInterval == .seconds(600))
        #expect(configuration.accessLog == nil)
    }

    @Test("environment variables configure serve, and flags win over them")
    func environment() throws {
        let environment = [
            "NAVLAYOUT_ADDRESS": "0.0.0.0", "NAVLAYOUT_PORT": "7000", "NAVLAYOUT_DATABASE": "/var/lib/n.sqlite",
            "NAVLAYOUT_ADMIN_TOKEN": "a-long-enough-admin-token", "NAVLAYOUT_RETENTION_MAX_COUNT": "5",
        ]
        let fromEnvironment = try serve([], environment: environment)
        #expect(fromEnvironment.server.host == "0.0.0.0")
        #expect(fromEnvironment.server.port == 7000)
        #expect(fromEnvironment.database == .file(path: "/var/lib/n.sqlite"))
        #expect(fromEnvironment.adminToken == "a-long-enough-admin-token")
        #expect(fromEnvironment.retention.maximumCountPerTenant == 5)
        let overridden = try serve(["--port", "7001"], environment: environment)
        #expect(overridden.server.port == 7001)
    }

    @Test(
        "bad flags and values are errors that name them",
        arguments: [
            (["serve", "--port", "http"], "--port"), (["serve", "--port", "70000"], "--port"),
            (["serve", "--address", "localhost"], "--address"),
            (["serve", "--retention-max-age", "3 weeks"], "--retention-max-age"),
            (["serve", "--frobnicate"], "--frobnicate"), (["serve", "--database"], "--database"),
            (["serve", "--port", "1", "--port", "2"], "--port"), (["launch"], "launch"),
            (["migrate", "--status=yes"], "--status"), (["serve", "--access-log", "syslog"], "--access-log"),
        ])
    func errors(arguments: [String], named: String) {
        #expect {
            try CommandLineParser().parse(arguments: arguments, environment: [:])
        } throws: { error in
            (error as? CommandLineError)?.message.contains(named) == true
        }
    }

    @Test("a bad environment value is an error naming the variable")
    func badEnvironment() {
        for (variable, value) in [("NAVLAYOUT_PORT", "eighty"), ("NAVLAYOUT_ADMIN_TOKEN", "short")] {
            #expect {
                try CommandLineParser().parse(arguments: ["serve"], environment: [variable: value])
            } throws: { error in
                (error as? CommandLineError)?.message.contains(variable) == true
            }
        }
    }

    @Test("migrate and migrate --status read the database and migrations paths")
    func migrate() throws {
        let command = try CommandLineParser().parse(
            arguments: ["migrate", "--status", "--database", "x.sqlite"], environment: ["NAVLAYOUT_MIGRATIONS": "/m"])
        guard case .migrate(let database, let migrations, let statusOnly) = command else {
            Issue.record("expected migrate, got \(command)")
            return
        }
        #expect(database == .file(path: "x.sqlite"))
        #expect(migrations == "/m")
        #expect(statusOnly)
    }

    @Test("a bad command line exits with status 2; help exits 0")
    func exitStatus() async {
        #expect(await NavlayoutExecutable.main(arguments: ["serve", "--port", "x"], environment: [:]) == 2)
        #expect(await NavlayoutExecutable.main(arguments: ["--help"], environment: [:]) == 0)
    }

    @Test("migrate applies the schema once and --status then reports it current")
    func migrateRuns() async throws {
        let folder = try TemporaryFolder()
        let arguments = ["--database", folder.file("m.sqlite"), "--migrations", packageMigrations]
        #expect(await NavlayoutExecutable.main(arguments: ["migrate", "--status"] + arguments, environment: [:]) == 0)
        #expect(await NavlayoutExecutable.main(arguments: ["migrate"] + arguments, environment: [:]) == 0)
        let database = try Database(location: .file(path: folder.file("m.sqlite")))
        let status = try await database.migrationStatus(try Migrator(location: .folder(path: packageMigrations)))
        #expect(status.isUpToDate)
    }
}
