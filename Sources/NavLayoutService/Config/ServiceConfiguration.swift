import HTTPServer
import NavigationLayout
import Storage

/// Everything `buildApplication` needs: where to listen, where the data lives, the limits, history
/// retention and the logs. The defaults are what `navlayout serve` runs with no flags.
public struct ServiceConfiguration: Sendable {
    /// Listening address, port and protocol limits. Defaults to 127.0.0.1:8080.
    public var server: ServerConfiguration
    /// The SQLite file, created when missing (unless `postgres` is set).
    public var database: DatabaseLocation
    /// A PostgreSQL database to keep the data in instead of the SQLite file.
    public var postgres: PostgresURL?
    /// The most connections to `postgres` the service holds at once.
    public var databasePoolSize = 8
    /// The migrations folder; nil looks beside the executable, then in the current directory.
    public var migrationsPath: String?
    /// The admin token to put in force (NAVLAYOUT_ADMIN_TOKEN); nil keeps the stored one or
    /// generates one on a new database.
    public var adminToken: String?
    /// How much layout history to keep.
    public var retention: RetentionPolicy
    /// How often retention runs while serving.
    public var retentionInterval: Duration
    /// Where access log lines go; nil turns the access log off.
    public var accessLog: (any AccessLogSink)?
    /// Where unexpected failures (the causes of 500s) and retention reports go, as JSON lines;
    /// nil drops them.
    public var errorLog: (any AccessLogSink)?
    /// How long an authenticated API key is trusted without reading the database again.
    public var authenticationCacheTimeToLive: Duration
    /// How long a shutdown waits for requests in flight.
    public var shutdownGracePeriod: Duration
    /// What one layout request may ask of the engine.
    public var layoutLimits: LayoutLimits = .standard
    /// The estimated bytes of prepared layouts the service keeps between requests.
    public var preparedLayoutCacheBytes = 256 << 20
    /// Threads of the solver pool (see `SolverPool`); nil is one per core.
    public var solverThreads: Int?
    /// Where `POST /v1/admin/backup` writes; nil: a `backups` folder beside the database file.
    public var backupDirectory: String?

    public static let defaultDatabasePath = "navlayout.sqlite"

    public init(
        server: ServerConfiguration = ServerConfiguration(host: "127.0.0.1", port: 8080),
        database: DatabaseLocation = .file(path: ServiceConfiguration.defaultDatabasePath),
        migrationsPath: String? = nil,
        adminToken: String? = nil,
        retention: RetentionPolicy = .keepEverything,
        retentionInterval: Duration = .seconds(300),
        accessLog: (any AccessLogSink)? = FileDescriptorLogSink(descriptor: 2),
        errorLog: (any AccessLogSink)? = FileDescriptorLogSink(descriptor: 2),
        authenticationCacheTimeToLive: Duration = .seconds(5),
        shutdownGracePeriod: Duration = .seconds(10)
    ) {
        self.server = server
        self.database = database
        self.migrationsPath = migrationsPath
        self.adminToken = adminToken
        self.retention = retention
        self.retentionInterval = retentionInterval
        self.accessLog = accessLog
        self.errorLog = errorLog
        self.authenticationCacheTimeToLive = authenticationCacheTimeToLive
        self.shutdownGracePeriod = shutdownGracePeriod
    }

    /// The backup folder in force: the configured one, else `backups` beside the database file; nil
    /// for an in-memory database without a configured folder.
    public var effectiveBackupDirectory: String? {
        if postgres != nil { return nil }
        if let backupDirectory { return backupDirectory }
        guard case .file(let path) = database else { return nil }
        let slash = path.lastIndex(of: "/")
        return (slash.map { String(path[...$0]) } ?? "") + "backups"
    }

    /// Where the migrator looks for its folder.
    public var migrationLocation: MigrationLocation {
        migrationsPath.map { .folder(path: $0) } ?? .standard
    }

    /// The migrations of the database in use: SQLite's, or PostgreSQL's beside them.
    public func migrator() throws -> Migrator {
        postgres == nil ? try Migrator(location: migrationLocation) : try Migrator.postgres(location: migrationLocation)
    }

    /// What the start-up line and errors call the database: the file, or the URL without its
    /// password.
    public var databaseDescription: String {
        postgres.map(\.description) ?? "\(database)"
    }
}
