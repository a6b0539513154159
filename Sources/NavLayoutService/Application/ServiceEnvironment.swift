import HTTPServer
import NavigationLayout
import Storage

/// What every route handler may use: the repositories, authentication, metrics and the pieces of
/// configuration that shape answers. Built once by `buildApplication`; immutable and Sendable.
public struct ServiceEnvironment: Sendable {
    public let repositories: Repositories
    public let authenticator: Authenticator
    public let metrics: ServiceMetrics
    /// The migrations the running binary expects, for /readyz.
    public let migrator: Migrator
    /// The one way layouts are solved, with this service's prepared-layout cache.
    public let layouts: LayoutPipeline
    /// Where `POST /v1/admin/backup` writes; nil when there is nowhere (an in-memory database).
    public let backupDirectory: String?
    /// The threads that solve large layouts, matrices and scenarios, apart from the handlers' own.
    public let solving: SolverPool
    /// Swift delegates read from requests and profiles (`delegateSource`), kept by their content.
    public let swiftImports: SwiftImports

    public init(
        repositories: Repositories, metrics: ServiceMetrics, migrator: Migrator,
        layouts: LayoutPipeline = LayoutPipeline(clock: EngineClock.nanoseconds), backupDirectory: String? = nil,
        solving: SolverPool = SolverPool(), swiftImports: SwiftImports = SwiftImports()
    ) {
        self.solving = solving
        self.swiftImports = swiftImports
        self.repositories = repositories
        self.authenticator = Authenticator(repositories: repositories)
        self.metrics = metrics
        self.migrator = migrator
        self.layouts = layouts
        self.backupDirectory = backupDirectory
    }
}

/// A route handler with the service's environment.
public typealias ServiceHandler = @Sendable (Request, RequestContext, ServiceEnvironment) async throws -> Response
