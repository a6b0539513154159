import HTTPServer
import JSON
import LayoutPicture
import NavigationLayout

/// POST /v1/layouts/matrix and GET /v1/layouts/matrix/{id}.svg.
///
/// The matrix is solved with one `PreparedLayout` per group of cells (same request but for the
/// screen geometry, so parsed rules and the solver are reused and only the screen changes), and
/// recorded in history with one layout row per cell unless `?record=false`.
///
/// Cells are solved on the worker that read the request, one group after another: a thread hop
/// costs more than solving a small layout.
enum MatrixRoute: ServiceFeature {
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        [
            ServiceRoute(.post, "/v1/layouts/matrix", environment, solve),
            ServiceRoute(.get, "/v1/layouts/matrix/{id}.svg", environment, sheet),
        ]
    }

    /// POST /v1/layouts/matrix: solves every cell, records the matrix and its cells (unless
    /// `?record=false`), and answers the table with the matrix id and each cell's layout id.
    static let solve: ServiceHandler = { request, _, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let record = try SolveRoutes.recordParameter(request)
        let body = try EngineRequestBody.layoutBody(request)
        let profile = try await environment.profile(for: body, tenantID: key.tenantID)
        let layouts = environment.layouts
        let solved = try await environment.solving.solve(detail: "the matrix request is not valid") {
            () throws(RequestError) -> SolvedMatrix in
            try layouts.matrix(body, profile: profile, cellID: record ? { LayoutID.generate().text } : nil)
        }
        for result in solved.results {
            environment.metrics.recordSolve(duration: .microseconds(result.solveMicros ?? 0))
        }
        var report = solved.report
        guard record else { return Response.json(JSONWriter().bytes(for: report.jsonValue)) }

        let matrixID = LayoutID.generate()
        var cells: [NewLayoutRecord] = []
        cells.reserveCapacity(solved.results.count)
        var ids: [(key: String, id: String)] = []
        ids.reserveCapacity(solved.results.count)
        let writer = JSONWriter()
        for (cell, result) in zip(solved.plan.cells, solved.results) {
            guard let idText = result.id, let id = LayoutID(idText) else { continue }
            ids.append((cell.key, idText))
            cells.append(
                NewLayoutRecord(
                    id: id, tenantID: key.tenantID,
                    solved: SolvedLayout(
                        request: cell.request, result: result, profile: profile,
                        storedRequest: writer.bytes(for: cell.request.jsonValue)),
                    resultBytes: result.jsonBytes()))
        }
        report.record(ids: ids)
        let answer = withID(report.jsonValue, matrixID)
        let answerText = writer.string(for: answer)
        let matrix = NewMatrixRecord(
            id: matrixID, tenantID: key.tenantID, profileName: profile?.name, profileVersion: profile?.version,
            status: LayoutStatus(rawValue: report.status.rawValue) ?? .error,
            requestJSON: String(decoding: solved.storedRequest, as: UTF8.self), reportJSON: answerText, cells: cells)
        try await environment.repositories.matrices.record(matrix)
        var response = Response.json(Array(answerText.utf8))
        response.headers.replaceOrAdd(name: "Location", value: "/v1/layouts/matrix/\(matrixID.text).svg")
        return response
    }

    /// GET /v1/layouts/matrix/{id}.svg: the contact sheet of a recorded matrix, each cell drawn
    /// from its stored result. A cell whose layout retention has removed is drawn empty in its
    /// status colour.
    static let sheet: ServiceHandler = { request, context, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let text = try context.parameters.require("id")
        guard let id = LayoutID(text) else { throw PersistenceError.notFound(.matrix, id: text) }
        let stored = try await environment.repositories.matrices.get(tenantID: key.tenantID, id: id)
        // The plan is rebuilt from the stored request (profile merged, selection kept), so the cells
        // come back in the order the table lists them.
        let plan: MatrixPlan
        let rows: [JSONValue]
        do {
            let (base, selection) = try MatrixPlan.split(body: try JSONParser().parse(stored.requestJSON))
            plan = try MatrixPlan(base: base, selection: selection)
            guard case .object(let table) = try JSONParser().parse(stored.reportJSON),
                case .array(let cells)? = table["cells"], cells.count == plan.cells.count
            else {
                throw HTTPError(.internalServerError, detail: "the stored matrix \(id.text) has no matching cells")
            }
            rows = cells
        } catch {
            throw HTTPError(.internalServerError, detail: "the stored matrix \(id.text) does not read back: \(error)")
        }
        let cellIDs = rows.map { row -> LayoutID? in
            guard case .object(let object) = row, case .string(let id)? = object["id"] else { return nil }
            return LayoutID(id)
        }
        let found = try await environment.repositories.matrices.results(
            tenantID: key.tenantID, ids: cellIDs.compactMap { $0 })
        var stores: [LayoutID: (request: String, result: String)] = [:]  // lookups only
        for entry in found { stores[entry.id] = (entry.request, entry.result) }
        var reportRows: [MatrixReport.Row] = []
        reportRows.reserveCapacity(rows.count)
        var pictures: [LayoutPicture?] = []
        pictures.reserveCapacity(rows.count)
        for (index, cell) in plan.cells.enumerated() {
            reportRows.append(MatrixReport.Row(cell: cell, outcome: storedOutcome(rows[index])))
            let store = cellIDs[index].flatMap { stores[$0] }
            pictures.append(
                store.flatMap { store in
                    try? SolveRoutes.storedPicture(requestJSON: store.request, resultJSON: store.result, title: nil)
                })
        }
        let sheet = MatrixContactSheet().render(
            MatrixReport(rows: reportRows), pictures: pictures, title: "Device matrix \(id.text)")
        return SolveRoutes.svgResponse(sheet)
    }

    // MARK: Pieces

    /// The table with the matrix id first.
    static func withID(_ table: JSONValue, _ id: LayoutID) -> JSONValue {
        guard case .object(let object) = table else { return table }
        return .object(JSONObject([("id", .string(id.text))] + object.members.map { ($0.key, $0.value) }))
    }

    /// A stored table row read back as its outcome (an unreadable row counts as an error cell).
    static func storedOutcome(_ row: JSONValue) -> MatrixCellOutcome {
        guard case .object(let object) = row, case .string(let statusText)? = object["status"],
            let status = ResultStatus(rawValue: statusText)
        else { return MatrixCellOutcome(status: .error, codes: ["unreadable-cell"], wideMode: false, solveMicros: 0) }
        var codes: [String] = []
        if case .array(let values)? = object["codes"] {
            for case .string(let code) in values { codes.append(code) }
        }
        var wideMode = false
        if case .bool(let flag)? = object["wideMode"] { wideMode = flag }
        var micros = 0
        if case .number(let number)? = object["solveMicros"] { micros = Int(number) }
        return MatrixCellOutcome(status: status, codes: codes, wideMode: wideMode, solveMicros: micros)
    }
}
