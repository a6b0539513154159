/// An incremental Cassowary constraint solver with strict priorities.
///
/// Add and remove ``Constraint``s at any time; the solution is re-optimised from the current tableau,
/// not rebuilt. Priorities are strict levels (see ``Priority``): the solver minimises the errors of the
/// highest non-required level first, then the next level, and so on; errors at one level add up.
/// Required constraints must hold: a contradicting one is rejected with an explanation, and the solver
/// is left exactly as before.
///
/// Edit variables steer the solution: ``addEditVariable(_:priority:)`` once, then
/// ``suggestValue(_:for:)`` as often as needed; a suggestion re-optimises with the dual simplex, which
/// touches only the rows the suggestion makes infeasible.
///
/// Values are published, as in kiwi: ``updateVariables()`` copies the current solution, and
/// ``value(of:)`` reads the copy. ``brokenConstraints()`` and ``undeterminedVariables()`` describe the
/// current solution.
///
/// Determinism: symbols are numbered in order of first appearance, pivots are chosen by Bland's rule
/// on those numbers, and no dictionary is ever iterated, so the same sequence of calls gives
/// bit-identical values in every process.
///
/// A `Solver` is a value: copying one gives an independent solver.
public struct Solver: Sendable {
    var tableau = Tableau()
    var records = RecordTable()
    var freeRecords: [Int32] = []
    var recordOfConstraint = IdentityTable()
    var symbolOfVariable = IdentityTable()
    /// The variables the solver knows, densely (nil where one was released), so that sizing the
    /// per-symbol tables never fills an array of references; `variableSlotOfSymbol` maps an external
    /// symbol to its slot here (-1 otherwise), `variableUses` counts the constraint terms that use it.
    var variables: [Variable?] = []
    var freeVariableSlots: [Int32] = []
    var variableSlotOfSymbol: [Int32] = []
    var variableUses: [Int32] = []
    var edits: [EditRecord?] = []
    /// Each edit's two error symbols, at twice its index (-1 for a free index): read on every solve
    /// to see that the suggestions hold, without touching the records.
    var editErrorSymbols: [Int32] = []
    var freeEdits: [Int32] = []
    var editOfVariable = IdentityTable()
    /// The non-required priority values in use, in the order they first appeared: the index is the
    /// objective level (the tableau ranks the levels). A handful at most, so a linear search beats
    /// any table.
    var levelPriorities: [Int] = []
    var nextSequence = 0
    /// Off in the scratch solvers that test candidate conflict sets.
    var explainsConflicts = true
    /// The terms of the constraint being added, unpacked by ``resolveTermSymbols(_:)`` into the
    /// first `termCount` places.
    var unpackedTerms: [UnpackedTerm] = []
    var termCount = 0

    public init() {}

    /// A solver with room for about `constraintCount` constraints over about `variableCount`
    /// variables (as many as constraints unless given), so that building a system of known size
    /// grows no table on the way. Only a hint: more of either is fine.
    public init(expectedConstraints constraintCount: Int, expectedVariables variableCount: Int? = nil) {
        reserveCapacity(constraints: constraintCount, variables: variableCount)
    }

    /// Makes room for about `constraintCount` constraints over about `variableCount` variables in
    /// all (see ``init(expectedConstraints:expectedVariables:)``).
    public mutating func reserveCapacity(constraints constraintCount: Int, variables variableCount: Int? = nil) {
        let count = max(0, constraintCount)
        let variableTotal = max(0, variableCount ?? count)
        // Symbols: one per variable, a slack or dummy per constraint and an error for the
        // non-required ones (about half in a layout). Rows: about one per constraint, of a handful
        // of entries each.
        tableau.reserveCapacity(
            symbols: variableTotal + count + count / 2 + 8, rows: count + 8, entries: 16 * count + 64)
        records.reserveCapacity(count)
        reserveTermRoom(16)
        levelPriorities.reserveCapacity(4)
        // A layout has a few edit variables (a window's width and height): room for them in one
        // block, instead of growing from one to two.
        edits.reserveCapacity(4)
        recordOfConstraint.reserveCapacity(count)
        symbolOfVariable.reserveCapacity(variableTotal)
        variables.reserveCapacity(variableTotal)
        if variableSlotOfSymbol.count < tableau.kind.count {
            let missing = tableau.kind.count - variableSlotOfSymbol.count
            variableSlotOfSymbol.append(contentsOf: repeatElement(-1, count: missing))
            variableUses.append(contentsOf: repeatElement(0, count: missing))
        }
    }

    /// True when the constraint object has been added and not removed.
    public func contains(_ constraint: Constraint) -> Bool {
        recordOfConstraint[constraint] != nil
    }

    /// True when some constraint or edit variable in the solver mentions the variable; a variable the
    /// solver does not know is free (nothing holds it).
    public func knows(_ variable: Variable) -> Bool {
        symbolOfVariable[variable] != nil
    }

    /// True when the variable is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        editOfVariable[variable] != nil
    }

    /// The work the solver has done since it was made, in row entries written into new rows and
    /// merged by substitutions (the bulk of adding constraints and of re-solving). It only grows, so a caller bounds the cost of a
    /// step by the difference before and after, or stops adding constraints past a budget; it counts
    /// operations, not time, so the same system always counts the same.
    public var workDone: Int { tableau.workDone }

    /// A bound on ``workDone`` (none by default). Once the work passes it, every simplex loop stops
    /// where it is: the call returns as if it had finished, but the solution is not optimal and may
    /// not even be feasible, and ``isPastWorkLimit`` says so. A system that needs that much work is
    /// one a caller refuses, so it drops the solver then; a solver past its limit is good for nothing
    /// else. This is what bounds a system the simplex would take unreasonably long over (such as a
    /// degenerate one it cycles on).
    public var workLimit: Int {
        get { tableau.workLimit }
        set { tableau.workLimit = newValue }
    }

    /// True once ``workDone`` has passed ``workLimit``.
    public var isPastWorkLimit: Bool { tableau.isPastWorkLimit }

    /// About how many bytes the solver's tables hold (the tableau's, plus a record per constraint),
    /// for caches that keep solvers within a memory bound.
    public var estimatedBytes: Int { tableau.estimatedBytes + records.count * 96 }

    /// The constraints in the solver, in the order they were added.
    public var constraints: [Constraint] {
        userRecordsInOrder().map(\.constraint)
    }

    /// Publishes the current solution: afterwards ``value(of:)`` returns it.
    public mutating func updateVariables() {
        tableau.publishValues()
    }

    /// The variable's value as of the last ``updateVariables()``; 0 for a variable the solver does
    /// not know (a variable that no constraint mentions is at its starting value, 0).
    public func value(of variable: Variable) -> Double {
        guard let symbol = symbolOfVariable[variable] else { return 0 }
        return tableau.published[Int(symbol)]
    }

    /// Moves whenever a variable gets or loses its symbol: a symbol read with ``knownSymbol(of:)``
    /// stands for its variable until this moves.
    public var variableSymbolsVersion: UInt64 { tableau.externalSymbolsVersion }

    /// The symbol of a variable the solver knows, -1 for one it does not: ``value(atSymbol:)`` reads
    /// its value without looking the variable up again.
    public func knownSymbol(of variable: Variable) -> Int32 {
        symbolOfVariable[variable] ?? -1
    }

    /// ``value(of:)`` for the variable whose symbol ``knownSymbol(of:)`` gave (0 for -1).
    public func value(atSymbol symbol: Int32) -> Double {
        symbol >= 0 ? tableau.published[Int(symbol)] : 0
    }

    func userRecordsInOrder() -> [ConstraintRecord] {
        records.live.filter { !$0.isEdit }.sorted { $0.sequence < $1.sequence }
    }

    // MARK: Symbols of variables and levels of priorities

    mutating func symbol(for variable: Variable) -> Int32 {
        if let symbol = symbolOfVariable[variable] { return symbol }
        return newSymbol(for: variable)
    }

    /// Gives a variable the solver does not know yet its symbol.
    mutating func newSymbol(for variable: Variable) -> Int32 {
        let key = variable
        let symbol = tableau.allocateSymbol(.external)
        symbolOfVariable[key] = symbol
        let index = Int(symbol)
        if variableSlotOfSymbol.count <= index {
            // Grow with the tableau's per-symbol arrays, in one step.
            let missing = max(index + 1, tableau.kind.count) - variableSlotOfSymbol.count
            variableSlotOfSymbol.append(contentsOf: repeatElement(-1, count: missing))
            variableUses.append(contentsOf: repeatElement(0, count: missing))
        }
        let slot: Int32
        if let reused = freeVariableSlots.popLastIfAny() {
            slot = reused
            variables[Int(slot)] = variable
        } else {
            slot = Int32(variables.count)
            variables.append(variable)
        }
        variableSlotOfSymbol[index] = slot
        variableUses[index] = 0
        return symbol
    }

    /// The variable of an external symbol.
    func variable(ofSymbol symbol: Int) -> Variable? {
        guard symbol < variableSlotOfSymbol.count else { return nil }
        let slot = variableSlotOfSymbol[symbol]
        return slot >= 0 ? variables[Int(slot)] : nil
    }

    mutating func releaseVariable(symbol: Int32) {
        guard let variable = variable(ofSymbol: Int(symbol)) else { return }
        symbolOfVariable[variable] = nil
        let slot = variableSlotOfSymbol[Int(symbol)]
        variables[Int(slot)] = nil
        freeVariableSlots.append(slot)
        variableSlotOfSymbol[Int(symbol)] = -1
        variableUses[Int(symbol)] = 0
    }

    /// The objective level of a non-required priority, creating it (ranked by priority) if needed.
    /// A level is never removed: an empty level costs a few zeros and changes no result.
    mutating func level(for priority: Priority) -> Int {
        if let existing = levelPriorities.firstIndex(of: priority.value) { return existing }
        var rank = 0
        for value in levelPriorities where value > priority.value { rank += 1 }
        levelPriorities.append(priority.value)
        return tableau.addLevel(rankedAt: rank)
    }
}
