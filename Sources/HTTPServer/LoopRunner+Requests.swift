/// The connection state machine: a connection moves from reading and parsing to a handler task and back
/// to writing its answer.
extension LoopRunner {
    /// Moves a connection as far as it can go without blocking: write what is pending, then parse
    /// buffered bytes, reading more when the parser needs them, until a handler owns a request, the
    /// socket has nothing more, or the connection closes.
    func drive(_ connection: Connection) {
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

    func dispatch(_ parsed: ParsedRequest, on connection: Connection) {
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
        // The handler runs on the concurrency pool (or the configured executor), never on this I/O
        // thread; encoding happens there too so the loop only copies bytes to the socket.
        Task(executorPreference: state.configuration.handlerExecutor) {
            let response = await responder.respond(to: request, context: context)
            let isHead = request.method == .head
            let bytes = ResponseEncoder.encode(response, version: request.version, isHead: isHead, keepAlive: keepAlive)
            loop.deliver(
                HandlerCompletion(
                    descriptor: descriptor, connectionID: connectionID, bytes: bytes, keepAlive: keepAlive,
                    response: response, version: request.version, isHead: isHead))
        }
    }

    func complete(_ completion: HandlerCompletion) {
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
    func respondAndClose(_ connection: Connection, status: HTTPStatus, detail: String) {
        connection.outbound = Self.encodeProblem(status, detail)
        connection.outboundOffset = 0
        connection.closeAfterOutbound = true
        connection.inbound.removeAll()
    }

    static func encodeProblem(_ status: HTTPStatus, _ detail: String, retryAfterSeconds: Int? = nil) -> [UInt8] {
        var response = ProblemDetails(title: status.reasonPhrase, status: status.code, detail: detail).response()
        response.headers.add(name: RequestIDMiddleware.headerName, value: RequestID.generate())
        if let retryAfterSeconds { response.headers.add(name: "Retry-After", value: "\(retryAfterSeconds)") }
        return ResponseEncoder.encode(response, version: .http11, isHead: false, keepAlive: false)
    }
}
