#if canImport(Glibc)
    import Glibc
#endif

/// The socket set-up every descriptor of the server gets.
enum SocketOptions {
    /// Non-blocking (the event loop must never sleep in read or write) and close-on-exec (a child
    /// process must not inherit client connections).
    static func makeNonBlockingAndCloseOnExec(_ fd: Int32) throws(SystemError) {
        let flags = try systemCall("fcntl(F_GETFL)", subject: "fd \(fd)") { fcntl(fd, F_GETFL) }
        _ = try systemCall("fcntl(F_SETFL)", subject: "fd \(fd)") { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        _ = try systemCall("fcntl(F_SETFD)", subject: "fd \(fd)") { fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }

    static func setInteger(_ fd: Int32, level: Int32, option: Int32, value: Int32, name: String) throws(SystemError) {
        var value = value
        _ = try systemCall("setsockopt(\(name))", subject: "fd \(fd)") {
            setsockopt(fd, level, option, &value, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    /// `a.b.c.d:port` of an IPv4 socket address.
    static func describe(_ address: sockaddr_in) -> String {
        var copy = address.sin_addr
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        inet_ntop(AF_INET, &copy, &text, socklen_t(INET_ADDRSTRLEN))
        let host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "\(host):\(UInt16(bigEndian: address.sin_port))"
    }
}
