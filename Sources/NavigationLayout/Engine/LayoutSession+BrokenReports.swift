import Cassowary

/// The broken constraints a result reports.
extension LayoutSession {
    /// The document's constraints (and intrinsic sizes) the solution breaks, named as installed.
    mutating func brokenReports() -> [BrokenConstraintReport] {
        let brokenConstraints = solver.brokenConstraints(memo: &brokenConstraintMemo)
        guard !brokenConstraints.isEmpty else { return [] }
        // Many broken constraints: one table instead of a scan of the labels for each.
        var table: [ObjectIdentifier: ConstraintLabel] = [:]
        if brokenConstraints.count > 8 {
            table.reserveCapacity(labels.count)
            for entry in labels { table[ObjectIdentifier(entry.constraint)] = entry.label }
        }
        var reports: [BrokenConstraintReport] = []
        for broken in brokenConstraints {
            let found = table.isEmpty ? label(of: broken.constraint) : table[ObjectIdentifier(broken.constraint)]
            guard let label = found, label.isReported else { continue }
            // Sized at the first report: most broken constraints are unreported ones (hugging, fitting
            // sizes), so most results have no reports at all.
            if reports.isEmpty { reports.reserveCapacity(brokenConstraints.count) }
            reports.append(
                BrokenConstraintReport(
                    constraint: text(of: label, for: broken.constraint),
                    priority: broken.constraint.priority.value,
                    violation: roundMilli(broken.violation)))
        }
        return reports
    }
}
