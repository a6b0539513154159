import HTTPServer
import JSON
import NavigationLayout

/// POST /v1/layouts, POST /v1/layouts/svg and GET /v1/layouts/{id}.svg.
enum SolveRoutes {
    /// POST /v1/layouts: solve, record in history unless `?record=false`, answer the result with
    /// its id.
    static let solve: ServiceHandler = { request, _, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let record = try recordParameter(request)
        var solved = try await SolvedLayout.solve(request, tenantID: key.tenantID, environment: environment)
        guard record else { return Response.json(solved.result.jsonBytes()) }
        let id = LayoutID.generate()
        solved.result.id = id.text
        let resultBytes = solved.result.jsonBytes()
        let row = NewLayoutRecord(
            id: id, tenantID: key.tenantID, request: solved.request,
            requestJSON: JSONWriter().string(for: solved.document), result: solved.result,
            resultJSON: String(decoding: resultBytes, as: UTF8.self), profile: solved.profile)
        _ = try await environment.database("layouts.record") {
            try await environment.repositories.layouts.record(row)
        }
        var response = Response.json(resultBytes)
        response.headers.replaceOrAdd(name: "Location", value: "/v1/layouts/\(id.text)")
        return response
    }

    /// POST /v1/layouts/svg: the picture of a solve that is never recorded.
    static let picture: ServiceHandler = { request, _, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let solved = try await SolvedLayout.solve(request, tenantID: key.tenantID, environment: environment)
        let picture = LayoutPicture(request: solved.request, result: solved.result.jsonValue)
        return svgResponse(SVGRenderer().renderDocument(picture))
    }

    /// GET /v1/layouts/{id}.svg: the picture of a recorded layout, drawn from the stored request
    /// and result.
    static let svg: ServiceHandler = { request, context, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let text = try context.parameters.require("id")
        guard let id = LayoutID(text) else { throw PersistenceError.notFound(.layout, id: text) }
        let stored = try await environment.database("layouts.get") {
            try await environment.repositories.layouts.get(tenantID: key.tenantID, id: id)
        }
        let picture = try storedPicture(
            requestJSON: stored.requestJSON, resultJSON: stored.resultJSON, title: "Layout \(id.text)")
        return svgResponse(SVGRenderer().renderDocument(picture))
    }

    /// The picture of a stored request and result. Both were written by this service, so one that
    /// no longer reads is a server fault, not the client's.
    static func storedPicture(requestJSON: String, resultJSON: String, title: String?) throws -> LayoutPicture {
        do {
            let request = try LayoutRequest.decode(from: Array(requestJSON.utf8))
            let result = try JSONParser().parse(resultJSON)
            return LayoutPicture(request: request, result: result, title: title)
        } catch {
            throw HTTPError(.internalServerError, detail: "a stored layout does not read back: \(error)")
        }
    }

    static func svgResponse(_ document: String) -> Response {
        Response(
            status: .ok,
            headers: ["Content-Type": "image/svg+xml; charset=utf-8", "X-Content-Type-Options": "nosniff"],
            body: Array(document.utf8))
    }

    /// `?record=` is `true` (the default) or `false`; anything else is a 400 naming it.
    static func recordParameter(_ request: Request) throws(HTTPError) -> Bool {
        switch QueryParameters(request).string("record") {
        case nil, "true"?: return true
        case "false"?: return false
        default: throw QueryParameters.bad("record", "must be true or false")
        }
    }
}
