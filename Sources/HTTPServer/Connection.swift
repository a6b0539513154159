/// One client connection's state. Owned by exactly one loop thread for its whole life (never shared,
/// so not Sendable); handler tasks refer to it only by descriptor and id.
final class Connection {
    /// Which time limit the connection is under right now.
    enum Wait {
        /// Waiting for a request to start (after a response, on a kept-alive connection).
        case idle
        /// Reading a request head (also a fresh connection that has not sent its first request).
        case head
        /// Reading a body: the progress limit restarts whenever bytes arrive, within the body's
        /// total deadline (`bodyDeadline`).
        case body
        /// A handler is running: no limit (handlers are bounded by their own logic).
        case handler
        /// The client is slow to take the response: the limit restarts whenever bytes leave.
        case write
        /// Our side is closed for writing; reading and discarding until the client closes too.
        case linger
    }

    let descriptor: Int32
    let id: UInt64
    let remoteAddress: String
    /// The client's IPv4 address (network byte order), the key of the per-address connection count.
    let peerAddress: UInt32
    var inbound = InboundBuffer()
    var parser: RequestParser
    var outbound: [UInt8] = []
    var outboundOffset = 0
    /// A handler task owns the current request; nothing else is read or parsed until it answers
    /// (this is the back pressure: a client cannot queue work faster than it is answered).
    var awaitingResponse = false
    /// Edge-triggered epoll reports readiness once; this remembers that the socket may hold bytes.
    var mayHaveUnreadData = true
    /// The peer signalled end of stream (EPOLLRDHUP): read until read() returns 0.
    var peerHangupSeen = false
    /// read() returned 0: the client will send nothing more.
    var peerClosed = false
    /// Close once `outbound` is written (error responses, `Connection: close`, shutdown).
    var closeAfterOutbound = false
    var lingering = false
    var isClosed = false
    var requestsStarted = 0
    var wait = Wait.head
    var deadline: UInt64
    /// When the body being read must have arrived in full; set as the body wait begins.
    var bodyDeadline: UInt64 = .max

    init(
        descriptor: Int32, id: UInt64, peerAddress: UInt32, remoteAddress: String, limits: ServerLimits, now: UInt64
    ) {
        self.descriptor = descriptor
        self.id = id
        self.peerAddress = peerAddress
        self.remoteAddress = remoteAddress
        parser = RequestParser(limits: limits)
        deadline = now &+ limits.headReadTimeout.nanoseconds
    }

    var hasOutbound: Bool { outboundOffset < outbound.count }

    /// Nothing received, nothing pending, nothing to send: safe to close without losing work.
    var isIdle: Bool {
        !awaitingResponse && !hasOutbound && inbound.isEmpty && !parser.isInsideRequest
    }
}
