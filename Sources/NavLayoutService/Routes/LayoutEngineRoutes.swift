import HTTPServer

/// The contract's layout routes, bound to the handlers of `LayoutRoutes`; a handler this build does
/// not have answers 501 problem details.
enum LayoutEngineRoutes {
    static func routes(_ layoutRoutes: LayoutRoutes, _ environment: ServiceEnvironment) -> [ServiceRoute] {
        [
            route(.post, "/v1/layouts", layoutRoutes.solve, environment, tenantScoped: true),
            route(.get, "/v1/layouts/{id}.svg", layoutRoutes.svg, environment, tenantScoped: true),
            route(.post, "/v1/convert", layoutRoutes.convert, environment, tenantScoped: true),
            route(.post, "/v1/scenarios", layoutRoutes.scenarios, environment, tenantScoped: true),
            route(.get, "/v1/style", layoutRoutes.style, environment, tenantScoped: false),
            route(.post, "/v1/layouts/svg", layoutRoutes.picture, environment, tenantScoped: true),
            route(.post, "/v1/layouts/matrix", layoutRoutes.matrix, environment, tenantScoped: true),
            route(.get, "/v1/layouts/matrix/{id}.svg", layoutRoutes.matrixSheet, environment, tenantScoped: true),
        ]
    }

    private static func route(
        _ method: HTTPMethod, _ pattern: String, _ handler: ServiceHandler?, _ environment: ServiceEnvironment,
        tenantScoped: Bool
    ) -> ServiceRoute {
        guard let handler else {
            return ServiceRoute(method, pattern) { request, _ in
                // Credentials are checked first, as the real handler will, so the contract's 401
                // holds in every build.
                if tenantScoped { _ = try await environment.authenticator.tenant(of: request) }
                throw HTTPError(
                    .notImplemented, detail: "\(method) \(pattern) is not implemented in this build")
            }
        }
        return ServiceRoute(method, pattern) { request, context in
            try await handler(request, context, environment)
        }
    }
}
