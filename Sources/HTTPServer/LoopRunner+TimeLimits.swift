/// Time limits: the deadline each wait of a connection sets (head, body, handler, write, idle), and the
/// periodic sweep that enforces them.
extension LoopRunner {
    func refreshDeadline(_ connection: Connection, readProgress: Bool, writeProgress: Bool) {
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
            // The progress limit restarts with every read, but never past the body's own deadline,
            // set when the wait for it began: that is what ends a body trickled a byte at a time.
            let now = monotonicNanoseconds()
            if connection.wait != .body {
                connection.wait = .body
                connection.bodyDeadline = now &+ limits.bodyReadTimeout.nanoseconds
            } else if !readProgress {
                return
            }
            connection.deadline = min(now &+ limits.bodyProgressTimeout.nanoseconds, connection.bodyDeadline)
            return
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

    /// With every slot taken, ends this loop's connection that has waited longest for its request, if
    /// it has waited at least `slotGraceWhenFull` (see there), and reports whether one was ended: its
    /// slot goes to the connection being accepted.
    func freeSlotFromSlowestRequest() -> Bool {
        let now = monotonicNanoseconds()
        var slowest: Connection?
        var earliest = UInt64.max
        for connection in connections.values where !connection.isClosed && !connection.lingering {
            let started: UInt64
            switch connection.wait {
            case .idle: started = connection.deadline &- limits.idleTimeout.nanoseconds
            case .head: started = connection.deadline &- limits.headReadTimeout.nanoseconds
            case .body: started = connection.bodyDeadline &- limits.bodyReadTimeout.nanoseconds
            case .handler, .write, .linger: continue
            }
            if started < earliest {
                earliest = started
                slowest = connection
            }
        }
        guard let slowest, now &- earliest >= limits.slotGraceWhenFull.nanoseconds else { return false }
        if slowest.wait == .idle || (slowest.inbound.isEmpty && !slowest.parser.isInsideRequest) {
            close(slowest)  // nothing of a request to answer
        } else {
            respondAndClose(
                slowest, status: .requestTimeout,
                detail: "request not received in time while the server has no free connection")
            drive(slowest)
        }
        return true
    }

    func sweep(now: UInt64) {
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
                let detail =
                    now >= connection.bodyDeadline
                    ? "request body not received within \(limits.bodyReadTimeout)"
                    : "no request body bytes received for \(limits.bodyProgressTimeout)"
                respondAndClose(connection, status: .requestTimeout, detail: detail)
                drive(connection)
            }
        }
    }
}
