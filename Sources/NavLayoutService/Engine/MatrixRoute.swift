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
        let body = try await EngineRequestBody.layoutBody(request, environment: environment)
        let profile = try await environment.profile(for: body, tenantID: key.tenantID)
        let layouts = environment.layouts
        let solved = try await environment.solving.solve(detail: "the matrix request is not valid") {
            () throws(RequestError) -> SolvedMatrix in
            try layouts.matrix(body, profile: profile, cellID: record ? { LayoutID.generate().text } : nil)
        }
        for result in solved.results {
            environment.metrics.recordSolve(duration: .microseconds(result.solveMicros ?? 0))
        }
        guard record else { return Response.json(JSONWriter().bytes(for: solved.report.jsonValue)) }
        let (matrix, answerText) = recordable(solved, tenantID: key.tenantID)
        let matrixID = matrix.id
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
        let stored = try await storedCells(of: id, tenantID: key.tenantID, environment: environment)
        let pictures = stored.cells.map { store in
            store.flatMap { store in
                try? SolveRoutes.storedPicture(requestJSON: store.request, resultJSON: store.result, title: nil)
            }
        }
        let sheet = MatrixContactSheet().render(
            MatrixReport(rows: stored.rows), pictures: pictures, title: "Device matrix \(id.text)")
        return SolveRoutes.svgResponse(sheet)
    }

    /// A recorded matrix read back: its plan (rebuilt from the stored request, profile merged and
    /// selection kept, so the cells come back in the order the table lists them), each row of its
    /// table, and each cell's stored request and result (nil where retention removed the cell).
    static func storedCells(of id: LayoutID, tenantID: String, environment: ServiceEnvironment) async throws -> (
        plan: MatrixPlan, rows: [MatrixReport.Row], cells: [(request: String, result: String)?]
    ) {
        let stored = try await environment.repositories.matrices.get(tenantID: tenantID, id: id)
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
            tenantID: tenantID, ids: cellIDs.compactMap { $0 })
        var stores: [LayoutID: (request: String, result: String)] = [:]  // lookups only
        for entry in found { stores[entry.id] = (entry.request, entry.result) }
        let reportRows = plan.cells.enumerated().map { index, cell in
            MatrixReport.Row(cell: cell, outcome: storedOutcome(rows[index]))
        }
        return (plan, reportRows, cellIDs.map { $0.flatMap { stores[$0] } })
    }

    // MARK: Pieces

    /// The history rows of a matrix solved with cell ids (`cellID`): the matrix and one layout per
    /// cell, and the table as answered, with the matrix id and each cell's layout id.
    static func recordable(_ solved: SolvedMatrix, tenantID: String) -> (record: NewMatrixRecord, answer: String) {
        let matrixID = LayoutID.generate()
        var report = solved.report
        var cells: [NewLayoutRecord] = []
        cells.reserveCapacity(solved.results.count)
        var ids: [(key: String, id: String)] = []
        ids.reserveCapacity(solved.results.count)
        let writer = JSONWriter()
        for (cell, result) in zip(solved.plan.cells, solved.results) {
            guard let idText = result.id, let id = LayoutID(idText) else { continue }
            ids.append((cell.key, idText))
            var row = NewLayoutRecord(
                id: id, tenantID: tenantID,
                solved: SolvedLayout(
                    request: cell.request, result: result, profile: solved.profile,
                    storedRequest: writer.bytes(for: cell.request.jsonValue)),
                resultBytes: result.jsonBytes())
            row.device = cell.deviceID
            cells.append(row)
        }
        report.record(ids: ids)
        let answerText = writer.string(for: withID(report.jsonValue, matrixID))
        let matrix = NewMatrixRecord(
            id: matrixID, tenantID: tenantID, profileName: solved.profile?.name,
            profileVersion: solved.profile?.version, status: LayoutStatus(rawValue: report.status.rawValue) ?? .error,
            requestJSON: String(decoding: solved.storedRequest, as: UTF8.self), reportJSON: answerText, cells: cells)
        return (matrix, answerText)
    }

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
