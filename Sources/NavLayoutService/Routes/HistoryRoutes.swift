import HTTPServer
import JSON
import NavigationLayout

/// The tenant's layout history, newest first, with keyset pagination, and the audit log.
enum HistoryRoutes: ServiceFeature {
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        let auth = environment.authenticator
        let layouts = environment.repositories.layouts
        let audit = environment.repositories.audit
        return [
            ServiceRoute(.get, "/v1/layouts") { request, _ in
                let key = try await auth.tenant(of: request)
                let query = QueryParameters(request)
                let filter = LayoutHistoryFilter(
                    profileName: query.string("profile"),
                    navigation: try query.oneOf("navigation", as: LayoutNavigationState.self),
                    status: try query.oneOf("status", as: LayoutStatus.self),
                    device: try query.oneOf(
                        "device", in: DeviceCatalog.ids, listedAt: "the device ids of GET /v1/devices"),
                    code: try query.oneOf("code", as: DiagnosticCode.self)?.rawValue,
                    since: try query.timestamp("since"), until: try query.timestamp("until"))
                let limit = try query.limit()
                let cursor = query.string("cursor")
                let page = try await layouts.list(tenantID: key.tenantID, filter: filter, limit: limit, cursor: cursor)
                let items = page.items.map { JSONValue.object(JSONObject(Representation.layoutSummary($0))) }
                return Representation.list(items, nextCursor: .some(page.nextCursor)).response()
            },
            ServiceRoute(.get, "/v1/layouts/{id}") { request, context in
                let key = try await auth.tenant(of: request)
                let text = try context.parameters.require("id")
                // An id that cannot exist is not found, like any other id this tenant does not own.
                guard let id = LayoutID(text) else { throw PersistenceError.notFound(.layout, id: text) }
                let layout = try await layouts.get(tenantID: key.tenantID, id: id)
                return try Representation.storedLayout(layout).response()
            },
            ServiceRoute(.get, "/v1/audit") { request, _ in
                let key = try await auth.tenant(of: request)
                let query = QueryParameters(request)
                let limit = try query.limit()
                let cursor = query.string("cursor")
                let page = try await audit.list(tenantID: key.tenantID, limit: limit, cursor: cursor)
                return Representation.list(
                    page.items.map(Representation.auditEvent), nextCursor: .some(page.nextCursor)
                )
                .response()
            },
        ]
    }
}
