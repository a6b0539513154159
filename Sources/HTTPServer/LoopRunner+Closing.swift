import CEpoll

#if canImport(Glibc)
    import Glibc
#endif

/// Closing connections: lingering so the client reads the last response, plain closes and resets.
extension LoopRunner {
    /// How long a closing connection is drained so the client reads our last response before the
    /// kernel would answer its unread bytes with a reset (which can destroy that response).
    private static let lingerNanoseconds: UInt64 = 1_000_000_000
    private static let lingerByteLimit = 1 << 20

    func beginLingeringClose(_ connection: Connection) {
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
    func drainLingering(_ connection: Connection) {
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

    func close(_ connection: Connection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        // Closing the descriptor also removes it from the epoll set.
        closeDescriptor(connection.descriptor)
        connections.removeValue(forKey: connection.descriptor)
        state.openConnections.subtract(1, ordering: .relaxed)
        state.connectionsPerAddress.release(connection.peerAddress)
    }

    /// Closes with a reset instead of a FIN: for a client that stopped reading, a plain close would
    /// leave the unsent bytes in an orphaned kernel socket that keeps probing a zero window.
    func abort(_ connection: Connection) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(
            connection.descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(connection)
    }

    func closeAll() {
        for connection in Array(connections.values) { close(connection) }
    }
}
