import HTTPServer

/// One route of the service as the contract names it: method, pattern and handler. The pattern is
/// the router's (`/v1/layouts/{id}.svg`) and the OpenAPI document's alike.
public struct ServiceRoute: Sendable {
    public var method: HTTPMethod
    public var pattern: String
    public var handler: RouteHandler

    public init(_ method: HTTPMethod, _ pattern: String, handler: @escaping RouteHandler) {
        self.method = method
        self.pattern = pattern
        self.handler = handler
    }

    /// A route whose handler takes the service's environment as well, bound to `environment`.
    init(
        _ method: HTTPMethod, _ pattern: String, _ environment: ServiceEnvironment, _ handler: @escaping ServiceHandler
    ) {
        self.init(method, pattern) { request, context in
            try await handler(request, context, environment)
        }
    }
}
