/// The repository operations the service times, by their `operation` label in
/// `navlayout_database_duration_seconds`. Each timed repository method records under its own name.
public enum DatabaseOperation: String, Sendable, CaseIterable {
    case tenantsCreate = "tenants.create"
    case tenantsList = "tenants.list"
    case tenantsGet = "tenants.get"
    case tenantsExport = "tenants.export"
    case tenantsImport = "tenants.import"
    case keysCreate = "keys.create"
    case keysList = "keys.list"
    case keysGet = "keys.get"
    case keysRotate = "keys.rotate"
    case keysRevoke = "keys.revoke"
    case profilesPut = "profiles.put"
    case profilesDelete = "profiles.delete"
    case profilesCurrent = "profiles.current"
    case profilesVersion = "profiles.version"
    case profilesVersions = "profiles.versions"
    case profilesList = "profiles.list"
    /// The profile a layout request names, at its version or the current one.
    case profile
    case layoutsRecord = "layouts.record"
    case layoutsGet = "layouts.get"
    case layoutsList = "layouts.list"
    case layoutsRetention = "layouts.retention"
    case auditList = "audit.list"
    case matricesRecord = "matrices.record"
    case matricesGet = "matrices.get"
    /// The stored layouts of a matrix's cells, read to draw its contact sheet.
    case matricesCells = "matrices.cells"
    case diffsRecord = "diffs.record"
    case diffsGet = "diffs.get"
    case diffsList = "diffs.list"
    /// The migrations the database has applied, read by the readiness check.
    case readiness = "readyz"
}

/// Times repository operations into the service's metrics. A repository made without metrics
/// (in a repository test or a benchmark) times nothing.
///
/// A timed method starts with `let timing = timer.begin(.operation)` and `defer { timing.end() }`,
/// so a failed operation is timed too.
public struct DatabaseTimer: Sendable {
    private let metrics: ServiceMetrics?

    public init(metrics: ServiceMetrics?) {
        self.metrics = metrics
    }

    /// Times nothing.
    public static let off = DatabaseTimer(metrics: nil)

    /// Starts timing one call of `operation`.
    func begin(_ operation: DatabaseOperation) -> DatabaseTiming {
        DatabaseTiming(operation: operation, metrics: metrics, start: metrics == nil ? nil : ContinuousClock.now)
    }
}

/// One operation being timed; `end()` records it.
struct DatabaseTiming {
    let operation: DatabaseOperation
    let metrics: ServiceMetrics?
    let start: ContinuousClock.Instant?

    func end() {
        guard let metrics, let start else { return }
        metrics.recordDatabase(operation: operation.rawValue, duration: ContinuousClock.now - start)
    }
}
