import HTTPServer
import LayoutPicture
import NavigationLayout

/// The layouts feature: POST /v1/layouts, POST /v1/layouts/svg and GET /v1/layouts/{id}.svg.
enum SolveRoutes: ServiceFeature {
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        [
            ServiceRoute(.post, "/v1/layouts", environment, solve),
            ServiceRoute(.post, "/v1/layouts/svg", environment, picture),
            ServiceRoute(.get, "/v1/layouts/{id}.svg", environment, svg),
        ]
    }

    /// POST /v1/layouts: solve, record in history unless `?record=false`, answer the result with
    /// its id.
    static let solve: ServiceHandler = { request, _, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let id = try recordParameter(request) ? LayoutID.generate() : nil
        let (solved, resultBytes) = try await solveBody(
            of: request, tenantID: key.tenantID, environment: environment, answer: { $0.resultBytes(id: id?.text) })
        guard let id else { return Response.json(resultBytes) }
        let row = NewLayoutRecord(id: id, tenantID: key.tenantID, solved: solved, resultBytes: resultBytes)
        try await environment.repositories.layouts.record(row)
        var response = Response.json(resultBytes)
        response.headers.replaceOrAdd(name: "Location", value: "/v1/layouts/\(id.text)")
        return response
    }

    /// POST /v1/layouts/svg: the picture of a solve that is never recorded.
    static let picture: ServiceHandler = { request, _, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let (_, document) = try await solveBody(of: request, tenantID: key.tenantID, environment: environment) {
            SVGRenderer().renderDocument(LayoutPicture(request: $0.request, result: $0.result))
        }
        return svgResponse(document)
    }

    /// GET /v1/layouts/{id}.svg: the picture of a recorded layout, drawn from the stored request
    /// and result.
    static let svg: ServiceHandler = { request, context, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let text = try context.parameters.require("id")
        guard let id = LayoutID(text) else { throw PersistenceError.notFound(.layout, id: text) }
        let stored = try await environment.repositories.layouts.get(tenantID: key.tenantID, id: id)
        let picture = try storedPicture(
            requestJSON: stored.requestJSON, resultJSON: stored.resultJSON, title: "Layout \(id.text)")
        return svgResponse(SVGRenderer().renderDocument(picture))
    }

    /// The request's body through the layout pipeline, its profile fetched and merged, and `answer`
    /// made of the solved layout in the same job: what is written of a large layout (its bytes, its
    /// picture) grows with it as its solve does. A small body of few views without a profile is
    /// solved on the handler's thread (a thread hop costs more than its solve); any other, or one a
    /// stored profile fills in, on the solver pool.
    static func solveBody<Answer: Sendable>(
        of request: Request, tenantID: String, environment: ServiceEnvironment,
        answer: @escaping @Sendable (SolvedLayout) -> Answer
    ) async throws -> (SolvedLayout, Answer) {
        let body = try await EngineRequestBody.layoutBody(request, environment: environment)
        let profile = try await environment.profile(for: body, tenantID: tenantID)
        let layouts = environment.layouts
        let inline = profile == nil && SolverPool.solvesInline(body.document, bytes: request.body.count)
        let (solved, answered) = try await environment.solving.solve(
            inline: inline, detail: "the layout request is not valid"
        ) { () throws(RequestError) -> (SolvedLayout, Answer) in
            let solved = try layouts.solve(body, profile: profile)
            return (solved, answer(solved))
        }
        environment.metrics.recordSolve(duration: .microseconds(solved.result.solveMicros ?? 0))
        return (solved, answered)
    }

    /// The picture of a stored request and result. Both were written by this service, so one that
    /// no longer reads is a server fault, not the client's.
    static func storedPicture(requestJSON: String, resultJSON: String, title: String?) throws -> LayoutPicture {
        let stored = try storedLayout(requestJSON: requestJSON, resultJSON: resultJSON)
        return LayoutPicture(request: stored.request, result: stored.result, title: title)
    }

    /// A stored request and result read back (a server fault when they no longer read, as above).
    static func storedLayout(requestJSON: String, resultJSON: String) throws -> (
        request: LayoutRequest, result: LayoutResult
    ) {
        do {
            return (
                try LayoutRequest.decode(from: Array(requestJSON.utf8)),
                try LayoutResult.decode(from: Array(resultJSON.utf8))
            )
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

extension NewLayoutRecord {
    /// The history row of a solved layout whose answer, with its id, is `resultBytes`.
    init(id: LayoutID, tenantID: String, solved: SolvedLayout, resultBytes: [UInt8]) {
        self.init(
            id: id, tenantID: tenantID, profileName: solved.profile?.name, profileVersion: solved.profile?.version,
            mode: solved.result.mode == .builtIn ? .builtIn : .delegate,
            navigation: LayoutNavigationState(rawValue: solved.result.navigation.rawValue) ?? .guidance,
            status: LayoutStatus(rawValue: solved.result.status) ?? .error,
            requestJSON: String(decoding: solved.storedRequest, as: UTF8.self),
            resultJSON: String(decoding: resultBytes, as: UTF8.self),
            device: DeviceCatalog.preset(ofSize: solved.request.screen)?.id,
            codes: solved.result.diagnostics.map(\.code.rawValue))
    }
}
