import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What every loop of one server shares: settings, the responder, the connection count and the
/// shutdown phase. Everything mutable is atomic, so loops never wait on each other.
final class ServerState: Sendable {
    enum Phase: Int {
        case running = 0
        /// Stop accepting, finish requests in flight, close idle connections.
        case draining = 1
        /// The grace period is over: close everything now.
        case forced = 2
    }

    let configuration: ServerConfiguration
    let responder: any HTTPResponder
    let listener: ListeningSocket
    let openConnections = Atomic<Int>(0)
    let connectionsPerAddress = ConnectionsPerAddress()
    private let phaseValue = Atomic<Int>(Phase.running.rawValue)
    /// Monotonic time at which draining turns into forced closing.
    private let forceDeadline = Atomic<UInt64>(.max)

    init(configuration: ServerConfiguration, responder: any HTTPResponder, listener: ListeningSocket) {
        self.configuration = configuration
        self.responder = responder
        self.listener = listener
    }

    var phase: Phase {
        let now = monotonicNanoseconds()
        let current = Phase(rawValue: phaseValue.load(ordering: .acquiring)) ?? .forced
        if current == .draining && now >= forceDeadline.load(ordering: .relaxed) { return .forced }
        return current
    }

    func beginDraining(gracePeriod: Duration) {
        let (sum, overflow) = monotonicNanoseconds().addingReportingOverflow(gracePeriod.nanoseconds)
        // The earliest deadline asked for wins: a repeated SIGTERM must not extend the drain, while
        // a shorter grace period (zero: close now) may still cut it short.
        // (A compare-and-exchange loop, not Atomic.min: this toolchain's min on UInt64 compares
        // signed, which would take .max, the "no deadline" value, for the smallest.)
        let deadline = overflow ? .max : sum
        var current = forceDeadline.load(ordering: .relaxed)
        while deadline < current {
            let (exchanged, original) = forceDeadline.compareExchange(
                expected: current, desired: deadline, ordering: .relaxed)
            if exchanged { break }
            current = original
        }
        let (began, _) = phaseValue.compareExchange(
            expected: Phase.running.rawValue, desired: Phase.draining.rawValue, ordering: .acquiringAndReleasing)
        if began {
            // Stop listening now, not when the last loop has drained: the kernel would otherwise go
            // on completing connections into the backlog that no loop accepts any more, and their
            // clients would wait out the grace period. Shutting the socket down (rather than closing
            // it) refuses new connections while the descriptor number stays ours until the loops
            // are done with it.
            _ = shutdown(listener.descriptor, Int32(SHUT_RD))
        }
    }

    func force() {
        phaseValue.store(Phase.forced.rawValue, ordering: .releasing)
    }
}
