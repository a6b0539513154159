import HTTPServer

/// Counts every routed request by pattern, method and status and times it. Sits inside the
/// problem details middleware's caller chain so that errors are counted with their real status.
public struct MetricsMiddleware: Middleware {
    private let metrics: ServiceMetrics

    public init(metrics: ServiceMetrics) {
        self.metrics = metrics
    }

    public func handle(
        _ request: Request,
        context: RequestContext,
        next: (Request, RequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            let response = try await next(request, context)
            record(request, context: context, status: response.status.code)
            return response
        } catch {
            record(request, context: context, status: (error as? any HTTPResponseError)?.status.code ?? 500)
            throw error
        }
    }

    /// Methods outside the standard set share one label, so odd clients cannot grow the series.
    static func methodLabel(_ method: HTTPMethod) -> String {
        let standard: [HTTPMethod] = [.get, .head, .post, .put, .patch, .delete, .options]
        return standard.contains(method) ? method.rawValue : "other"
    }

    private func record(_ request: Request, context: RequestContext, status: Int) {
        metrics.recordRequest(
            route: context.routePattern, method: Self.methodLabel(request.method), status: status,
            duration: ContinuousClock.now - context.receivedAt)
    }
}
