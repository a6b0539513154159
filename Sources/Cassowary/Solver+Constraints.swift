// Hot: measured by the `solve`, `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile solve`); changes here are checked by scripts/check-budgets.sh.

extension Solver {
    /// Adds a constraint and re-optimises.
    ///
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` when the object is already in the solver;
    ///   ``SolverError/unsatisfiableConstraint(_:conflicts:)`` when it is required and contradicts the
    ///   required constraints already added. Either way the solver is left exactly as before.
    public mutating func add(_ constraint: Constraint) throws(SolverError) {
        _ = try insert(constraint, isEdit: false)
    }

    /// Removes a constraint and re-optimises.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` when the object is not in the solver (edit
    ///   variables' hidden constraints are not user constraints either).
    public mutating func remove(_ constraint: Constraint) throws(SolverError) {
        guard let index = recordOfConstraint[constraint],
            let record = records[Int(index)], !record.isEdit
        else { throw .unknownConstraint(constraint) }
        erase(recordIndex: index)
    }

    /// Adds the constraint's row to the tableau (Cassowary's incremental add): build the row over
    /// non-basic symbols, pick a symbol to make basic, or run phase one with an artificial variable
    /// when none fits. Returns the new record's index.
    mutating func insert(_ constraint: Constraint, isEdit: Bool) throws(SolverError) -> Int32 {
        tableau.structureVersion &+= 1
        let key = constraint
        guard recordOfConstraint[key] == nil else { throw .duplicateConstraint(constraint) }
        let isRequired = constraint.priority.isRequired
        // The terms are read in place, `constraint.expression.termList` each time: a local copy of
        // the list would retain and release every variable in it.
        resolveTermSymbols(constraint.expression.termList)
        if isRequired && constraint.relation == .equal, let fresh = freshVariable(in: constraint.expression.termList) {
            return define(
                constraint, terms: constraint.expression.termList, variable: fresh.variable,
                coefficient: fresh.coefficient, isEdit: isEdit)
        }
        let level = isRequired ? -1 : self.level(for: constraint.priority)
        let symbolCheckpoint = tableau.checkpointAllocations()

        var constant = accumulateTerms(constraint.expression.termList, constant: constraint.expression.constant)

        let (marker, other) = accumulateMarkers(relation: constraint.relation, isRequired: isRequired)
        var entries: [RowEntry] = []
        swap(&entries, &tableau.newRowBuffer)
        defer { swap(&entries, &tableau.newRowBuffer) }
        tableau.takeAccumulatedRow(into: &entries)
        if constant < 0 {
            constant = -constant
            for index in entries.indices { entries[index].coefficient = -entries[index].coefficient }
        }
        if !isRequired {
            // Each error costs one unit at its level: errors at one priority add up.
            if constraint.relation == .equal { tableau.addCost(of: marker, level: level, amount: 1) }
            tableau.addCost(of: other, level: level, amount: 1)
        }

        try addRow(
            &entries, constant: constant, marker: marker, other: other, of: constraint,
            symbolCheckpoint: symbolCheckpoint)
        tableau.optimize()
        return commit(constraint, marker: marker, other: other, isEdit: isEdit, defined: -1)
    }

    /// Accumulates the constraint's marker symbols into the row being built and returns them (`other`
    /// is -1 when there is none): `expression + slack = 0` for <=, `expression - slack = 0` for >=,
    /// with an error that lets a non-required one give way; a dummy for a required equality, two errors
    /// (one each way) for a non-required one.
    mutating func accumulateMarkers(relation: Relation, isRequired: Bool) -> (marker: Int32, other: Int32) {
        var marker: Int32
        var other: Int32 = -1
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = relation == .lessThanOrEqual ? 1 : -1
            marker = tableau.allocateSymbol(.slack)
            tableau.accumulateSymbol(marker, sign)
            if !isRequired {
                other = tableau.allocateSymbol(.error)
                tableau.accumulateSymbol(other, -sign)
            }
        case .equal:
            if isRequired {
                marker = tableau.allocateSymbol(.dummy)
                tableau.accumulateSymbol(marker, 1)
            } else {
                marker = tableau.allocateSymbol(.error)
                other = tableau.allocateSymbol(.error)
                tableau.accumulateSymbol(marker, -1)
                tableau.accumulateSymbol(other, 1)
            }
        }
        return (marker, other)
    }

    /// Adds the new row `0 = constant + Σ entries` to the tableau with a basic symbol chosen for it:
    /// a subject solved for directly, a marker of required equalities, a violated inequality's slack
    /// repaired by the dual simplex, or phase one with an artificial variable. Throws (and rolls the
    /// tableau back) when the constraint contradicts the required ones.
    mutating func addRow(
        _ entries: inout [RowEntry], constant: Double, marker: Int32, other: Int32, of constraint: Constraint,
        symbolCheckpoint: Int
    ) throws(SolverError) {
        if let subject = chooseSubject(entries, marker: marker, other: other) {
            // subject = -(constant + Σ others) / a
            let index = entries.firstIndex { $0.symbol == subject } ?? 0
            let scale = -1 / entries[index].coefficient
            entries.remove(at: index, scalingOthersBy: scale)
            let slot = tableau.insertRow(basic: subject, entries: entries, constant: constant * scale)
            tableau.substitute(subject, slot: slot)
        } else if entries.allSatisfy({ tableau.kind[Int($0.symbol)] == .dummy }) {
            // Only required equalities' markers: the constraint is implied by them (constant zero,
            // kept as a redundant row so that removing either twin later still leaves the other)
            // or contradicts them.
            guard Tableau.nearZero(constant) else {
                let candidates = entries.map(\.symbol)
                throw reject(constraint, candidates: candidates, symbolCheckpoint: symbolCheckpoint)
            }
            let index = entries.firstIndex { $0.symbol == marker } ?? 0
            let scale = -1 / entries[index].coefficient
            entries.remove(at: index, scalingOthersBy: scale)
            _ = tableau.insertRow(basic: marker, entries: entries, constant: 0)
        } else if tableau.kind[Int(marker)] == .slack, let index = entries.firstIndex(where: { $0.symbol == marker }) {
            // A required inequality that the current solution violates: add it with its slack basic
            // (negative for now) and let the dual simplex restore feasibility. The objective stays
            // optimal throughout, so no primal phase follows, and a row the dual simplex cannot
            // repair proves the contradiction.
            let scale = -1 / entries[index].coefficient
            entries.remove(at: index, scalingOthersBy: scale)
            tableau.beginJournal()
            _ = tableau.insertRow(basic: marker, entries: entries, constant: constant * scale)
            if constant * scale < 0 { tableau.infeasible.append(marker) }
            if let failed = tableau.dualOptimize(stopAtInfeasibleRow: true) {
                let candidates = [tableau.rows[Int(failed)].basic] + tableau.entries(failed).map(\.symbol)
                tableau.rollBackJournal()
                throw reject(constraint, candidates: candidates, symbolCheckpoint: symbolCheckpoint)
            }
            tableau.commitJournal()
        } else if let subject = phaseOneSubject(entries, constant: constant) {
            // Phase one would take exactly one pivot, the artificial variable leaving for `subject`,
            // and stop there: make the same row with `subject` basic directly.
            let index = entries.firstIndex { $0.symbol == subject } ?? 0
            let scale = -1 / entries[index].coefficient
            entries.remove(at: index, scalingOthersBy: scale)
            let slot = tableau.insertRow(basic: subject, entries: entries, constant: constant * scale)
            tableau.substitute(subject, slot: slot)
        } else if let candidates = addWithArtificialVariable(entries, constant: constant, marker: marker) {
            throw reject(constraint, candidates: candidates, symbolCheckpoint: symbolCheckpoint)
        }
    }

    /// Accumulates the terms (see ``Tableau/accumulate(_:_:)``) and returns `constant` plus the
    /// constants of the definitions they expand.
    @inline(__always)
    mutating func accumulateTerms(_ terms: borrowing TermList, constant: Double) -> Double {
        var constant = constant
        for index in 0..<termCount where !Tableau.nearZero(unpackedTerms[index].coefficient) {
            constant += tableau.accumulate(termSymbol(index, of: terms), unpackedTerms[index].coefficient)
        }
        return constant
    }

    /// Registers an added constraint and the symbols it owns; its terms are those that
    /// ``resolveTermSymbols(_:)`` unpacked.
    @inline(__always)
    mutating func commit(
        _ constraint: Constraint, marker: Int32, other: Int32, isEdit: Bool, defined: Int32
    ) -> Int32 {
        let key = constraint
        let recordIndex: Int32
        let record = ConstraintRecord(
            constraint: constraint, marker: marker, other: other, sequence: nextSequence, isEdit: isEdit,
            defined: defined)
        nextSequence += 1
        if let reused = freeRecords.popLastIfAny() {
            recordIndex = reused
            records[Int(reused)] = record
        } else {
            recordIndex = Int32(records.count)
            records.append(record)
        }
        recordOfConstraint[key] = recordIndex
        tableau.owner[Int(marker)] = recordIndex
        if other >= 0 { tableau.owner[Int(other)] = recordIndex }
        // Every term with a coefficient has its symbol in `unpackedTerms` by now.
        for index in 0..<termCount where !Tableau.nearZero(unpackedTerms[index].coefficient) {
            let symbol = unpackedTerms[index].symbol
            if symbol >= 0 { variableUses[Int(symbol)] += 1 }
        }
        return recordIndex
    }

    /// Unpacks the terms into `unpackedTerms` and looks up the symbol of every term's variable
    /// once (-1 when the solver has not seen the variable), so that adding a constraint hashes each
    /// variable once.
    mutating func resolveTermSymbols(_ terms: borrowing TermList) {
        let count = terms.count
        termCount = count
        reserveTermRoom(max(count, TermList.inlineCapacity))
        // Filled through a pointer, with the list moved out of `self` so that the lookups may read
        // the identity table meanwhile: no capacity or uniqueness check per term.
        var unpacked: [UnpackedTerm] = []
        swap(&unpacked, &unpackedTerms)
        unpacked.withUnsafeMutableBufferPointer { unpacked in
            guard let start = unpacked.baseAddress else { return }
            terms.unpack(into: start)
            for index in 0..<count {
                unpacked[index].symbol = symbolOfVariable[address: unpacked[index].address] ?? -1
            }
        }
        swap(&unpacked, &unpackedTerms)
    }

    /// Makes `unpackedTerms` at least `count` long.
    mutating func reserveTermRoom(_ count: Int) {
        guard unpackedTerms.count < count else { return }
        unpackedTerms.append(contentsOf: repeatElement(UnpackedTerm(), count: count - unpackedTerms.count))
    }

    /// The symbol of term `index`, giving its variable a symbol if it has none yet.
    @inline(__always)
    mutating func termSymbol(_ index: Int, of terms: borrowing TermList) -> Int32 {
        let known = unpackedTerms[index].symbol
        if known >= 0 { return known }
        let symbol = self.symbol(for: terms.variable(at: index))
        unpackedTerms[index].symbol = symbol
        return symbol
    }

    /// The first variable of the terms that the solver has never seen, with its total coefficient,
    /// when that coefficient is not zero: a required equality on it can only define it. Reads
    /// `unpackedTerms` (see ``resolveTermSymbols(_:)``).
    @inline(__always)
    func freshVariable(in terms: borrowing TermList) -> (variable: Variable, coefficient: Double)? {
        for index in 0..<termCount where unpackedTerms[index].symbol < 0 {
            let address = unpackedTerms[index].address
            var coefficient = 0.0
            for other in 0..<termCount where unpackedTerms[other].address == address {
                coefficient += unpackedTerms[other].coefficient
            }
            if !Tableau.nearZero(coefficient) { return (terms.variable(at: index), coefficient) }
        }
        return nil
    }

    /// Adds a required equality as the definition of its fresh variable (see Definition.swift):
    /// `coefficient · variable + rest == 0` becomes `variable = -(rest + marker) / coefficient`.
    /// `terms` are the constraint's terms, unpacked by ``resolveTermSymbols(_:)``.
    mutating func define(
        _ constraint: Constraint, terms: borrowing TermList, variable: Variable, coefficient: Double, isEdit: Bool
    ) -> Int32 {
        // `freshVariable(in:)` found the variable unknown.
        let defined = newSymbol(for: variable)
        let marker = tableau.allocateSymbol(.dummy)
        // Append the terms to the shared pool, then sort and combine them in place (usually they
        // already are sorted and distinct).
        let start = tableau.definitionTerms.count
        var sorted = true
        let definedAddress = ObjectIdentifier(variable).address
        var lastSymbol: Int32 = -1
        for index in 0..<termCount {
            let termCoefficient = unpackedTerms[index].coefficient
            if Tableau.nearZero(termCoefficient) { continue }
            guard unpackedTerms[index].address != definedAddress else {
                unpackedTerms[index].symbol = defined
                continue
            }
            let symbol = termSymbol(index, of: terms)
            if symbol <= lastSymbol { sorted = false }
            lastSymbol = symbol
            tableau.definitionTerms.append(
                RowEntry(symbol: symbol, node: -1, coefficient: -termCoefficient / coefficient))
        }
        if !sorted {
            // Sorted, combined and cleared of zeros in place, in the pool: no array of its own.
            let kept = tableau.definitionTerms.withUnsafeMutableBufferPointer { pool in
                var terms = UnsafeMutableBufferPointer(rebasing: pool[start...])
                terms.sort { $0.symbol < $1.symbol }
                var kept = 0
                var position = 0
                while position < terms.count {
                    var term = terms[position]
                    position += 1
                    while position < terms.count && terms[position].symbol == term.symbol {
                        term.coefficient += terms[position].coefficient
                        position += 1
                    }
                    if !Tableau.nearZero(term.coefficient) {
                        terms[kept] = term
                        kept += 1
                    }
                }
                return start + kept
            }
            tableau.definitionTerms.removeSubrange(kept...)
        }
        tableau.define(
            Definition(
                symbol: defined, termStart: Int32(start), termCount: Int32(tableau.definitionTerms.count - start),
                constant: -constraint.expression.constant / coefficient, marker: marker,
                markerCoefficient: -1 / coefficient))
        return commit(constraint, marker: marker, other: -1, isEdit: isEdit, defined: defined)
    }

    /// Cassowary's choice of the symbol to solve a new row for: any external variable (the lowest
    /// id, so the choice is reproducible); else the constraint's own slack or error when its
    /// coefficient is negative, which keeps the new basic value non-negative.
    @inline(__always)
    func chooseSubject(_ entries: [RowEntry], marker: Int32, other: Int32) -> Int32? {
        for entry in entries where tableau.kind[Int(entry.symbol)] == .external { return entry.symbol }
        if isNegativeRestricted(marker, in: entries) { return marker }
        if isNegativeRestricted(other, in: entries) { return other }
        return nil
    }

    /// True when `candidate` is a slack or error with a negative coefficient in `entries`.
    @inline(__always)
    private func isNegativeRestricted(_ candidate: Int32, in entries: [RowEntry]) -> Bool {
        guard candidate >= 0 else { return false }
        let candidateKind = tableau.kind[Int(candidate)]
        return (candidateKind == .slack || candidateKind == .error) && entries.coefficient(of: candidate) < 0
    }

    /// The symbol phase one would bring into the basis in its first pivot, when that pivot makes the
    /// artificial variable leave (so phase one ends right there, successfully): the first slack or
    /// error with a negative coefficient (Bland's rule on the artificial objective, which is the row
    /// itself), when the new row wins its ratio test with the id the artificial variable would get.
    /// Nil when phase one has more to do. `constant` is not negative.
    @inline(__always)
    func phaseOneSubject(_ entries: [RowEntry], constant: Double) -> Int32? {
        guard
            let entering = entries.first(where: { entry in
                let symbolKind = tableau.kind[Int(entry.symbol)]
                return entry.coefficient < -Tableau.epsilon && (symbolKind == .slack || symbolKind == .error)
            })
        else { return nil }
        let artificial = tableau.freeSymbols.last ?? Int32(tableau.symbolCount)
        let ratio = -constant / entering.coefficient
        if let best = tableau.leavingCandidate(for: entering.symbol) {
            guard ratio < best.ratio || (ratio == best.ratio && artificial < best.basic) else { return nil }
        }
        return entering.symbol
    }

    /// Phase one: adds the row with an artificial variable as its basic symbol and minimises it.
    /// Returns nil when the row could be satisfied (the row is then in the tableau); otherwise rolls
    /// the tableau back and returns the symbols of the final artificial row, whose owners are the
    /// required constraints that contradict the new one.
    mutating func addWithArtificialVariable(_ entries: [RowEntry], constant: Double, marker: Int32) -> [Int32]? {
        tableau.beginJournal()
        let artificial = tableau.allocateSymbol(.slack)
        _ = tableau.insertRow(basic: artificial, entries: entries, constant: constant)
        tableau.artificialEntries = entries
        tableau.artificialConstant = constant
        tableau.artificialActive = true
        tableau.optimizeArtificial()
        tableau.artificialActive = false
        guard Tableau.nearZero(tableau.artificialConstant) else {
            let candidates = tableau.artificialEntries.map(\.symbol)
            tableau.rollBackJournal()
            return candidates
        }
        tableau.commitJournal()
        let slot = tableau.rowOf[Int(artificial)]
        if slot >= 0 {
            // Still basic at zero: hand its row to a symbol that may be basic (a slack or error, else
            // a dummy, the lowest id), or drop it when empty.
            let row = tableau.entries(slot)
            let pivotable = row.first { [.slack, .error].contains(tableau.kind[Int($0.symbol)]) } ?? row.first
            if let entering = pivotable?.symbol {
                tableau.pivot(entering: entering, slot: slot)
            } else {
                tableau.removeRow(slot)
            }
        }
        tableau.removeColumn(artificial)
        tableau.freeSymbol(artificial)
        return nil
    }

    /// Undoes the symbols of a rejected add and builds its error.
    mutating func reject(_ constraint: Constraint, candidates: [Int32], symbolCheckpoint: Int) -> SolverError {
        // The variables that got their symbol during the add: reused ids are in the log, fresh
        // ones follow the checkpoint.
        for symbol in tableau.allocationLog where tableau.kind[Int(symbol)] == .external {
            releaseVariable(symbol: symbol)
        }
        for symbol in symbolCheckpoint..<tableau.symbolCount where tableau.kind[symbol] == .external {
            releaseVariable(symbol: Int32(symbol))
        }
        tableau.rollBackAllocations(toCount: symbolCheckpoint)
        guard explainsConflicts else { return .unsatisfiableConstraint(constraint, conflicts: []) }
        var candidateRecords: [ConstraintRecord] = []
        for symbol in candidates where Int(symbol) < tableau.owner.count {
            let owner = tableau.owner[Int(symbol)]
            guard owner >= 0, let record = records[Int(owner)], record.constraint.priority.isRequired else { continue }
            if !candidateRecords.contains(where: { $0.sequence == record.sequence }) { candidateRecords.append(record) }
        }
        candidateRecords.sort { $0.sequence < $1.sequence }
        let conflicts = Solver.irreducibleConflict(
            for: constraint, candidates: candidateRecords.map(\.constraint),
            fallback: { userRecordsInOrder().filter { $0.constraint.priority.isRequired }.map(\.constraint) })
        return .unsatisfiableConstraint(constraint, conflicts: conflicts)
    }

    /// Takes a constraint's row out of the tableau (Cassowary's incremental remove) and re-optimises.
    mutating func erase(recordIndex: Int32) {
        tableau.structureVersion &+= 1
        guard let record = records[Int(recordIndex)] else { return }
        recordOfConstraint[record.constraint] = nil
        records[Int(recordIndex)] = nil
        freeRecords.append(recordIndex)

        let constraint = record.constraint
        if record.defined >= 0 {
            // A definition leaves as a row would: become that row first.
            tableau.materialize(record.defined)
        }
        if !constraint.priority.isRequired {
            let level = levelPriorities.firstIndex(of: constraint.priority.value) ?? 0
            if constraint.relation == .equal { tableau.addCost(of: record.marker, level: level, amount: -1) }
            tableau.addCost(of: record.other, level: level, amount: -1)
        }
        let marker = record.marker
        let markerSlot = tableau.rowOf[Int(marker)]
        if markerSlot >= 0 {
            tableau.removeRow(markerSlot)
        } else if let slot = tableau.markerLeavingSlot(marker) {
            tableau.pivot(entering: marker, slot: slot)
            tableau.removeRow(slot)
        }
        // The marker's row was the only one mentioning the constraint; clear rounding residue so
        // the ids can be reused.
        for symbol in [marker, record.other] where symbol >= 0 {
            let slot = tableau.rowOf[Int(symbol)]
            if slot >= 0 { tableau.removeRow(slot) }
            tableau.removeColumn(symbol)
        }
        tableau.optimize()
        tableau.freeSymbol(marker)
        if record.other >= 0 { tableau.freeSymbol(record.other) }

        let terms = constraint.expression.termList
        for index in 0..<terms.count where !Tableau.nearZero(terms.coefficient(at: index)) {
            guard let symbol = symbolOfVariable[address: terms.address(at: index)] else { continue }
            variableUses[Int(symbol)] -= 1
            if variableUses[Int(symbol)] == 0 {
                // No constraint mentions the variable any more: it is back at its starting value.
                let slot = tableau.rowOf[Int(symbol)]
                if slot >= 0 { tableau.removeRow(slot) }
                tableau.removeColumn(symbol)
                releaseVariable(symbol: symbol)
                tableau.freeSymbol(symbol)
            }
        }
    }
}
