#if canImport(Glibc)
    import Glibc
#endif

/// The bound, listening TCP socket. All event loops watch it (with EPOLLEXCLUSIVE, so one
/// connection wakes one loop) and accept from it.
struct ListeningSocket: Sendable {
    let descriptor: Int32
    let port: Int

    static func open(host: String, port: Int, backlog: Int32) throws(SystemError) -> ListeningSocket {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        guard (0...65535).contains(port) else {
            throw SystemError(call: "bind", errno: EINVAL, subject: "port \(port)")
        }
        address.sin_port = UInt16(port).bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw SystemError(call: "inet_pton", errno: EINVAL, subject: "host \(host) (an IPv4 address is required)")
        }
        let fd = try systemCall("socket") { socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0) }
        do throws(SystemError) {
            try SocketOptions.makeNonBlockingAndCloseOnExec(fd)
            // Lets a restarted server bind while old connections sit in TIME_WAIT.
            try SocketOptions.setInteger(fd, level: SOL_SOCKET, option: SO_REUSEADDR, value: 1, name: "SO_REUSEADDR")
            _ = try systemCall("bind", subject: "\(host):\(port)") {
                withUnsafePointer(to: &address) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            }
            _ = try systemCall("listen", subject: "\(host):\(port)") { listen(fd, backlog) }
            var bound = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = try systemCall("getsockname", subject: "\(host):\(port)") {
                withUnsafeMutablePointer(to: &bound) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
                }
            }
            return ListeningSocket(descriptor: fd, port: Int(UInt16(bigEndian: bound.sin_port)))
        } catch {
            closeDescriptor(fd)
            throw error
        }
    }

    /// Accepts one pending connection, already non-blocking, close-on-exec and with Nagle off (a
    /// response is one write; waiting to coalesce it only adds latency). Nil when none is pending.
    /// `address` is the client's IPv4 address in network byte order, `peer` its `a.b.c.d:port`.
    func accept() throws(SystemError) -> (descriptor: Int32, address: UInt32, peer: String)? {
        var peer = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let fd: Int32
        do throws(SystemError) {
            fd = try systemCall("accept", subject: "port \(port)") {
                withUnsafeMutablePointer(to: &peer) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(descriptor, $0, &length) }
                }
            }
        } catch {
            // A connection reset before accept is the client's business, not a server failure.
            if error.wouldBlock || error.errno == ECONNABORTED { return nil }
            throw error
        }
        do throws(SystemError) {
            try SocketOptions.makeNonBlockingAndCloseOnExec(fd)
            try SocketOptions.setInteger(
                fd, level: Int32(IPPROTO_TCP), option: TCP_NODELAY, value: 1, name: "TCP_NODELAY")
        } catch {
            closeDescriptor(fd)
            throw error
        }
        return (fd, peer.sin_addr.s_addr, SocketOptions.describe(peer))
    }
}
