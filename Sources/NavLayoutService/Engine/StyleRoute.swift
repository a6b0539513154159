import HTTPServer
import JSON
import NavigationLayout

/// GET /v1/style: the default style values and component sizes with what each means. The same for
/// every tenant and every request while the process runs, so it is encoded once.
enum StyleRoute: ServiceFeature {
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        let body = JSONWriter().bytes(for: StyleCatalog.jsonValue())
        return [ServiceRoute(.get, "/v1/style") { _, _ in Response.json(body) }]
    }
}
