import HTTPServer
import JSON
import NavigationLayout

/// Layout review over HTTP: POST /v1/diffs compares two sides across the same device matrix and
/// records both matrices and the report; GET /v1/diffs lists them (per profile), GET
/// /v1/diffs/{id} answers a report again; GET /v1/profiles/{name}/versions/{n}/diff/{b} compares
/// two versions of a profile; POST /v1/layouts/{id}/replay solves a past layout again with today's
/// engine and compares it with what was stored. The pictures are in `DiffPictureRoute`.
enum DiffRoutes: ServiceFeature {
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        [
            ServiceRoute(.post, "/v1/diffs", environment, create),
            ServiceRoute(.get, "/v1/diffs", environment, list),
            ServiceRoute(.get, "/v1/diffs/{id}", environment, get),
            ServiceRoute(.get, "/v1/profiles/{name}/versions/{n}/diff/{b}", environment, profileVersions),
            ServiceRoute(.post, "/v1/layouts/{id}/replay", environment, replay),
        ]
    }

    /// POST /v1/diffs: `{"before": SIDE, "after": SIDE, "matrix": {...}, "tolerance": 0.5}`, a side
    /// being `{"request": BODY}`, `{"profile": NAME, "version": N}` or `{"layout": ID}`. Records
    /// both matrices and the report unless `?record=false`.
    static let create: ServiceHandler = { request, _, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let record = try SolveRoutes.recordParameter(request)
        guard case .object(let body) = try EngineRequestBody.parse(request) else {
            throw invalid([RequestError.Issue(path: "", message: "the body must be a JSON object")])
        }
        try rejectUnknown(body, allowed: ["before", "after", "matrix", "tolerance"], at: "")
        let selection = try DiffSelection(body["matrix"], tolerance: body["tolerance"])
        let before = try await DiffSide.resolve(body["before"], path: "before", key.tenantID, environment)
        let after = try await DiffSide.resolve(body["after"], path: "after", key.tenantID, environment)
        let compared = try await compare(before, after, selection, recording: record, environment)
        var report = compared.diff.jsonValue
        let sides: JSONValue = [
            "before": before.jsonValue, "after": after.jsonValue, "matrix": selection.matrix,
            "tolerance": .number(selection.tolerance),
        ]
        guard record else { return Response.json(JSONWriter().bytes(for: described(report, sides: sides))) }

        let (beforeMatrix, _) = MatrixRoute.recordable(compared.before, tenantID: key.tenantID)
        let (afterMatrix, _) = MatrixRoute.recordable(compared.after, tenantID: key.tenantID)
        let id = LayoutID.generate()
        report = described(report, sides: sides, id: id, matrices: (beforeMatrix.id, afterMatrix.id))
        let reportText = JSONWriter().string(for: report)
        let diff = compared.diff
        try await environment.repositories.diffs.record(
            NewDiffRecord(
                id: id, tenantID: key.tenantID, before: beforeMatrix, after: afterMatrix,
                counts: DiffCounts(
                    cells: diff.cells.count, regressed: diff.count(.regressed), changed: diff.count(.changed),
                    improved: diff.count(.improved), unchanged: diff.count(.unchanged)),
                sidesJSON: JSONWriter().string(for: sides), reportJSON: reportText))
        var response = Response.json(Array(reportText.utf8))
        response.headers.replaceOrAdd(name: "Location", value: "/v1/diffs/\(id.text)")
        return response
    }

    /// GET /v1/diffs: the tenant's diffs newest first; `?profile=` keeps those with a side that
    /// used the profile.
    static let list: ServiceHandler = { request, _, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let query = QueryParameters(request)
        let page = try await environment.repositories.diffs.list(
            tenantID: key.tenantID, profile: query.string("profile"), limit: try query.limit(),
            cursor: query.string("cursor"))
        let items = page.items.map { summary -> JSONValue in
            var object = JSONObject()
            object["id"] = .string(summary.id.text)
            object["beforeMatrix"] = .string(summary.beforeMatrix.text)
            object["afterMatrix"] = .string(summary.afterMatrix.text)
            object["beforeProfile"] = summary.beforeProfile.map(JSONValue.string) ?? .null
            object["afterProfile"] = summary.afterProfile.map(JSONValue.string) ?? .null
            object["summary"] = [
                "cells": .number(Double(summary.counts.cells)),
                "unchanged": .number(Double(summary.counts.unchanged)),
                "changed": .number(Double(summary.counts.changed)),
                "regressed": .number(Double(summary.counts.regressed)),
                "improved": .number(Double(summary.counts.improved)),
            ]
            object["createdAt"] = .string(summary.createdAt.iso8601)
            return .object(object)
        }
        return Representation.list(items, nextCursor: .some(page.nextCursor)).response()
    }

    /// GET /v1/diffs/{id}: the report as it was answered.
    static let get: ServiceHandler = { request, context, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let id = try diffID(context)
        let stored = try await environment.repositories.diffs.get(tenantID: key.tenantID, id: id)
        return Response.json(Array(stored.reportJSON.utf8))
    }

    /// GET /v1/profiles/{name}/versions/{n}/diff/{b}: version n against version b across the
    /// matrix (`?devices=a,b`, `?tolerance=`); computed, not recorded.
    static let profileVersions: ServiceHandler = { request, context, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let name = try context.parameters.require("name")
        let versions = try ["n", "b"].map { parameter throws(HTTPError) -> Int in
            let text = try context.parameters.require(parameter)
            guard let number = Int(text), number >= 1 else {
                throw HTTPError(
                    .badRequest, detail: "version '\(text)' is not a version number",
                    errors: [ProblemDetails.FieldError(path: "path.\(parameter)", message: "must be an integer ≥ 1")])
            }
            return number
        }
        let query = QueryParameters(request)
        let selection = DiffSelection(devices: query.string("devices"), tolerance: try query.points("tolerance"))
        let before = try await DiffSide.resolve(
            ["profile": .string(name), "version": .number(Double(versions[0]))], path: "path.n", key.tenantID,
            environment)
        let after = try await DiffSide.resolve(
            ["profile": .string(name), "version": .number(Double(versions[1]))], path: "path.b", key.tenantID,
            environment)
        let compared = try await compare(before, after, selection, recording: false, environment)
        let sides: JSONValue = [
            "before": before.jsonValue, "after": after.jsonValue, "matrix": selection.matrix,
            "tolerance": .number(selection.tolerance),
        ]
        return Response.json(JSONWriter().bytes(for: described(compared.diff.jsonValue, sides: sides)))
    }

    /// POST /v1/layouts/{id}/replay: the stored request solved with today's engine, compared with
    /// the stored result (`?tolerance=`). One cell, keyed by the layout's id.
    static let replay: ServiceHandler = { request, context, environment in
        let key = try await environment.authenticator.tenant(of: request)
        let text = try context.parameters.require("id")
        guard let id = LayoutID(text) else { throw PersistenceError.notFound(.layout, id: text) }
        let tolerance = try QueryParameters(request).points("tolerance") ?? DiffSelection.defaultTolerance
        let stored = try await environment.repositories.layouts.get(tenantID: key.tenantID, id: id)
        let storedResult: LayoutResult
        let body: LayoutBody
        do {
            storedResult = try LayoutResult.decode(from: Array(stored.resultJSON.utf8))
            body = try LayoutBody(document: try JSONParser().parse(stored.requestJSON))
        } catch {
            throw HTTPError(.internalServerError, detail: "the stored layout \(id.text) does not read back: \(error)")
        }
        let layouts = environment.layouts
        let solved = try await environment.solving.solve(detail: "the stored request no longer solves") {
            () throws(RequestError) -> SolvedLayout in
            try layouts.solve(body)
        }
        let cell = MatrixDiff.Cell(
            key: id.text, index: 0, diff: CellDiff(before: storedResult, after: solved.result, tolerance: tolerance))
        let diff = MatrixDiff(cells: [cell], tolerance: tolerance)
        guard case .object(var object) = diff.jsonValue else {
            return Response.json(JSONWriter().bytes(for: diff.jsonValue))
        }
        object = JSONObject([("layout", .string(id.text))] + object.members.map { ($0.key, $0.value) })
        object["replayed"] = solved.result.jsonValue
        return Response.json(JSONWriter().bytes(for: .object(object)))
    }

    // MARK: Pieces

    /// Both sides across the selection on the solver pool, and the diff.
    static func compare(
        _ before: DiffSide, _ after: DiffSide, _ selection: DiffSelection, recording: Bool,
        _ environment: ServiceEnvironment
    ) async throws -> (before: SolvedMatrix, after: SolvedMatrix, diff: MatrixDiff) {
        let layouts = environment.layouts
        let solved = try await environment.solving.solve(detail: "the diff request is not valid") {
            () throws(RequestError) -> (SolvedMatrix, SolvedMatrix, MatrixDiff) in
            let cellID: (() -> String)? = recording ? { LayoutID.generate().text } : nil
            let beforeMatrix = try before.solve(selection, layouts: layouts, cellID: cellID)
            let afterMatrix = try after.solve(selection, layouts: layouts, cellID: cellID)
            return (
                beforeMatrix, afterMatrix,
                try MatrixDiff(before: beforeMatrix, after: afterMatrix, tolerance: selection.tolerance)
            )
        }
        for result in solved.0.results + solved.1.results {
            environment.metrics.recordSolve(duration: .microseconds(result.solveMicros ?? 0))
        }
        return solved
    }

    /// The report with the id (when recorded), the sides as asked and the matrices recorded, first.
    static func described(
        _ report: JSONValue, sides: JSONValue, id: LayoutID? = nil, matrices: (LayoutID, LayoutID)? = nil
    ) -> JSONValue {
        guard case .object(let object) = report, case .object(let asked) = sides else { return report }
        var members: [(String, JSONValue)] = []
        if let id { members.append(("id", .string(id.text))) }
        for side in ["before", "after"] {
            guard case .object(var description)? = asked[side] else { continue }
            if let matrices { description["matrix"] = .string((side == "before" ? matrices.0 : matrices.1).text) }
            members.append((side, .object(description)))
        }
        members.append(("matrix", asked["matrix"] ?? .object(JSONObject())))
        return .object(JSONObject(members + object.members.map { ($0.key, $0.value) }))
    }

    static func diffID(_ context: RequestContext) throws -> LayoutID {
        let text = try context.parameters.require("id")
        guard let id = LayoutID(text) else { throw PersistenceError.notFound(.diff, id: text) }
        return id
    }

    static func invalid(_ issues: [RequestError.Issue]) -> HTTPError {
        RequestError.httpError(RequestError(issues: issues), detail: "the diff request is not valid")
    }

    static func rejectUnknown(_ object: JSONObject, allowed: [String], at path: String) throws(HTTPError) {
        let unknown = object.members.map(\.key).filter { !allowed.contains($0) }
        guard unknown.isEmpty else {
            throw invalid(
                unknown.map { name in
                    RequestError.Issue(
                        path: path.isEmpty ? name : path + "." + name,
                        message: "unknown member; expected one of \(allowed.joined(separator: ", "))")
                })
        }
    }
}
