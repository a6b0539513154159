/// Gives every request an id and every response an `X-Request-Id`: the client's own id when it sent
/// an acceptable one, otherwise the one the server generated.
public struct RequestIDMiddleware: Middleware {
    public static let headerName = "X-Request-Id"

    public init() {}

    public func handle(
        _ request: Request,
        context: RequestContext,
        next: (Request, RequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        if let supplied = request.headers[Self.headerName], RequestID.isAcceptable(supplied) {
            context.requestID = supplied
        }
        var response = try await next(request, context)
        response.headers.replaceOrAdd(name: Self.headerName, value: context.requestID)
        return response
    }
}
