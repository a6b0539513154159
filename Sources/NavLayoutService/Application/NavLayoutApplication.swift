import HTTPServer

/// The built service: the HTTP application (router and server configuration) plus what running it
/// needs beyond serving: the admin token set-up, the retention task and the metrics' view of the
/// server.
public struct NavLayoutApplication: Sendable {
    /// The router with its server configuration; `http.respond(to:)` answers in process.
    public let http: HTTPApplication<Router>
    /// Every route, as registered and as documented.
    public let routes: RouteTable
    public let environment: ServiceEnvironment
    /// How the admin token was set up; `adminToken.newlyGeneratedToken` is to be printed once.
    public let adminToken: AdminTokenSetup
    public let retention: RetentionScheduler
    public let shutdownGracePeriod: Duration

    /// Binds and serves in the background; the returned value stops it.
    public func start() throws -> RunningService {
        let server = http.makeServer()
        try server.start()
        environment.metrics.readConnectionCount { [server] in server.openConnectionCount }
        return RunningService(server: server, retentionTask: retention.start(), metrics: environment.metrics)
    }

    /// Serves until SIGTERM or SIGINT, then drains within the grace period and stops retention.
    /// `onListening` receives the bound port once connections are accepted.
    public func run(onListening: (Int) -> Void = { _ in }) async throws {
        let running = try start()
        running.server.shutdownOnSignals(gracePeriod: shutdownGracePeriod)
        onListening(running.port)
        await running.server.waitUntilStopped()
        await running.stopBackgroundWork()
    }
}
