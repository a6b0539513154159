import Storage

/// Every repository of the service on one database, sharing one clock and one authentication cache:
/// what the service builds once at start-up and hands to its route handlers.
public struct Repositories: Sendable {
    public let database: Database
    public let tenants: TenantRepository
    public let apiKeys: ApiKeyRepository
    public let adminToken: AdminTokenRepository
    public let profiles: ProfileRepository
    public let layouts: LayoutHistoryRepository
    public let audit: AuditRepository
    public let matrices: MatrixRepository

    /// - Parameter authenticationCache: shared by every key operation, so a rotation or revocation
    ///   through `apiKeys` takes effect at once; nil reads the database on every authentication.
    public init(
        database: Database, authenticationCache: AuthenticationCache? = AuthenticationCache(),
        clock: @escaping PersistenceClock = Timestamp.now
    ) {
        self.database = database
        tenants = TenantRepository(database: database, clock: clock)
        apiKeys = ApiKeyRepository(database: database, cache: authenticationCache, clock: clock)
        adminToken = AdminTokenRepository(database: database, clock: clock)
        profiles = ProfileRepository(database: database, clock: clock)
        layouts = LayoutHistoryRepository(database: database, clock: clock)
        audit = AuditRepository(database: database)
        matrices = MatrixRepository(database: database, clock: clock)
    }

    /// Opens the database (creating it when missing), applies the pending migrations of `migrator`
    /// and returns the repositories on it.
    public static func open(
        location: DatabaseLocation, configuration: DatabaseConfiguration = DatabaseConfiguration(),
        migrator: Migrator, authenticationCache: AuthenticationCache? = AuthenticationCache()
    ) async throws -> Repositories {
        let database = try Database(location: location, configuration: configuration)
        try await database.migrate(migrator)
        return Repositories(database: database, authenticationCache: authenticationCache)
    }
}
