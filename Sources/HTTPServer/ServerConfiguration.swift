/// Everything that bounds what one client can make the server hold or wait for, in one value.
///
/// The defaults suit a JSON API on the public internet: small heads, bodies up to 1 MiB, and time
/// limits short enough that a slow client (slowloris) cannot pin a connection slot for long.
public struct ServerLimits: Sendable, Equatable {
    /// Longest request line (method, target, version) in bytes; longer answers 414.
    public var maxRequestLineLength: Int = 8 * 1024
    /// Longest single header line in bytes; longer answers 431.
    public var maxHeaderLineLength: Int = 8 * 1024
    /// All header lines of one request together, in bytes; more answers 431.
    public var maxHeaderBytes: Int = 32 * 1024
    /// Number of header fields in one request; more answers 431.
    public var maxHeaderCount: Int = 100
    /// Largest request body (Content-Length or the sum of the chunks); larger answers 413.
    public var maxBodySize: Int = 1024 * 1024
    /// Longest chunk-size line including chunk extensions; longer answers 400.
    public var maxChunkLineLength: Int = 1024
    /// Open client connections across the whole server; more are accepted and closed at once with 503.
    public var maxConnections: Int = 10_000
    /// Open connections from one client IPv4 address; more are accepted and closed at once with 503
    /// and `Retry-After`, so that one address cannot hold every slot. nil: a quarter of
    /// `maxConnections`, at most 256 (see `connectionsPerAddressLimit`). Behind a reverse proxy every
    /// connection comes from the proxy's address: set it to `maxConnections` there.
    public var maxConnectionsPerAddress: Int? = nil
    /// Requests served on one connection before the server answers `Connection: close`.
    public var maxRequestsPerConnection: Int = 10_000

    /// From the first byte of a request to the end of its head (request line and headers).
    public var headReadTimeout: Duration = .seconds(10)
    /// Longest wait for the next bytes of a body that has not fully arrived.
    public var bodyProgressTimeout: Duration = .seconds(10)
    /// From the end of a request's head to the last byte of its body, however steadily the bytes
    /// come: a body sent a byte every few seconds makes progress forever, and only a total deadline
    /// frees its connection. 30 s asks a 1 MiB body for about 35 KB/s.
    public var bodyReadTimeout: Duration = .seconds(30)
    /// Longest wait on a kept-alive connection for the next request to start.
    public var idleTimeout: Duration = .seconds(60)
    /// Longest wait for a client to accept more of a response it is not reading.
    public var writeProgressTimeout: Duration = .seconds(10)
    /// While every connection slot is taken, a connection that has waited this long for its request
    /// (idle, or sending a head or a body) gives its slot to a new one: the one waiting longest is
    /// answered 408 (or closed, if it sent nothing) and the new connection is kept. So clients that
    /// hold slots by sending slowly, from however many addresses, cannot keep out one that would be
    /// done at once; they only keep their slots while there is room.
    public var slotGraceWhenFull: Duration = .seconds(1)

    public init() {}

    /// The open connections one client address may hold: `maxConnectionsPerAddress` when set, else a
    /// quarter of `maxConnections` (at least 1, at most 256).
    public var connectionsPerAddressLimit: Int {
        maxConnectionsPerAddress ?? min(256, max(1, maxConnections / 4))
    }
}

/// Where the server listens and how it spreads work.
public struct ServerConfiguration: Sendable, Equatable {
    /// A dotted IPv4 address to listen on; `127.0.0.1` keeps the server private to the machine.
    public var host: String = "127.0.0.1"
    /// The TCP port; 0 asks the kernel for a free one (read it back from `HTTPServer.localPort`).
    public var port: Int = 8080
    /// How many epoll loops (threads) read and write sockets. The default is one per core.
    public var eventLoopCount: Int = Self.processorCount
    /// The listen backlog handed to the kernel.
    public var backlog: Int32 = 1024
    /// Protocol limits and time-outs.
    public var limits = ServerLimits()
    /// Where handlers run: nil for Swift's shared concurrency pool. A program whose other work can
    /// fill that pool's queue gives the server an executor of its own threads here, so that a
    /// request's handler starts without waiting behind that work. (A handler's timers still wake it
    /// through the shared pool: that is how `Task.sleep` works whatever the task's executor.)
    public var handlerExecutor: (any TaskExecutor)? = nil

    public init(host: String = "127.0.0.1", port: Int = 8080, limits: ServerLimits = ServerLimits()) {
        self.host = host
        self.port = port
        self.limits = limits
    }

    static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Equal settings; two executors are the same when they are the same object.
    public static func == (left: Self, right: Self) -> Bool {
        left.host == right.host && left.port == right.port && left.eventLoopCount == right.eventLoopCount
            && left.backlog == right.backlog && left.limits == right.limits
            && left.handlerExecutor.map { ObjectIdentifier($0) } == right.handlerExecutor.map { ObjectIdentifier($0) }
    }
}

#if canImport(Glibc)
    import Glibc
#endif

extension Duration {
    /// Whole nanoseconds, saturating, for comparisons against the monotonic clock.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        if seconds < 0 { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .max }
        return whole &+ UInt64(attoseconds / 1_000_000_000)
    }
}
