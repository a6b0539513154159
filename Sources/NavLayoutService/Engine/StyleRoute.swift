import HTTPServer
import JSON
import NavigationLayout

/// GET /v1/style: the default style values and component sizes with what each means. The same for
/// every tenant and every request while the process runs, so it is encoded once.
enum StyleRoute {
    static func handler() -> ServiceHandler {
        let body = JSONWriter().bytes(for: StyleCatalog.jsonValue())
        return { _, _, _ in Response.json(body) }
    }
}
