/// A typed key for values middleware attaches to a request context (an authenticated tenant, say).
public protocol RequestContextKey {
    associatedtype Value: Sendable
}

/// What the server knows about a request beyond its bytes. A value type: middleware passes a
/// modified copy to the next step, so nothing is shared between requests.
public struct RequestContext: Sendable {
    /// The id of this request, echoed as X-Request-Id; the request id middleware replaces the
    /// generated one with the client's when the client sent an acceptable one.
    public var requestID: String
    /// Values captured by the matched route pattern.
    public var parameters: RouteParameters
    /// `address:port` of the peer, or `in-process` when the responder is called directly.
    public let remoteAddress: String
    /// When the request was complete, for durations in the access log.
    public let receivedAt: ContinuousClock.Instant
    /// The route pattern that matched, such as `/v1/profiles/{name}`; nil before routing.
    public var routePattern: String?

    private var values: [ObjectIdentifier: any Sendable] = [:]
    /// What routing decided for this request, filled in by the router before its middleware runs.
    var routeOutcome: Result<RouteHandler, HTTPError>?

    public init(
        requestID: String = RequestID.generate(),
        remoteAddress: String = "in-process",
        receivedAt: ContinuousClock.Instant = .now
    ) {
        self.requestID = requestID
        self.parameters = RouteParameters()
        self.remoteAddress = remoteAddress
        self.receivedAt = receivedAt
    }

    public subscript<Key: RequestContextKey>(_ key: Key.Type) -> Key.Value? {
        get { values[ObjectIdentifier(key)] as? Key.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}
