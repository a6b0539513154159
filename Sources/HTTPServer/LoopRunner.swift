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
final class LoopRunner {
    private static let listenerTag = UInt64.max
    private static let wakeTag = UInt64.max - 1
    private static let maxEvents = 256
    private static let readChunk = 8192
    /// How long a closing connection is drained so the client reads our last response before the
    /// kernel would answer its unread bytes with a reset (which can destroy that response).
    private static let lingerNanoseconds: UInt64 = 1_000_000_000
    private static let lingerByteLimit = 1 << 20
    /// How long the loop stops watching the listening socket after accept() failed (EMFILE and
    /// the like). The socket stays readable while the backlog holds connections, so retrying at
    /// once would spin a core until a descriptor is freed.
    private static let acceptBackoffNanoseconds: UInt64 = 200_000_000

    private let loop: EventLoop
    private let state: ServerState
    private let limits: ServerLimits
    private var connections: [Int32: Connection] = [:]
    private var nextConnectionID: UInt64
    private var listening = false
    private var drainingStarted = false
    /// When accepting paused after a failure, the time to watch the listening socket again; 0 otherwise.
    private var acceptResumesAt: UInt64 = 0
    private let sweepIntervalNanoseconds: UInt64
    private let waitMilliseconds: Int32
    private var scratch = [UInt8](repeating: 0, count: 16384)

    init(loop: EventLoop, state: ServerState) {
        self.loop = loop
        self.state = state
        self.limits = state.configuration.limits
        nextConnectionID = UInt64(loop.index) << 48
        // Time limits are checked by a periodic sweep; a quarter of the shortest limit keeps the
        // overshoot small without waking an idle server more than a few times per second.
        let shortest =
            [limits.headReadTimeout, limits.bodyProgressTimeout, limits.idleTimeout, limits.writeProgressTimeout]
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
            let accepted: (descriptor: Int32, peer: String)?
            do throws(SystemError) {
                accepted = try state.listener.accept()
            } catch {
                // Out of descriptors and the like: retrying at once would find the same error.
                pauseAccepting()
                return
            }
            guard let (descriptor, peer) = accepted else { return }
            let open = state.openConnections.wrappingAdd(1, ordering: .relaxed).newValue
            if open > limits.maxConnections || state.phase != .running {
                let refusal = Self.encodeProblem(.serviceUnavailable, "too many open connections")
                refusal.withUnsafeBytes { raw in
                    _ = send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                }
                closeDescriptor(descriptor)
                state.openConnections.subtract(1, ordering: .relaxed)
                continue
            }
            do throws(SystemError) {
                try register(
                    descriptor, events: CEPOLL_IN | CEPOLL_OUT | CEPOLL_RDHUP | CEPOLL_ET, tag: UInt64(descriptor))
            } catch {
                closeDescriptor(descriptor)
                state.openConnections.subtract(1, ordering: .relaxed)
                continue
            }
            nextConnectionID &+= 1
            connections[descriptor] = Connection(
                descriptor: descriptor, id: nextConnectionID, remoteAddress: peer, limits: limits,
                now: monotonicNanoseconds())
        }
    }

    // MARK: The connection state machine

    /// Moves a connection as far as it can go without blocking: write what is pending, then parse
    /// buffered bytes, reading more when the parser needs them, until a handler owns a request, the
    /// socket has nothing more, or the connection closes.
    private func drive(_ connection: Connection) {
        var readProgress = false
        var writeProgress = false
        loop: while !connection.isClosed {
            if connection.hasOutbound {
                let before = connection.outboundOffset
                flush(connection)
                if connection.isClosed { return }
                if connection.outboundOffset != before { writeProgress = true }
                if connection.hasOutbound { break loop }
            }
            if connection.lingering {
                drainLingering(connection)
                return
            }
            if connection.closeAfterOutbound {
                beginLingeringClose(connection)
                return
            }
            if connection.awaitingResponse { break loop }
            if state.phase != .running && connection.isIdle {
                close(connection)
                return
            }
            let event: ParserEvent
            do throws(HTTPParseError) {
                event = try connection.parser.next(&connection.inbound)
            } catch {
                respondAndClose(connection, status: error.status, detail: error.detail)
                continue loop
            }
            switch event {
            case .expectsContinue:
                connection.outbound = ResponseEncoder.continueResponse
                connection.outboundOffset = 0
            case .request(let parsed):
                dispatch(parsed, on: connection)
            case .needMoreData:
                if connection.peerClosed {
                    // The client finished sending; a partial request can never complete.
                    close(connection)
                    return
                }
                guard connection.mayHaveUnreadData else { break loop }
                let count = read(connection)
                if connection.isClosed { return }
                if count > 0 {
                    readProgress = true
                } else if !connection.peerClosed {
                    break loop
                }
            }
        }
        refreshDeadline(connection, readProgress: readProgress, writeProgress: writeProgress)
    }

    private func dispatch(_ parsed: ParsedRequest, on connection: Connection) {
        connection.requestsStarted += 1
        let keepAlive =
            parsed.keepAlive
            && connection.requestsStarted < limits.maxRequestsPerConnection
            && state.phase == .running
        connection.awaitingResponse = true
        let request = parsed.request
        let context = RequestContext(remoteAddress: connection.remoteAddress)
        let loop = self.loop
        let responder = state.responder
        let descriptor = connection.descriptor
        let connectionID = connection.id
        // The handler runs on the concurrency pool, never on this I/O thread; encoding happens there
        // too so the loop only copies bytes to the socket.
        Task {
            let response = await responder.respond(to: request, context: context)
            let isHead = request.method == .head
            let bytes = ResponseEncoder.encode(response, version: request.version, isHead: isHead, keepAlive: keepAlive)
            loop.deliver(
                HandlerCompletion(
                    descriptor: descriptor, connectionID: connectionID, bytes: bytes, keepAlive: keepAlive,
                    response: response, version: request.version, isHead: isHead))
        }
    }

    private func complete(_ completion: HandlerCompletion) {
        guard let connection = connections[completion.descriptor], connection.id == completion.connectionID,
            connection.awaitingResponse
        else { return }  // the connection died while its handler ran
        connection.awaitingResponse = false
        connection.outboundOffset = 0
        if completion.keepAlive && state.phase != .running {
            // Shutdown began while the handler ran: the client must learn that this connection ends.
            connection.outbound = ResponseEncoder.encode(
                completion.response, version: completion.version, isHead: completion.isHead, keepAlive: false)
            connection.closeAfterOutbound = true
        } else {
            connection.outbound = completion.bytes
            connection.closeAfterOutbound = !completion.keepAlive
        }
        drive(connection)
    }

    /// Answers a request that cannot be served (parse error, time-out) and ends the connection.
    private func respondAndClose(_ connection: Connection, status: HTTPStatus, detail: String) {
        connection.outbound = Self.encodeProblem(status, detail)
        connection.outboundOffset = 0
        connection.closeAfterOutbound = true
        connection.inbound.removeAll()
    }

    private static func encodeProblem(_ status: HTTPStatus, _ detail: String) -> [UInt8] {
        var response = ProblemDetails(title: status.reasonPhrase, status: status.code, detail: detail).response()
        response.headers.add(name: RequestIDMiddleware.headerName, value: RequestID.generate())
        return ResponseEncoder.encode(response, version: .http11, isHead: false, keepAlive: false)
    }

    // MARK: Socket I/O

    /// Reads once into the inbound buffer; returns the byte count (0 when nothing was there).
    private func read(_ connection: Connection) -> Int {
        let descriptor = connection.descriptor
        do throws(SystemError) {
            let count = try connection.inbound.write(upTo: Self.readChunk) { (raw) throws(SystemError) -> Int in
                try systemCall("read", subject: "fd \(descriptor)") {
                    Glibc.read(descriptor, raw.baseAddress, raw.count)
                }
            }
            if count == 0 {
                connection.peerClosed = true
                connection.mayHaveUnreadData = false
            } else if count < Self.readChunk && !connection.peerHangupSeen {
                // A short read emptied the socket; edge-triggered epoll reports the next bytes.
                connection.mayHaveUnreadData = false
            }
            return count
        } catch {
            if error.wouldBlock {
                connection.mayHaveUnreadData = false
            } else {
                close(connection)
            }
            return 0
        }
    }

    private func flush(_ connection: Connection) {
        let descriptor = connection.descriptor
        while connection.hasOutbound {
            let offset = connection.outboundOffset
            let sent = connection.outbound.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent >= 0 {
                connection.outboundOffset += sent
                continue
            }
            let code = cepoll_errno()
            if code == EINTR { continue }
            // EAGAIN: the socket buffer is full; edge-triggered EPOLLOUT says when to go on.
            if code != EAGAIN && code != EWOULDBLOCK { close(connection) }
            return
        }
        connection.outbound = []
        connection.outboundOffset = 0
    }

    // MARK: Closing

    private func beginLingeringClose(_ connection: Connection) {
        if connection.peerClosed {
            close(connection)
            return
        }
        _ = shutdown(connection.descriptor, Int32(SHUT_WR))
        connection.lingering = true
        connection.inbound.removeAll()
        connection.wait = .linger
        connection.deadline = monotonicNanoseconds() &+ min(Self.lingerNanoseconds, limits.idleTimeout.nanoseconds)
        connection.mayHaveUnreadData = true
        drainLingering(connection)
    }

    /// Discards what the client still sends until it closes, the byte budget is spent, or the
    /// linger deadline (enforced by the sweep) passes.
    private func drainLingering(_ connection: Connection) {
        var drained = 0
        while drained < Self.lingerByteLimit {
            let count = scratch.withUnsafeMutableBytes { raw in
                Glibc.read(connection.descriptor, raw.baseAddress, raw.count)
            }
            if count > 0 {
                drained += count
                continue
            }
            if count < 0 && (cepoll_errno() == EAGAIN || cepoll_errno() == EWOULDBLOCK) { return }
            if count < 0 && cepoll_errno() == EINTR { continue }
            break
        }
        close(connection)
    }

    private func close(_ connection: Connection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        // Closing the descriptor also removes it from the epoll set.
        closeDescriptor(connection.descriptor)
        connections.removeValue(forKey: connection.descriptor)
        state.openConnections.subtract(1, ordering: .relaxed)
    }

    /// Closes with a reset instead of a FIN: for a client that stopped reading, a plain close would
    /// leave the unsent bytes in an orphaned kernel socket that keeps probing a zero window.
    private func abort(_ connection: Connection) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(
            connection.descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(connection)
    }

    private func closeAll() {
        for connection in Array(connections.values) { close(connection) }
    }

    // MARK: Time limits and shutdown

    private func refreshDeadline(_ connection: Connection, readProgress: Bool, writeProgress: Bool) {
        guard !connection.isClosed, !connection.lingering else { return }
        let next: Connection.Wait
        let limit: UInt64
        if connection.awaitingResponse {
            connection.wait = .handler
            connection.deadline = .max
            return
        } else if connection.hasOutbound {
            next = .write
            limit = limits.writeProgressTimeout.nanoseconds
            if connection.wait == .write && !writeProgress { return }
        } else if connection.parser.isReadingBody {
            next = .body
            limit = limits.bodyProgressTimeout.nanoseconds
            if connection.wait == .body && !readProgress { return }
        } else if connection.parser.isInsideRequest || !connection.inbound.isEmpty || connection.requestsStarted == 0 {
            // The head limit runs from the first byte of the request (or from accept, for the first
            // request) and is not extended by progress: that is what defeats slowloris.
            next = .head
            limit = limits.headReadTimeout.nanoseconds
            if connection.wait == .head { return }
        } else {
            next = .idle
            limit = limits.idleTimeout.nanoseconds
            if connection.wait == .idle { return }
        }
        connection.wait = next
        connection.deadline = monotonicNanoseconds() &+ limit
    }

    private func sweep(now: UInt64) {
        var expired: [Connection] = []
        for connection in connections.values where connection.deadline <= now {
            expired.append(connection)
        }
        for connection in expired where !connection.isClosed {
            switch connection.wait {
            case .handler:
                continue
            case .idle, .linger:
                close(connection)
            case .write:
                abort(connection)
            case .head:
                if connection.inbound.isEmpty && !connection.parser.isInsideRequest {
                    close(connection)  // never sent a byte of a request: nothing to answer
                } else {
                    respondAndClose(
                        connection, status: .requestTimeout,
                        detail: "request head not received within \(limits.headReadTimeout)")
                    drive(connection)
                }
            case .body:
                respondAndClose(
                    connection, status: .requestTimeout,
                    detail: "no request body bytes received for \(limits.bodyProgressTimeout)")
                drive(connection)
            }
        }
    }

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
