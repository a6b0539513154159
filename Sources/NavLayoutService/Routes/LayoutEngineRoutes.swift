import HTTPServer

/// The contract's layout routes, bound to the layout engine's handlers.
enum LayoutEngineRoutes {
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        [
            route(.post, "/v1/layouts", SolveRoutes.solve, environment),
            route(.get, "/v1/layouts/{id}.svg", SolveRoutes.svg, environment),
            route(.post, "/v1/convert", ConvertRoute.handler, environment),
            route(.post, "/v1/scenarios", ScenarioRoute.handler, environment),
            route(.get, "/v1/style", StyleRoute.handler(), environment),
            route(.post, "/v1/layouts/svg", SolveRoutes.picture, environment),
            route(.post, "/v1/layouts/matrix", MatrixRoute.engineHandler, environment),
            route(.get, "/v1/layouts/matrix/{id}.svg", MatrixRoute.sheetHandler, environment),
        ]
    }

    private static func route(
        _ method: HTTPMethod, _ pattern: String, _ handler: @escaping ServiceHandler, _ environment: ServiceEnvironment
    ) -> ServiceRoute {
        ServiceRoute(method, pattern) { request, context in
            try await handler(request, context, environment)
        }
    }
}
