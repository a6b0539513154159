/// Applies the history retention policy now and then while the service runs. The task stops when
/// the service shuts down (cancellation ends its sleep at once).
public struct RetentionScheduler: Sendable {
    public let policy: RetentionPolicy
    public let interval: Duration
    private let environment: ServiceEnvironment
    private let report: @Sendable (String) -> Void

    public init(
        policy: RetentionPolicy, interval: Duration, environment: ServiceEnvironment,
        report: @escaping @Sendable (String) -> Void
    ) {
        self.policy = policy
        self.interval = interval
        self.environment = environment
        self.report = report
    }

    /// Whether the policy removes anything at all; keeping everything needs no task.
    public var isActive: Bool {
        policy.maximumAge != nil || policy.maximumCountPerTenant != nil
    }

    /// One pass, now; none (nothing deleted) while another process sharing the database runs one.
    @discardableResult
    public func runOnce() async throws -> RetentionOutcome {
        let (layouts, policy) = (environment.repositories.layouts, policy)
        return try await environment.repositories.store.exclusively("retention") {
            try await layouts.applyRetention(policy)
        } ?? RetentionOutcome(deletedByAge: 0, deletedByCount: 0)
    }

    /// Starts the periodic task: a pass at once, then one per interval, until cancelled.
    public func start() -> Task<Void, Never>? {
        guard isActive else { return nil }
        return Task { [self] in
            while !Task.isCancelled {
                do {
                    let outcome = try await runOnce()
                    if outcome.deleted > 0 {
                        report(
                            "retention removed \(outcome.deletedByAge) layout(s) by age and \(outcome.deletedByCount) by count, "
                                + "freeing \(outcome.freedPages) database page(s)"
                        )
                    }
                } catch {
                    report("retention failed: \(error)")
                }
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return  // cancelled: the service is shutting down
                }
            }
        }
    }
}
