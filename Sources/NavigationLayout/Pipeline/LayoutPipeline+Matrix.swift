import JSON

extension LayoutPipeline {
    /// Expands a body with a `matrix` selection over its cells and solves each: one prepared layout
    /// per group of cells (the same request but for the screen geometry), re-solved with each cell's
    /// screen as edit variables. The group's prepared layout comes from the pipeline's cache, under the
    /// key a single request for one of its cells has, and goes back to it: a matrix asked again, a
    /// diff's two sides where they agree, and single solves of its cells share the plans and solvers.
    /// A group whose plan does not read the delegate (navigation disabled, CarPlay) is kept under a
    /// key for any delegate instead, which the two sides of a delegate's review share.
    /// `cellID`, when given, names each result (its history id) before it is encoded.
    public func matrix(
        _ body: LayoutBody, profile: StoredProfile? = nil, cellID: (() -> String)? = nil
    ) throws(RequestError) -> SolvedMatrix {
        let (base, selection) = try MatrixPlan.split(body: body.document)
        let merged = LayoutBody.merge(base, profile: profile)
        let plan = try MatrixPlan(base: merged, selection: selection)
        // Every cell solves the same delegate: one check covers them all.
        if let first = plan.cells.first { try limits.check(first.request) }
        var results: [LayoutResult?] = Array(repeating: nil, count: plan.cells.count)
        var refusal: RequestError?
        let baseObject: JSONObject
        if case .object(let object) = merged { baseObject = object } else { baseObject = JSONObject() }
        let report = MatrixRunner.run(plan) { (group: MatrixCellGroup) -> (MatrixCell) -> MatrixCellOutcome in
            let screen = group.request.screen
            // With navigation disabled, and on CarPlay, the plan does not read the delegate: such a
            // group's prepared layout serves every delegate (a review's two sides share it).
            let key = PreparedLayoutKey(
                MatrixPlan.cellJSON(
                    base: baseObject,
                    metrics: DeviceMetrics(width: screen.width, height: screen.height, safeArea: screen.safeArea),
                    direction: group.direction, state: group.state),
                ignoringDelegate: group.state == .disabled || screen.carPlay)
            let lease = self.cache.lease(key, request: group.request, workBudget: self.limits.solverWork)
            // The runner asks for the group's cells in `cellIndexes` order; after the last one the
            // prepared layout goes back to the cache.
            var remaining = group.cellIndexes[...]
            return { cell in
                let start = self.clock()
                // Held as an optional and swapped into its place: assigned, the result would be copied.
                var solved: LayoutResult? = lease.instance.layout.solve(screen: cell.screen)
                do throws(RequestError) {
                    try self.limits.checkSolverWork(of: lease.instance.layout)
                } catch {
                    refusal = error
                }
                let micros = Int((self.clock() &- start) / 1000)
                solved?.solveMicros = micros
                solved?.id = cellID?()
                let diagnostics = solved?.diagnostics ?? []
                let outcome = MatrixCellOutcome(
                    status: ResultStatus(worstOf: diagnostics.lazy.map(\.severity)),
                    codes: diagnostics.map(\.code.rawValue),
                    wideMode: solved?.wideMode ?? false, solveMicros: micros)
                if let index = remaining.popFirst() { swap(&results[index], &solved) }
                if remaining.isEmpty { self.cache.keep(lease) }
                return outcome
            }
        }
        if let refusal { throw refusal }
        // History keeps the request as sent, or the merged one with the selection kept, so the matrix
        // can be asked again as it was.
        let storedRequest: [UInt8]
        if profile == nil, !body.bytes.isEmpty {
            storedRequest = body.bytes
        } else if case .object(var object) = merged, case .object(let original) = body.document,
            let matrix = original["matrix"]
        {
            object["matrix"] = matrix
            storedRequest = JSONWriter().bytes(for: .object(object))
        } else {
            storedRequest = JSONWriter().bytes(for: merged)
        }
        // Every cell has its result (the runner asks for each once); moved out in one allocation.
        var solved: [LayoutResult] = []
        solved.reserveCapacity(results.count)
        for index in results.indices {
            if let result = results[index].take() { solved.append(result) }
        }
        return SolvedMatrix(
            plan: plan, report: report, results: solved, profile: profile, storedRequest: storedRequest)
    }
}

/// A solved device matrix: its cells, the table, each cell's result in cell order, the profile
/// merged, and the request as history keeps it.
public struct SolvedMatrix: Sendable {
    public var plan: MatrixPlan
    public var report: MatrixReport
    public var results: [LayoutResult]
    public var profile: StoredProfile?
    public var storedRequest: [UInt8]
}
