import HTTPServer
import JSON
import NavigationLayout

/// POST /v1/layouts/matrix and GET /v1/layouts/matrix/{id}.svg.
///
/// `handler(solverForGroup:)` is the route with any solver plugged in (tests use a fake one); the
/// engine's route is `engineHandler`: one `PreparedLayout` per group of cells (same request but for
/// the screen geometry, so parsed rules and the solver are reused and only the screen changes), and
/// the matrix recorded in history with one layout row per cell unless `?record=false`.
///
/// Cells are solved on the worker that read the request, one group after another: a thread hop
/// costs more than solving a small layout.
public enum MatrixRoute {
    /// Makes the matrix solver for one group of cells (`MatrixCellGroup`: same request but for the
    /// screen geometry); the solver it returns answers each cell of that group.
    public typealias SolverFactory = @Sendable (MatrixCellGroup) -> (MatrixCell) -> MatrixCellOutcome

    /// The route with `solverForGroup` solving the cells; nothing is recorded.
    public static func handler(solverForGroup: @escaping SolverFactory) -> ServiceHandler {
        { request, _, environment in
            let key = try await environment.authenticator.tenant(of: request)
            let read = try await readPlan(request, tenantID: key.tenantID, environment: environment)
            let report = MatrixRunner.run(read.plan, solverForGroup: solverForGroup)
            return Response.json(JSONWriter().bytes(for: report.jsonValue))
        }
    }

    /// The engine's route: solves every cell, records the matrix and its cells (unless
    /// `?record=false`), and answers the table with the matrix id and each cell's layout id.
    public static let engineHandler: ServiceHandler = { request, _, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let record = try SolveRoutes.recordParameter(request)
        let read = try await readPlan(request, tenantID: key.tenantID, environment: environment)
        let solved = solve(read.plan, metrics: environment.metrics, recording: record)
        var report = solved.report
        guard record else { return Response.json(JSONWriter().bytes(for: report.jsonValue)) }

        let matrixID = LayoutID.generate()
        var cells: [NewLayoutRecord] = []
        cells.reserveCapacity(solved.results.count)
        var ids: [(key: String, id: String)] = []
        ids.reserveCapacity(solved.results.count)
        let writer = JSONWriter()
        for (cell, result) in zip(read.plan.cells, solved.results) {
            guard let idText = result.id, let id = LayoutID(idText) else { continue }
            ids.append((cell.key, idText))
            cells.append(
                NewLayoutRecord(
                    id: id, tenantID: key.tenantID, request: cell.request,
                    requestJSON: writer.string(for: cell.request.jsonValue), result: result,
                    resultJSON: String(decoding: result.jsonBytes(), as: UTF8.self), profile: read.profile))
        }
        report.record(ids: ids)
        let answer = withID(report.jsonValue, matrixID)
        let answerText = writer.string(for: answer)
        let matrix = NewMatrixRecord(
            id: matrixID, tenantID: key.tenantID, profileName: read.profile.profileName,
            profileVersion: read.profile.profileVersion,
            status: LayoutStatus(rawValue: report.status.rawValue) ?? .error,
            requestJSON: writer.string(for: read.profile.document), reportJSON: answerText, cells: cells)
        try await environment.database("matrices.record") {
            try await environment.repositories.matrices.record(matrix)
        }
        var response = Response.json(Array(answerText.utf8))
        response.headers.replaceOrAdd(name: "Location", value: "/v1/layouts/matrix/\(matrixID.text).svg")
        return response
    }

    /// GET /v1/layouts/matrix/{id}.svg: the contact sheet of a recorded matrix, each cell drawn
    /// from its stored result. A cell whose layout retention has removed is drawn empty in its
    /// status colour.
    public static let sheetHandler: ServiceHandler = { request, context, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let text = try context.parameters.require("id")
        guard let id = LayoutID(text) else { throw PersistenceError.notFound(.matrix, id: text) }
        let stored = try await environment.database("matrices.get") {
            try await environment.repositories.matrices.get(tenantID: key.tenantID, id: id)
        }
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
        let found = try await environment.database("matrices.cells") {
            try await environment.repositories.matrices.results(tenantID: key.tenantID, ids: cellIDs.compactMap { $0 })
        }
        var stores: [LayoutID: (request: String, result: String)] = [:]  // lookups only
        for entry in found { stores[entry.id] = (entry.request, entry.result) }
        var reportRows: [MatrixReport.Row] = []
        reportRows.reserveCapacity(rows.count)
        for (index, cell) in plan.cells.enumerated() {
            var outcome = storedOutcome(rows[index])
            if let cellID = cellIDs[index], let store = stores[cellID] {
                outcome.picture = try? SolveRoutes.storedPicture(
                    requestJSON: store.request, resultJSON: store.result, title: nil)
            }
            reportRows.append(MatrixReport.Row(cell: cell, outcome: outcome))
        }
        let sheet = MatrixContactSheet().render(MatrixReport(rows: reportRows), title: "Device matrix \(id.text)")
        return SolveRoutes.svgResponse(sheet)
    }

    // MARK: Pieces

    /// The body read, its profile merged, and the plan of cells.
    struct ReadPlan: Sendable {
        var plan: MatrixPlan
        var profile: ResolvedProfile
    }

    static func readPlan(_ request: Request, tenantID: String, environment: ServiceEnvironment) async throws
        -> ReadPlan
    {
        let body = try EngineRequestBody.parse(request)
        let base: JSONValue
        let selection: MatrixSelection
        do throws(RequestError) {
            (base, selection) = try MatrixPlan.split(body: body)
        } catch {
            throw RequestError.httpError(error, detail: "the matrix request is not valid")
        }
        var profile = try await ResolvedProfile.resolve(base, tenantID: tenantID, environment: environment)
        do throws(RequestError) {
            let plan = try MatrixPlan(base: profile.document, selection: selection)
            // The stored request keeps the selection, so the matrix can be asked again as it was.
            if case .object(var object) = profile.document, case .object(let original) = body,
                let matrix = original["matrix"]
            {
                object["matrix"] = matrix
                profile.document = .object(object)
            }
            return ReadPlan(plan: plan, profile: profile)
        } catch {
            throw RequestError.httpError(error, detail: "the matrix request is not valid")
        }
    }

    /// Solves every cell with one `PreparedLayout` per group; with `recording`, each result gets a
    /// history id before it is encoded.
    static func solve(_ plan: MatrixPlan, metrics: ServiceMetrics?, recording: Bool) -> (
        report: MatrixReport, results: [LayoutResult]
    ) {
        let collector = ResultCollector(count: plan.cells.count)
        let report = MatrixRunner.run(plan) { (group: MatrixCellGroup) -> (MatrixCell) -> MatrixCellOutcome in
            var prepared = PreparedLayout(group.request)
            // The runner asks for the group's cells in `cellIndexes` order.
            let indexes = group.cellIndexes
            var position = 0
            return { cell in
                let start = EngineClock.nanoseconds()
                var result = prepared.solve(screen: cell.request.screen)
                let micros = Int((EngineClock.nanoseconds() &- start) / 1000)
                result.solveMicros = micros
                metrics?.recordSolve(duration: .microseconds(micros))
                if recording { result.id = LayoutID.generate().text }
                if position < indexes.count { collector.results[indexes[position]] = result }
                position += 1
                return MatrixCellOutcome(
                    status: PictureStatus(rawValue: result.status) ?? .error,
                    codes: result.diagnostics.map(\.code.rawValue),
                    wideMode: result.wideMode, solveMicros: micros)
            }
        }
        return (report, collector.results.compactMap { $0 })
    }

    /// The results by cell index. A class because the
    /// runner's per-cell closures outlive the group closure that makes them; used on one thread.
    private final class ResultCollector {
        var results: [LayoutResult?]
        init(count: Int) { results = Array(repeating: nil, count: count) }
    }

    /// The table with the matrix id first.
    static func withID(_ table: JSONValue, _ id: LayoutID) -> JSONValue {
        guard case .object(let object) = table else { return table }
        return .object(JSONObject([("id", .string(id.text))] + object.members.map { ($0.key, $0.value) }))
    }

    /// A stored table row read back as its outcome (an unreadable row counts as an error cell).
    static func storedOutcome(_ row: JSONValue) -> MatrixCellOutcome {
        guard case .object(let object) = row, case .string(let statusText)? = object["status"],
            let status = PictureStatus(rawValue: statusText)
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
