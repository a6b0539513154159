import CEpoll

#if canImport(Glibc)
    import Glibc
#endif

/// The body of one event loop thread: accepts connections, reads, parses, hands complete requests
/// to handler tasks, writes their answers, and enforces the time limits.
///
/// Connections are registered edge-triggered for input and output once, so the steady state needs
/// no `epoll_ctl` per request. A connection whose request is with a handler is not read (back
/// pressure); the kernel's socket buffer and TCP flow control hold the client back meanwhile.
///
/// This file holds the loop, accepting and listening; the connection state machine (`+Requests`), socket
/// I/O (`+SocketIO`), closing (`+Closing`) and the time limits (`+TimeLimits`) are extensions.
final class LoopRunner {
    private static let listenerTag = UInt64.max
    private static let wakeTag = UInt64.max - 1
    private static let maxEvents = 256
    /// How long the loop stops watching the listening socket after accept() failed (EMFILE and
    /// the like). The socket stays readable while the backlog holds connections, so retrying at
    /// once would spin a core until a descriptor is freed.
    private static let acceptBackoffNanoseconds: UInt64 = 200_000_000
    /// What a refused client is told to wait: slots free up as other connections finish.
    private static let refusalRetryAfterSeconds = 1

    let loop: EventLoop
    let state: ServerState
    let limits: ServerLimits
    var connections: [Int32: Connection] = [:]
    private var nextConnectionID: UInt64
    private var listening = false
    private var drainingStarted = false
    /// When accepting paused after a failure, the time to watch the listening socket again; 0 otherwise.
    private var acceptResumesAt: UInt64 = 0
    private let sweepIntervalNanoseconds: UInt64
    private let waitMilliseconds: Int32
    var scratch = [UInt8](repeating: 0, count: 16384)

    init(loop: EventLoop, state: ServerState) {
        self.loop = loop
        self.state = state
        self.limits = state.configuration.limits
        nextConnectionID = UInt64(loop.index) << 48
        // Time limits are checked by a periodic sweep; a quarter of the shortest limit keeps the
        // overshoot small without waking an idle server more than a few times per second.
        let shortest =
            [
                limits.headReadTimeout, limits.bodyProgressTimeout, limits.bodyReadTimeout, limits.idleTimeout,
                limits.writeProgressTimeout,
            ]
            .map(\.nanoseconds).min() ?? 1_000_000_000
        sweepIntervalNanoseconds = min(max(shortest / 4, 5_000_000), 250_000_000)
        waitMilliseconds = Int32(sweepIntervalNanoseconds / 1_000_000)
    }

    func run() {
        do throws(SystemError) {
            try register(loop.wakeDescriptor, events: CEPOLL_IN, tag: Self.wakeTag)
            try register(state.listener.descriptor, events: CEPOLL_IN | CEPOLL_EXCLUSIVE, tag: Self.listenerTag)
            listening = true
        } catch {
            reportFailure(error)
            return
        }
        var events = [epoll_event](repeating: epoll_event(), count: Self.maxEvents)
        var nextSweep = monotonicNanoseconds() &+ sweepIntervalNanoseconds
        var completions: [HandlerCompletion] = []
        while true {
            let count = events.withUnsafeMutableBufferPointer { buffer in
                epoll_wait(loop.epollDescriptor, buffer.baseAddress, Int32(Self.maxEvents), waitMilliseconds)
            }
            if count < 0 && cepoll_errno() != EINTR {
                reportFailure(SystemError(call: "epoll_wait", errno: cepoll_errno(), subject: "loop \(loop.index)"))
                // This loop can no longer hear its sockets: close them rather than leak them.
                closeAll()
                break
            }
            for index in 0..<max(0, Int(count)) {
                handle(events[index])
            }
            loop.takeCompletions(into: &completions)
            for completion in completions {
                complete(completion)
            }
            completions.removeAll(keepingCapacity: true)
            let now = monotonicNanoseconds()
            if now >= nextSweep {
                sweep(now: now)
                nextSweep = now &+ sweepIntervalNanoseconds
            }
            if acceptResumesAt != 0 && now >= acceptResumesAt {
                resumeAccepting()
            }
            let phase = state.phase
            if phase != .running {
                if phase == .forced {
                    closeAll()
                    break
                }
                if !drainingStarted { startDraining() }
                if connections.isEmpty { break }
            }
        }
        stopListening()
    }

    // MARK: Events

    private func handle(_ event: epoll_event) {
        let tag = event.data.u64
        if tag == Self.wakeTag {
            loop.acknowledgeWake()
            return
        }
        if tag == Self.listenerTag {
            acceptConnections()
            return
        }
        guard let connection = connections[Int32(truncatingIfNeeded: tag)] else { return }
        let flags = event.events
        if flags & CEPOLL_ERR != 0 {
            close(connection)
            return
        }
        if flags & (CEPOLL_RDHUP | CEPOLL_HUP) != 0 {
            connection.peerHangupSeen = true
        }
        if flags & (CEPOLL_IN | CEPOLL_RDHUP | CEPOLL_HUP) != 0 {
            connection.mayHaveUnreadData = true
        }
        drive(connection)
    }

    private func acceptConnections() {
        guard listening else { return }
        // Bounded so a flood of connections cannot starve the ones already open.
        for _ in 0..<64 {
            let accepted: (descriptor: Int32, address: UInt32, peer: String)?
            do throws(SystemError) {
                accepted = try state.listener.accept()
            } catch {
                // Out of descriptors and the like: retrying at once would find the same error.
                pauseAccepting()
                return
            }
            guard let (descriptor, address, peer) = accepted else { return }
            let open = state.openConnections.wrappingAdd(1, ordering: .relaxed).newValue
            if state.phase != .running || (open > limits.maxConnections && !freeSlotFromSlowestRequest()) {
                refuse(descriptor, detail: "too many open connections")
                state.openConnections.subtract(1, ordering: .relaxed)
                continue
            }
            guard state.connectionsPerAddress.admit(address, limit: limits.connectionsPerAddressLimit) else {
                refuse(descriptor, detail: "too many open connections from this address")
                state.openConnections.subtract(1, ordering: .relaxed)
                continue
            }
            do throws(SystemError) {
                try register(
                    descriptor, events: CEPOLL_IN | CEPOLL_OUT | CEPOLL_RDHUP | CEPOLL_ET, tag: UInt64(descriptor))
            } catch {
                closeDescriptor(descriptor)
                state.openConnections.subtract(1, ordering: .relaxed)
                state.connectionsPerAddress.release(address)
                continue
            }
            nextConnectionID &+= 1
            connections[descriptor] = Connection(
                descriptor: descriptor, id: nextConnectionID, peerAddress: address, remoteAddress: peer,
                limits: limits, now: monotonicNanoseconds())
        }
    }

    /// Answers a connection the server will not keep with 503 and `Retry-After`, without reading
    /// from it, and closes it at once: a refusal must cost next to nothing.
    private func refuse(_ descriptor: Int32, detail: String) {
        let refusal = Self.encodeProblem(.serviceUnavailable, detail, retryAfterSeconds: Self.refusalRetryAfterSeconds)
        refusal.withUnsafeBytes { raw in
            _ = send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
        }
        closeDescriptor(descriptor)
    }

    // MARK: Listening and shutdown

    private func startDraining() {
        drainingStarted = true
        stopListening()
        for connection in Array(connections.values) where connection.isIdle && !connection.lingering {
            close(connection)
        }
    }

    private func pauseAccepting() {
        stopListening()
        acceptResumesAt = monotonicNanoseconds() &+ Self.acceptBackoffNanoseconds
    }

    private func resumeAccepting() {
        acceptResumesAt = 0
        guard !listening, state.phase == .running else { return }
        do throws(SystemError) {
            try register(state.listener.descriptor, events: CEPOLL_IN | CEPOLL_EXCLUSIVE, tag: Self.listenerTag)
            listening = true
        } catch {
            acceptResumesAt = monotonicNanoseconds() &+ Self.acceptBackoffNanoseconds
        }
    }

    private func stopListening() {
        guard listening else { return }
        listening = false
        var ignored = epoll_event()
        _ = epoll_ctl(loop.epollDescriptor, EPOLL_CTL_DEL, state.listener.descriptor, &ignored)
    }

    private func register(_ descriptor: Int32, events: UInt32, tag: UInt64) throws(SystemError) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = tag
        _ = try systemCall("epoll_ctl(ADD)", subject: "fd \(descriptor)") {
            epoll_ctl(loop.epollDescriptor, EPOLL_CTL_ADD, descriptor, &event)
        }
    }

    private func reportFailure(_ error: SystemError) {
        let line = "navlayout http: event loop \(loop.index) stopped: \(error)\n"
        _ = line.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
    }
}
