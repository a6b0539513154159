import HTTPServer

/// Answers a request that met a storage fault (disk full, I/O error, read-only or vanished
/// database file) with the fault's status instead of a 500, and reports the fault, which the
/// operator must hear of although the client gets a useful answer. Sits just inside
/// `ProblemDetailsMiddleware`, which writes the document.
struct StorageFaultMiddleware: Middleware {
    let report: @Sendable (any Error, RequestContext) -> Void

    func handle(
        _ request: Request,
        context: RequestContext,
        next: (Request, RequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            guard let fault = StorageFaultError(error) else { throw error }
            report(error, context)
            throw fault
        }
    }
}
