import HTTPServer
import JSON
import LayoutPicture
import NavigationLayout

/// GET /v1/diffs/{id}.svg: a recorded diff drawn from the stored results of its two matrices: the
/// contact sheet, or with `?cell=KEY` that cell's overlay.
enum DiffPictureRoute: ServiceFeature {
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        [ServiceRoute(.get, "/v1/diffs/{id}.svg", environment, picture)]
    }

    static let picture: ServiceHandler = { request, context, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let id = try DiffRoutes.diffID(context)
        let cellKey = QueryParameters(request).string("cell")
        let stored = try await environment.repositories.diffs.get(tenantID: key.tenantID, id: id)
        let tolerance = storedTolerance(stored.reportJSON)
        let before = try await MatrixRoute.storedCells(
            of: stored.summary.beforeMatrix, tenantID: key.tenantID, environment: environment)
        let after = try await MatrixRoute.storedCells(
            of: stored.summary.afterMatrix, tenantID: key.tenantID, environment: environment)
        guard before.plan.cells.map(\.key) == after.plan.cells.map(\.key) else {
            throw HTTPError(.internalServerError, detail: "the matrices of diff \(id.text) have different cells")
        }
        // The cells compared again from the stored results: the same comparison the report was made
        // with, and the pictures of both sides.
        var cells: [MatrixDiff.Cell] = []
        var pictures: [String: CellPicturePair] = [:]  // lookups only, by cell key
        for (index, cell) in after.plan.cells.enumerated() {
            if let cellKey, cell.key != cellKey { continue }
            guard let oldText = before.cells[index], let newText = after.cells[index],
                let old = try? SolveRoutes.storedLayout(requestJSON: oldText.request, resultJSON: oldText.result),
                let new = try? SolveRoutes.storedLayout(requestJSON: newText.request, resultJSON: newText.result)
            else { continue }
            cells.append(
                MatrixDiff.Cell(
                    key: cell.key, index: index,
                    diff: CellDiff(before: old.result, after: new.result, tolerance: tolerance)))
            let oldPicture = LayoutPicture(request: old.request, result: old.result)
            let newPicture = LayoutPicture(request: new.request, result: new.result)
            pictures[cell.key] = CellPicturePair(before: oldPicture, after: newPicture)
        }
        let diff = MatrixDiff(cells: cells, tolerance: tolerance)
        if let cellKey {
            guard let cell = diff.cells.first, let pair = pictures[cellKey] else {
                throw HTTPError(
                    .notFound, detail: "diff \(id.text) has no cell '\(cellKey)' with both results stored",
                    errors: [ProblemDetails.FieldError(path: "query.cell", message: "not a cell key of this diff")])
            }
            let overlay = CellDiffOverlay(before: pair.before, after: pair.after, diff: cell.diff, title: cellKey)
            return SolveRoutes.svgResponse(overlay.renderDocument())
        }
        let sheet = DiffContactSheet().render(
            diff, rows: after.rows, pictures: pictures, title: "Layout diff \(id.text)")
        return SolveRoutes.svgResponse(sheet)
    }

    /// The tolerance the report was made with (the default when it does not say).
    static func storedTolerance(_ reportJSON: String) -> Double {
        guard case .object(let report)? = try? JSONParser().parse(reportJSON),
            case .number(let tolerance)? = report["tolerance"]
        else { return DiffSelection.defaultTolerance }
        return tolerance
    }
}
