/// Anything that answers requests. The server calls `respond` off its I/O threads; tests and
/// in-process callers call it directly with a `RequestContext()` and get the same answer.
public protocol HTTPResponder: Sendable {
    /// Never throws: a responder maps every failure to a response (the router to problem details).
    func respond(to request: Request, context: RequestContext) async -> Response
}

/// A route handler: `(Request, RequestContext) async throws -> Response`. Thrown
/// `HTTPResponseError`s become their status; any other error a 500.
public typealias RouteHandler = @Sendable (Request, RequestContext) async throws -> Response
