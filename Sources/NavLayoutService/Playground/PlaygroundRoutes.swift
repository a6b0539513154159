import HTTPServer
import JSON
import NavigationLayout

/// GET / (the playground page) and GET /v1/devices (the device catalog it picks from). Neither
/// needs credentials: the page holds no data and the catalog is the same for every tenant.
enum PlaygroundRoutes: ServiceFeature {
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        let page = Array(PlaygroundPage.html.utf8)
        let policy = PlaygroundPage.contentSecurityPolicy
        // The catalog never changes while the process runs: encoded once.
        let catalog = JSONWriter().bytes(for: DeviceCatalog.jsonValue)
        return [
            ServiceRoute(.get, "/") { _, _ in
                Response(
                    status: .ok,
                    headers: [
                        "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": policy,
                        "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff",
                    ], body: page)
            },
            ServiceRoute(.get, "/v1/devices") { _, _ in
                Response.json(catalog)
            },
        ]
    }
}
