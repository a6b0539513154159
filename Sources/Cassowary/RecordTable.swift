// Hot: measured by the `solve`, `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile solve`); changes here are checked by scripts/check-budgets.sh.

/// The constraint records by index, with free indices for reuse. Stored without `Optional`
/// (a free index holds a placeholder record): destroying an array of optional records goes through
/// the generic enum machinery per element, which makes tearing a solver down cost more than building
/// some of it.
struct RecordTable: Sendable {
    private var storage: [ConstraintRecord] = []

    /// The sequence number that marks a free index.
    private static let freeSequence = -1
    private static let placeholder = ConstraintRecord(
        constraint: Constraint(Expression(), .equal), marker: -1, other: -1, sequence: freeSequence, isEdit: false,
        defined: -1)

    var count: Int { storage.count }

    subscript(index: Int) -> ConstraintRecord? {
        get {
            let record = storage[index]
            return record.sequence == RecordTable.freeSequence ? nil : record
        }
        set { storage[index] = newValue ?? RecordTable.placeholder }
    }

    mutating func append(_ record: ConstraintRecord) {
        storage.append(record)
    }

    mutating func reserveCapacity(_ count: Int) {
        storage.reserveCapacity(count)
    }

    /// The records in use, in index order.
    var live: [ConstraintRecord] {
        storage.filter { $0.sequence != RecordTable.freeSequence }
    }
}
