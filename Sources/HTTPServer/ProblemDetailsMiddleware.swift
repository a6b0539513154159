/// Maps thrown errors to RFC 9457 problem details: an `HTTPResponseError` keeps its status and
/// fields, anything else becomes a 500 whose detail names no internals.
public struct ProblemDetailsMiddleware: Middleware {
    /// Receives errors that are not `HTTPResponseError`s (bugs, storage failures) for logging.
    private let report: @Sendable (any Error, RequestContext) -> Void

    public init(report: @escaping @Sendable (any Error, RequestContext) -> Void = { _, _ in }) {
        self.report = report
    }

    public func handle(
        _ request: Request,
        context: RequestContext,
        next: (Request, RequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            if !(error is any HTTPResponseError) { report(error, context) }
            return Self.response(for: error, requestID: context.requestID)
        }
    }

    static func response(for error: any Error, requestID: String) -> Response {
        if let httpError = error as? any HTTPResponseError {
            return httpError.problem.response(headers: httpError.responseHeaders)
        }
        let problem = ProblemDetails(
            title: HTTPStatus.internalServerError.reasonPhrase, status: 500,
            detail: "the server failed to answer request \(requestID)")
        return problem.response()
    }
}
