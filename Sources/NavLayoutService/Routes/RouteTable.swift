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

    /// Adds every route to `builder`. Routes whose last parameter carries a suffix share the
    /// router entry of the plain parameter: a value ending in a known suffix goes to that route
    /// (with the suffix removed from the parameter), any other value to the plain route.
    public func register(into builder: RouterBuilder) {
        var plain: [String: RouteHandler] = [:]
        var suffixed: [String: [(parameter: String, suffix: String, handler: RouteHandler)]] = [:]
        var order: [(method: HTTPMethod, pattern: String)] = []
        for route in routes {
            let key: String
            if let split = route.parameterSuffix {
                key = route.method.rawValue + " " + split.routerPattern
                suffixed[key, default: []].append((split.parameter, split.suffix, route.handler))
                if !order.contains(where: { $0.method == route.method && $0.pattern == split.routerPattern }) {
                    order.append((route.method, split.routerPattern))
                }
            } else {
                key = route.method.rawValue + " " + route.pattern
                plain[key] = route.handler
                if !order.contains(where: { $0.method == route.method && $0.pattern == route.pattern }) {
                    order.append((route.method, route.pattern))
                }
            }
        }
        for entry in order {
            let key = entry.method.rawValue + " " + entry.pattern
            let fallback = plain[key]
            guard let variants = suffixed[key] else {
                if let fallback { builder.on(entry.method, entry.pattern, use: fallback) }
                continue
            }
            builder.on(entry.method, entry.pattern) { request, context in
                for variant in variants {
                    if let value = context.parameters[variant.parameter], value.hasSuffix(variant.suffix),
                        value.count > variant.suffix.count
                    {
                        var context = context
                        var parameters = context.parameters.all.map { ($0.name, $0.value) }
                        for index in parameters.indices where parameters[index].0 == variant.parameter {
                            parameters[index].1 = String(value.dropLast(variant.suffix.count))
                        }
                        context.parameters = RouteParameters(parameters)
                        return try await variant.handler(request, context)
                    }
                }
                guard let fallback else {
                    throw HTTPError(.notFound, detail: "no route for \(request.path)")
                }
                return try await fallback(request, context)
            }
        }
    }
}
