import HTTPServer
import JSON
import NavigationLayout
import Storage

/// Builds the service: opens (creating) and migrates the database, makes sure an admin token
/// exists, and assembles the router with its middleware. `navlayout serve` and the tests both call
/// this, so tests run exactly what users run, in process (`application.http.respond`) or live
/// (`application.start()`).
public func buildApplication(_ configuration: ServiceConfiguration) async throws -> NavLayoutApplication {
    let migrator = try configuration.migrator()
    // Replicas on one PostgreSQL database do not hear of a key another one revokes or rotates: each
    // trusts a key it authenticated for half a second at most, so a revocation holds everywhere
    // within a second.
    let timeToLive =
        configuration.postgres == nil
        ? configuration.authenticationCacheTimeToLive
        : min(configuration.authenticationCacheTimeToLive, AuthenticationCache.replicatedTimeToLive)
    let cache = AuthenticationCache(timeToLive: timeToLive)
    let metrics = ServiceMetrics()
    let errorSink = configuration.errorLog
    let report: @Sendable (String) -> Void = { message in
        errorSink?.write(
            line: JSONWriter().string(for: .object([("level", .string("info")), ("message", .string(message))])))
    }
    let repositories =
        if let postgres = configuration.postgres {
            try await Repositories.open(
                postgres: postgres, poolSize: configuration.databasePoolSize, migrator: migrator,
                authenticationCache: cache, metrics: metrics)
        } else {
            try await Repositories.open(
                location: configuration.database, migrator: migrator, authenticationCache: cache, metrics: metrics,
                report: report)
        }
    let adminToken = try await repositories.adminToken.ensure(environmentToken: configuration.adminToken)
    if let database = repositories.sqlite {
        metrics.readWriterStatistics { database.writerStatistics }
    }
    let environment = ServiceEnvironment(
        repositories: repositories, metrics: metrics, migrator: migrator,
        layouts: LayoutPipeline(
            cacheBytes: configuration.preparedLayoutCacheBytes, limits: configuration.layoutLimits,
            clock: EngineClock.nanoseconds),
        backupDirectory: configuration.effectiveBackupDirectory,
        solving: configuration.solverThreads.map { SolverPool(threads: $0) } ?? SolverPool())

    let table = RouteTable(ServiceFeatures.routes(environment))
    let builder = RouterBuilder()
    builder.add(middleware: RequestIDMiddleware())
    if let sink = configuration.accessLog { builder.add(middleware: AccessLogMiddleware(sink: sink)) }
    builder.add(middleware: MetricsMiddleware(metrics: metrics))
    // Unexpected failures (a bug) and storage faults (a full disk) are logged with the request id
    // that the client saw in its answer; their internals are never shown to the client.
    let reportError: @Sendable (any Error, RequestContext) -> Void = { error, context in
        errorSink?.write(
            line: JSONWriter().string(
                for: .object([
                    ("level", .string("error")), ("requestId", .string(context.requestID)),
                    ("route", .string(context.routePattern)), ("error", .string(String(describing: error))),
                ])))
    }
    builder.add(middleware: ProblemDetailsMiddleware(report: reportError))
    builder.add(middleware: StorageFaultMiddleware(report: reportError))
    table.register(into: builder)
    let router = try builder.build()

    let retention = RetentionScheduler(
        policy: configuration.retention, interval: configuration.retentionInterval, environment: environment,
        report: report)
    return NavLayoutApplication(
        http: HTTPApplication(configuration: configuration.server, responder: router), routes: table,
        environment: environment, adminToken: adminToken, retention: retention,
        shutdownGracePeriod: configuration.shutdownGracePeriod)
}
