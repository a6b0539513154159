/// A step around every routed request: it may change the request or context, call `next` (the rest
/// of the chain and the handler), and change or replace the response.
public protocol Middleware: Sendable {
    func handle(
        _ request: Request,
        context: RequestContext,
        next: (Request, RequestContext) async throws -> Response
    ) async throws -> Response
}
