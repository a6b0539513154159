import HTTPServer

/// A service serving in the background.
public struct RunningService: Sendable {
    public let server: HTTPServer
    let retentionTask: Task<Void, Never>?
    let metrics: ServiceMetrics

    /// The bound port (the kernel's choice when the configuration asked for port 0).
    public var port: Int {
        server.localPort ?? server.configuration.port
    }

    /// Stops accepting, lets requests in flight finish within `gracePeriod`, stops retention.
    public func shutdown(gracePeriod: Duration = .seconds(5)) async {
        await server.shutdown(gracePeriod: gracePeriod)
        await stopBackgroundWork()
    }

    func stopBackgroundWork() async {
        retentionTask?.cancel()
        await retentionTask?.value
        metrics.readConnectionCount(from: nil)
    }
}
