import Storage

/// Every repository of the service on one database, sharing one clock, one authentication cache and
/// the metrics their operations are timed into: what the service builds once at start-up and hands
/// to its route handlers.
public struct Repositories: Sendable {
    /// What the repositories read and write through: SQLite or PostgreSQL.
    public let store: any SQLDatabase
    /// The SQLite database, when the data is in one: its writer's statistics, backups.
    public let sqlite: Database?
    public let tenants: TenantRepository
    public let apiKeys: ApiKeyRepository
    public let adminToken: AdminTokenRepository
    public let profiles: ProfileRepository
    public let layouts: LayoutHistoryRepository
    public let audit: AuditRepository
    public let matrices: MatrixRepository
    public let diffs: DiffRepository
    public let archives: TenantArchiveRepository
    private let timer: DatabaseTimer

    /// - Parameter authenticationCache: shared by every key operation, so a rotation or revocation
    ///   through `apiKeys` takes effect at once; nil reads the database on every authentication.
    /// - Parameter metrics: where each repository operation records its duration (`DatabaseOperation`);
    ///   nil times nothing.
    public init(
        database: Database, authenticationCache: AuthenticationCache? = AuthenticationCache(),
        clock: @escaping PersistenceClock = Timestamp.now, metrics: ServiceMetrics? = nil
    ) {
        self.init(
            store: SQLiteStore(database), sqlite: database, authenticationCache: authenticationCache, clock: clock,
            metrics: metrics)
    }

    /// The repositories on `store`; `sqlite` is the SQLite database behind it, if it is one.
    public init(
        store: any SQLDatabase, sqlite: Database?, authenticationCache: AuthenticationCache? = AuthenticationCache(),
        clock: @escaping PersistenceClock = Timestamp.now, metrics: ServiceMetrics? = nil
    ) {
        let timer = DatabaseTimer(metrics: metrics)
        self.store = store
        self.sqlite = sqlite
        self.timer = timer
        tenants = TenantRepository(database: store, clock: clock, timer: timer)
        apiKeys = ApiKeyRepository(database: store, cache: authenticationCache, clock: clock, timer: timer)
        adminToken = AdminTokenRepository(database: store, clock: clock)
        profiles = ProfileRepository(database: store, clock: clock, timer: timer)
        layouts = LayoutHistoryRepository(database: store, clock: clock, timer: timer)
        audit = AuditRepository(database: store, timer: timer)
        matrices = MatrixRepository(database: store, clock: clock, timer: timer)
        diffs = DiffRepository(database: store, clock: clock, timer: timer)
        archives = TenantArchiveRepository(database: store, clock: clock, timer: timer)
    }

    /// Opens the database (creating it when missing), refuses it when `PRAGMA quick_check` finds it
    /// damaged (`MaintenanceError.integrityCheckFailed`), applies the pending migrations of
    /// `migrator`, puts it in incremental auto-vacuum mode so retention can shrink the file, and
    /// returns the repositories on it. `report` hears of the one-time rebuild that mode takes on a
    /// database created before it.
    public static func open(
        location: DatabaseLocation, configuration: DatabaseConfiguration = DatabaseConfiguration(),
        migrator: Migrator, authenticationCache: AuthenticationCache? = AuthenticationCache(),
        metrics: ServiceMetrics? = nil, report: @Sendable (String) -> Void = { _ in }
    ) async throws -> Repositories {
        let database = try Database(location: location, configuration: configuration)
        try await database.requireIntegrity(.quick)
        try await database.migrate(migrator)
        let started = ContinuousClock.now
        if try await database.useIncrementalAutoVacuum() {
            report(
                "switched \(location) to incremental auto-vacuum: a one-time VACUUM rewrote the file in "
                    + "\(ContinuousClock.now - started)")
        }
        return Repositories(database: database, authenticationCache: authenticationCache, metrics: metrics)
    }

    /// Connects to the PostgreSQL database of `url` (a pool of at most `poolSize` connections),
    /// applies the pending migrations of `migrator` (PostgreSQL's) under its advisory lock, and
    /// returns the repositories on it. A database that cannot be reached is a `PostgresError`.
    public static func open(
        postgres url: PostgresURL, poolSize: Int, migrator: Migrator,
        authenticationCache: AuthenticationCache? = AuthenticationCache(), metrics: ServiceMetrics? = nil
    ) async throws -> Repositories {
        let store = PostgresStore(url: url, poolSize: poolSize)
        _ = try await store.migrate(migrator)
        return Repositories(store: store, sqlite: nil, authenticationCache: authenticationCache, metrics: metrics)
    }

    /// Which of `migrator`'s migrations the database has applied, and what does not match.
    public func migrationStatus(_ migrator: Migrator) async throws -> MigrationStatus {
        let timing = timer.begin(.readiness)
        defer { timing.end() }
        return try await store.migrationStatus(migrator)
    }
}
