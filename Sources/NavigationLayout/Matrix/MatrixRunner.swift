/// Runs a matrix plan through a solving closure and gathers the table.
///
/// The runner knows nothing of how a layout is solved: the engine plugs in as a closure. Cells are
/// visited group by group (`MatrixCellGroup`: same request but for the screen geometry), so an
/// engine can keep its parsed rules and its solver, with the screen as edit variables, for a whole
/// group; the table is always written in cell order, whatever order cells were solved in.
public enum MatrixRunner {
    /// Solves each cell on its own.
    public static func run<Failure: Error>(
        _ plan: MatrixPlan, solve: (MatrixCell) throws(Failure) -> MatrixCellOutcome
    ) throws(Failure) -> MatrixReport {
        var outcomes: [MatrixCellOutcome?] = []
        outcomes.reserveCapacity(plan.cells.count)
        for cell in plan.cells { outcomes.append(try solve(cell)) }
        return report(plan, outcomes)
    }

    /// Asks `solverForGroup` once per group for a solver, then that solver once per cell of the
    /// group, groups in plan order.
    public static func run<Failure: Error>(
        _ plan: MatrixPlan,
        solverForGroup: (MatrixCellGroup) throws(Failure) -> (MatrixCell) throws(Failure) -> MatrixCellOutcome
    ) throws(Failure) -> MatrixReport {
        var outcomes: [MatrixCellOutcome?] = Array(repeating: nil, count: plan.cells.count)
        for group in plan.groups {
            let solve = try solverForGroup(group)
            for index in group.cellIndexes {
                outcomes[index] = try solve(plan.cells[index])
            }
        }
        return report(plan, outcomes)
    }

    private static func report(_ plan: MatrixPlan, _ outcomes: [MatrixCellOutcome?]) -> MatrixReport {
        var rows: [MatrixReport.Row] = []
        rows.reserveCapacity(plan.cells.count)
        for (cell, outcome) in zip(plan.cells, outcomes) {
            // Every cell belongs to exactly one group (MatrixPlan builds them together), so every
            // outcome is set; a missing one would be a plan bug, shown as an error cell, not a crash.
            rows.append(
                MatrixReport.Row(
                    cell: cell,
                    outcome: outcome
                        ?? MatrixCellOutcome(status: .error, codes: ["not-solved"], wideMode: false, solveMicros: 0)))
        }
        return MatrixReport(rows: rows)
    }
}
