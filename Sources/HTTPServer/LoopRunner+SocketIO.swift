import CEpoll

#if canImport(Glibc)
    import Glibc
#endif

/// Reading from and writing to a connection's socket without blocking.
extension LoopRunner {
    private static let readChunk = 8192

    /// Reads once into the inbound buffer; returns the byte count (0 when nothing was there).
    func read(_ connection: Connection) -> Int {
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

    func flush(_ connection: Connection) {
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
}
