import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server: `eventLoopCount` epoll loops share one listening socket and hand complete
/// requests to a responder on the Swift concurrency pool.
///
/// ```
/// let server = HTTPServer(configuration: config, responder: try router.build())
/// try server.start()
/// server.shutdownOnSignals([SIGTERM, SIGINT], gracePeriod: .seconds(10))
/// await server.waitUntilStopped()
/// ```
public final class HTTPServer: Sendable {
    private struct Lifecycle {
        var state: ServerState?
        var loops: [EventLoop] = []
        var runningLoops = 0
        var started = false
        var stopped = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        /// Kept alive for as long as the server is; a released source stops delivering signals.
        var signalSources: [any DispatchSourceSignal] = []
        /// The signals `shutdownOnSignals` set to be ignored, given back their default action once
        /// the server stopped (a process that goes on must not stay deaf to them).
        var ignoredSignals: [Int32] = []
    }

    public let configuration: ServerConfiguration
    private let responder: any HTTPResponder
    private let lifecycle = Mutex(Lifecycle())

    public init(configuration: ServerConfiguration, responder: some HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
    }

    /// The bound port (useful with port 0), or nil before `start()`.
    public var localPort: Int? {
        lifecycle.withLock { $0.state?.listener.port }
    }

    /// Client connections open right now, across all loops (for metrics).
    public var openConnectionCount: Int {
        lifecycle.withLock { $0.state?.openConnections.load(ordering: .relaxed) ?? 0 }
    }

    /// Binds, listens and starts the event loops. Returns once the server accepts connections.
    public func start() throws(SystemError) {
        let alreadyStarted = lifecycle.withLock { life in
            defer { life.started = true }
            return life.started
        }
        guard !alreadyStarted else { return }
        let listener = try ListeningSocket.open(
            host: configuration.host, port: configuration.port, backlog: configuration.backlog)
        let state = ServerState(configuration: configuration, responder: responder, listener: listener)
        var loops: [EventLoop] = []
        do throws(SystemError) {
            for index in 0..<max(1, configuration.eventLoopCount) {
                loops.append(try EventLoop(index: index))
            }
        } catch {
            for loop in loops { loop.closeDescriptors() }
            closeDescriptor(listener.descriptor)
            lifecycle.withLock { $0.started = false }
            throw error
        }
        lifecycle.withLock { life in
            life.state = state
            life.loops = loops
            life.runningLoops = loops.count
        }
        for loop in loops {
            do throws(SystemError) {
                try LoopThread.start { [self] in
                    LoopRunner(loop: loop, state: state).run()
                    loopDidStop()
                }
            } catch {
                // The loops already running serve; this one never will.
                loopDidStop()
            }
        }
    }

    /// Stops accepting, lets requests in flight finish and closes idle connections; after
    /// `gracePeriod` closes whatever is left. Returns when every loop has stopped.
    public func shutdown(gracePeriod: Duration = .seconds(10)) async {
        beginShutdown(gracePeriod: gracePeriod)
        await waitUntilStopped()
    }

    /// Starts a graceful shutdown without waiting for it.
    public func beginShutdown(gracePeriod: Duration = .seconds(10)) {
        let (state, loops, started) = lifecycle.withLock { ($0.state, $0.loops, $0.started) }
        guard started, let state else {
            markStoppedIfNeverStarted()
            return
        }
        state.beginDraining(gracePeriod: gracePeriod)
        for loop in loops { loop.wake() }
    }

    /// Returns once the server has stopped (at once if it never started).
    public func waitUntilStopped() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = lifecycle.withLock { life in
                if life.stopped || !life.started { return true }
                life.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Begins a graceful shutdown when the process receives one of `signals` (SIGTERM, SIGINT).
    /// The handlers are in place when this returns, so a signal sent afterwards is never lost.
    public func shutdownOnSignals(_ signals: [Int32] = [SIGTERM, SIGINT], gracePeriod: Duration = .seconds(10)) {
        lifecycle.withLock { life in
            for number in signals {
                // The default action would kill the process before the drain; a dispatch source
                // receives the signal instead.
                signal(number, SIG_IGN)
                life.ignoredSignals.append(number)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { [weak self] in
                    self?.beginShutdown(gracePeriod: gracePeriod)
                }
                source.resume()
                life.signalSources.append(source)
            }
        }
    }

    /// Starts, serves until SIGTERM or SIGINT, drains within `gracePeriod`, and returns: what an
    /// executable's `serve` command calls before exiting 0.
    public func run(gracePeriod: Duration = .seconds(10)) async throws(SystemError) {
        try start()
        shutdownOnSignals(gracePeriod: gracePeriod)
        await waitUntilStopped()
    }

    private func loopDidStop() {
        let (finished, state, loops) = lifecycle.withLock { life in
            life.runningLoops -= 1
            return (life.runningLoops == 0, life.state, life.loops)
        }
        guard finished else { return }
        if let state { closeDescriptor(state.listener.descriptor) }
        for loop in loops { loop.closeDescriptors() }
        let waiters = lifecycle.withLock { life in
            life.stopped = true
            // Each loop's eventfd closes when its last reference goes (see `EventLoop.deinit`).
            life.loops = []
            for source in life.signalSources { source.cancel() }
            life.signalSources = []
            for number in life.ignoredSignals { signal(number, SIG_DFL) }
            life.ignoredSignals = []
            defer { life.waiters = [] }
            return life.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private func markStoppedIfNeverStarted() {
        let waiters = lifecycle.withLock { life in
            life.stopped = true
            defer { life.waiters = [] }
            return life.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
