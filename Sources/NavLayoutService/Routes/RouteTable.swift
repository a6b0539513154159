import HTTPServer

/// The service's routes in one list: registered into a `RouterBuilder`, and compared against the
/// OpenAPI document so the two cannot drift apart.
public struct RouteTable: Sendable {
    public let routes: [ServiceRoute]

    public init(_ routes: [ServiceRoute]) {
        self.routes = routes
    }

    /// `(method, documented pattern)` of every route, sorted.
    public var operations: [(method: String, pattern: String)] {
        routes.map { ($0.method.rawValue, $0.pattern) }.sorted { ($0.pattern, $0.method) < ($1.pattern, $1.method) }
    }

    /// Adds every route to `builder`, each under its pattern as written.
    public func register(into builder: RouterBuilder) {
        for route in routes {
            builder.on(route.method, route.pattern, use: route.handler)
        }
    }
}
