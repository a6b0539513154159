/// A responder together with the configuration to serve it: what a service's
/// `buildApplication(configuration)` returns, so tests run exactly what the executable runs, either
/// in process (`respond(to:)`, no sockets) or live (`makeServer()` or `run()`).
public struct HTTPApplication<Responder: HTTPResponder>: Sendable {
    public let configuration: ServerConfiguration
    public let responder: Responder

    public init(configuration: ServerConfiguration, responder: Responder) {
        self.configuration = configuration
        self.responder = responder
    }

    /// Answers one request in process, as the server would (minus framing, which the server adds).
    public func respond(to request: Request, context: RequestContext = RequestContext()) async -> Response {
        await responder.respond(to: request, context: context)
    }

    /// A server for this application, not started yet.
    public func makeServer() -> HTTPServer {
        HTTPServer(configuration: configuration, responder: responder)
    }

    /// Serves until SIGTERM or SIGINT, then drains within `gracePeriod` and returns.
    public func run(gracePeriod: Duration = .seconds(10)) async throws(SystemError) {
        try await makeServer().run(gracePeriod: gracePeriod)
    }
}
