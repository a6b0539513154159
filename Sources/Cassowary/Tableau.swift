// Hot: measured by the `solve`, `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile solve`); changes here are checked by scripts/check-budgets.sh.

/// The simplex tableau behind ``Solver``: sparse rows, a column index and a lexicographic objective.
///
/// Every row reads `basic = constant + Σ coefficient · symbol` over non-basic symbols. Symbols are small
/// integers, so every per-symbol fact lives in a flat array indexed by id: no hashing and no
/// reference counting in the pivot loops. The column index (symbol -> rows containing it) is a doubly
/// linked list per symbol threaded through one node pool; each row entry remembers its node, so linking
/// and unlinking are O(1) and a pivot visits only the rows that contain the entering symbol.
///
/// The objective is strict-lexicographic: one coefficient per priority level in use, stored densely as
/// `objective[symbol * levelStride + level]`. Levels are numbered in the order they were created and
/// `levelOrder` ranks them, highest priority first, so a new level never moves the others. A symbol
/// improves the objective when its first coefficient that is not near zero, highest level first, is
/// negative.
struct Tableau {
    static let epsilon = 1.0e-8

    // MARK: Symbols
    var kind: [SymbolKind] = []
    /// Row slot of a basic symbol, -1 when non-basic.
    var rowOf: [Int32] = []
    /// First column-index node of the symbol, -1 when no row contains it.
    var columnHead: [Int32] = []
    /// Index of the constraint record that owns a marker or error symbol; use count of a variable.
    var owner: [Int32] = []
    /// Values published by the last `publishValues()`.
    var published: [Double] = []
    var freeSymbols: [Int32] = []
    /// Reused symbols allocated since the last checkpoint, so that a rejected add can give them
    /// back (fresh ones are the ids from the checkpoint's `symbolCount` on: they need no log).
    var allocationLog: [Int32] = []

    // MARK: Definitions (see Definition.swift)
    /// Index into `definitions` of a defined symbol, -1 otherwise.
    var definitionOf: [Int32] = []
    var definitions: [Definition?] = []
    var definitionTerms: [RowEntry] = []
    var deadDefinitionTerms = 0
    var freeDefinitions: [Int32] = []
    /// Live definitions in the order they were made.
    var definitionOrder: [Int32] = []

    // MARK: Objective
    var levelCount = 0
    /// Objective coefficients per symbol: at least `levelCount`, grown by doubling.
    var levelStride = 0
    /// The levels, highest priority first.
    var levelOrder: [Int] = []
    var objective: [Double] = []
    /// Symbols whose objective coefficients changed since they were last seen optimal: the only
    /// candidates for entering the basis. Keeps the optimality test proportional to the work done.
    var dirty: [Int32] = []
    var isDirty: [Bool] = []

    // MARK: Rows, by slot
    var entryPool: [RowEntry] = []
    /// Where each row's entries sit in the pool, its constant and its basic symbol, by slot: one
    /// array, so that a new row is one append and a row's facts share a cache line.
    var rows: [RowHeader] = []
    var deadEntries = 0
    var freeSlots: [Int32] = []

    // MARK: Column index node pool
    var columnNodes: [ColumnNode] = []
    var freeNode: Int32 = -1
    var freeNodeCount = 0

    /// Row entries written into new rows and read and written by substitutions so far: the measure
    /// of the solver's work that grows with a system's fill, for callers that bound it (see
    /// ``Solver/workDone``).
    var workDone = 0
    /// Moves on every change of the rows' structure (a pivot, a constraint or edit variable added or
    /// removed), never on a change of constants alone; ``DeterminednessMemo`` is keyed by it.
    var structureVersion: UInt64 = 0
    /// The external symbols in use, ascending (what ``publishValues()`` copies), found again after an
    /// external symbol is allocated or freed; the version moves at each such change.
    var externalSymbols: [Int32] = []
    var externalSymbolsStale = true
    var externalSymbolsVersion: UInt64 = 0

    /// Notes that an external symbol was allocated or freed.
    mutating func externalSymbolsChanged() {
        externalSymbolsStale = true
        externalSymbolsVersion &+= 1
    }
    /// Past this much work the simplex loops stop where they are (see ``Solver/workLimit``).
    var workLimit = Int.max

    @inline(__always)
    var isPastWorkLimit: Bool { workDone > workLimit }

    /// About how many bytes the tableau's tables hold: the row entries, the column index, the rows,
    /// the objective, the definitions and the per-symbol arrays, by their capacities.
    var estimatedBytes: Int {
        entryPool.capacity * MemoryLayout<RowEntry>.stride + columnNodes.capacity * MemoryLayout<ColumnNode>.stride
            + rows.capacity * MemoryLayout<RowHeader>.stride + objective.capacity * MemoryLayout<Double>.stride
            + definitionTerms.capacity * MemoryLayout<RowEntry>.stride
            + definitions.capacity * MemoryLayout<Definition?>.stride
            // kind, rowOf, columnHead, owner, published, definitionOf, accumulator, isDirty
            + kind.capacity * (1 + 4 + 4 + 4 + 8 + 4 + 8 + 1)
    }

    /// Restricted basic symbols whose value went negative: the work list of the dual simplex.
    var infeasible: [Int32] = []

    // MARK: Phase one
    var artificialEntries: [RowEntry] = []
    var artificialConstant = 0.0
    var artificialActive = false

    // MARK: Scratch space reused by every operation
    var mergeBuffer: [RowEntry] = []
    var sourceBuffer: [RowEntry] = []
    var pivotBuffer: [RowEntry] = []
    var newRowBuffer: [RowEntry] = []
    var slotBuffer: [Int32] = []
    var accumulator: [Double] = []
    var accumulated: [Int32] = []

    // MARK: Undo journal of one add (see Tableau+Journal.swift)
    var journaling = false
    var journalSlots: [Int32] = []
    var journalPool: [RowEntry] = []
    var journalRanges: [Range<Int>] = []
    var journalConstants: [Double] = []
    var journalBasics: [Int32] = []
    var journalObjectiveIndex: [Int] = []
    var journalObjectiveValue: [Double] = []
    var journalSlotCount = 0
    var journalFreeSlots: [Int32] = []
    var journalDirty: [Int32] = []
    var journalInfeasible: [Int32] = []

    /// Symbols handed out so far; the per-symbol arrays are longer (grown in chunks, so that
    /// allocating a symbol writes one field instead of appending to every array), and ids at or
    /// past `symbolCount` hold the defaults.
    var symbolCount = 0

    @inline(__always)
    static func nearZero(_ value: Double) -> Bool { abs(value) < epsilon }

    /// For each row, whether its basic symbol is at zero: 0 for an external basic symbol (its value
    /// bounds nothing) or a free slot, 1 for a restricted one at zero, 2 for one clearly above it. Nil
    /// when a restricted row is in neither band (near the tolerances, or below zero), where a
    /// comparison of patterns would be a guess.
    func zeroPattern() -> [UInt8]? {
        var pattern = [UInt8](repeating: 0, count: rows.count)
        for slot in rows.indices {
            guard let code = zeroCode(ofRow: slot) else { return nil }
            pattern[slot] = code
        }
        return pattern
    }

    /// Whether the rows are at zero exactly where `pattern` (a ``zeroPattern()``) says they were.
    func matchesZeroPattern(_ pattern: [UInt8]) -> Bool {
        guard pattern.count == rows.count else { return false }
        for slot in rows.indices where zeroCode(ofRow: slot) != pattern[slot] { return false }
        return true
    }

    /// A row's entry in ``zeroPattern()``.
    private func zeroCode(ofRow slot: Int) -> UInt8? {
        let basic = rows[slot].basic
        guard basic >= 0, kind[Int(basic)] != .external else { return 0 }
        let constant = rows[slot].constant
        if Tableau.nearZero(constant) { return 1 }
        return constant > Solver.reportTolerance ? 2 : nil
    }

    // MARK: Symbol allocation

    mutating func allocateSymbol(_ symbolKind: SymbolKind) -> Int32 {
        if symbolKind == .external { externalSymbolsChanged() }
        let symbol: Int32
        if let reused = freeSymbols.popLastIfAny() {
            symbol = reused
            kind[Int(symbol)] = symbolKind
            allocationLog.append(symbol)
        } else {
            if symbolCount == kind.count { growSymbolArrays(by: max(64, symbolCount)) }
            symbol = Int32(symbolCount)
            symbolCount += 1
            kind[Int(symbol)] = symbolKind
        }
        return symbol
    }

    /// Makes room for `symbols` symbols, `rows` rows and `entries` row entries in all, so that a
    /// system of known size is built without growing any table on the way.
    mutating func reserveCapacity(symbols: Int, rows: Int, entries: Int) {
        if levelStride == 0 {
            // Room for the first four priority levels (the stride the first `addLevel` would pick),
            // laid out with the symbol arrays below: a layout's first non-required constraint then
            // re-lays out no objective. The objective is empty while the stride is zero.
            levelStride = 4
            objective.append(contentsOf: repeatElement(0, count: kind.count * levelStride))
            levelOrder.reserveCapacity(levelStride)
        }
        if kind.count < symbols { growSymbolArrays(by: symbols - kind.count) }
        definitionOf.reserveCapacity(symbols)
        dirty.reserveCapacity(symbols)
        infeasible.reserveCapacity(rows)
        self.rows.reserveCapacity(rows)
        // Free lists fill only when constraints are removed: no room reserved.
        slotBuffer.reserveCapacity(rows)
        entryPool.reserveCapacity(entries)
        definitions.reserveCapacity(rows)
        definitionOrder.reserveCapacity(rows)
        definitionTerms.reserveCapacity(entries / 8)
        reserveNodes(entries / 4)
        mergeBuffer.reserveCapacity(64)
        sourceBuffer.reserveCapacity(64)
        pivotBuffer.reserveCapacity(64)
        newRowBuffer.reserveCapacity(64)
        accumulated.reserveCapacity(64)
    }

    /// Appends `count` ids in their default state to every per-symbol array.
    mutating func growSymbolArrays(by count: Int) {
        kind.append(contentsOf: repeatElement(.unused, count: count))
        rowOf.append(contentsOf: repeatElement(-1, count: count))
        columnHead.append(contentsOf: repeatElement(-1, count: count))
        owner.append(contentsOf: repeatElement(-1, count: count))
        published.append(contentsOf: repeatElement(0, count: count))
        isDirty.append(contentsOf: repeatElement(false, count: count))
        accumulator.append(contentsOf: repeatElement(0, count: count))
        definitionOf.append(contentsOf: repeatElement(-1, count: count))
        objective.append(contentsOf: repeatElement(0, count: count * levelStride))
    }

    /// Gives a symbol that no row and no objective coefficient mentions back for reuse.
    mutating func freeSymbol(_ symbol: Int32) {
        let index = Int(symbol)
        if kind[index] == .external { externalSymbolsChanged() }
        kind[index] = .unused
        owner[index] = -1
        published[index] = 0
        let base = index * levelStride
        for level in 0..<levelCount { objective[base + level] = 0 }
        freeSymbols.append(symbol)
    }

    /// Starts recording allocations so that `rollBackAllocations(toCount:)` can undo them.
    mutating func checkpointAllocations() -> Int {
        allocationLog.truncate(to: 0)
        return symbolCount
    }

    /// Undoes every allocation since the checkpoint: reused ids go back to the free list in their old
    /// order, fresh ids return to the unallocated tail.
    mutating func rollBackAllocations(toCount count: Int) {
        externalSymbolsChanged()
        for symbol in allocationLog.reversed() where Int(symbol) < count {
            freeSymbol(symbol)
        }
        allocationLog.truncate(to: 0)
        // Ids handed out since the checkpoint go back to their default state.
        for symbol in count..<symbolCount {
            kind[symbol] = .unused
            rowOf[symbol] = -1
            columnHead[symbol] = -1
            owner[symbol] = -1
            published[symbol] = 0
            isDirty[symbol] = false
            accumulator[symbol] = 0
            definitionOf[symbol] = -1
            for level in 0..<levelCount { objective[symbol * levelStride + level] = 0 }
        }
        symbolCount = min(symbolCount, count)
    }

    // MARK: Priority levels

    /// Adds an empty objective level ranked at `rank` (0 = highest priority) and returns its number.
    mutating func addLevel(rankedAt rank: Int) -> Int {
        if levelCount == levelStride {
            let oldStride = levelStride
            let newStride = max(4, oldStride * 2)
            var grown = [Double](repeating: 0, count: kind.count * newStride)
            for symbol in 0..<symbolCount {
                for level in 0..<levelCount {
                    grown[symbol * newStride + level] = objective[symbol * oldStride + level]
                }
            }
            objective = grown
            levelStride = newStride
        }
        let level = levelCount
        levelCount += 1
        levelOrder.insert(level, at: rank)
        return level
    }

    // MARK: Column index

    @inline(__always)
    mutating func link(_ symbol: Int32, slot: Int32) -> Int32 {
        reserveNodes(1)
        return columnNodes.withUnsafeMutableBufferPointer { nodes in
            columnHead.withUnsafeMutableBufferPointer { heads in
                ColumnNode.link(
                    symbol, slot: slot, nodes: nodes, heads: heads, free: &freeNode, freeCount: &freeNodeCount)
            }
        }
    }

    @inline(__always)
    mutating func unlink(_ symbol: Int32, node: Int32) {
        columnNodes.withUnsafeMutableBufferPointer { nodes in
            columnHead.withUnsafeMutableBufferPointer { heads in
                ColumnNode.unlink(
                    symbol, node: node, nodes: nodes, heads: heads, free: &freeNode, freeCount: &freeNodeCount)
            }
        }
    }

    /// Links every entry of a stored row into the column index, in one pass over raw pointers.
    mutating func linkRow(_ slot: Int32) {
        let rowRange = range(slot)
        reserveNodes(rowRange.count)
        var nodes: [ColumnNode] = []
        swap(&nodes, &columnNodes)
        var heads: [Int32] = []
        swap(&heads, &columnHead)
        var free = freeNode
        var freeCount = freeNodeCount
        nodes.withUnsafeMutableBufferPointer { nodes in
            heads.withUnsafeMutableBufferPointer { heads in
                entryPool.withUnsafeMutableBufferPointer { pool in
                    for position in rowRange {
                        pool[position].node = ColumnNode.link(
                            pool[position].symbol, slot: slot, nodes: nodes, heads: heads, free: &free,
                            freeCount: &freeCount)
                    }
                }
            }
        }
        swap(&nodes, &columnNodes)
        swap(&heads, &columnHead)
        freeNode = free
        freeNodeCount = freeCount
    }

    /// Makes sure `count` nodes can be linked without growing the pool, so that loops may link
    /// through raw pointers.
    @inline(__always)
    mutating func reserveNodes(_ count: Int) {
        guard freeNodeCount < count else { return }
        // New nodes join the untouched tail (see ColumnNode.swift): nothing to thread.
        let added = max(count - freeNodeCount, columnNodes.count / 2 + 16)
        columnNodes.append(contentsOf: repeatElement(ColumnNode(slot: -1, next: -1, previous: -1), count: added))
        freeNodeCount += added
    }

    /// The slots of the rows that contain `symbol`, into `slotBuffer`.
    mutating func collectColumn(_ symbol: Int32) {
        slotBuffer.truncate(to: 0)
        var node = columnHead[Int(symbol)]
        while node >= 0 {
            slotBuffer.append(columnNodes[Int(node)].slot)
            node = columnNodes[Int(node)].next
        }
    }

    // MARK: Rows

    /// Puts a row whose entries are not yet linked into a slot, with `basic` as its basic symbol.
    mutating func insertRow(basic: Int32, entries: [RowEntry], constant: Double) -> Int32 {
        workDone &+= entries.count
        let slot: Int32
        if let reused = freeSlots.popLastIfAny() {
            slot = reused
        } else {
            slot = Int32(rows.count)
            rows.append(RowHeader())
        }
        journalRow(slot)
        storeRow(slot, entries)
        linkRow(slot)
        rows[Int(slot)].constant = constant
        rows[Int(slot)].basic = basic
        rowOf[Int(basic)] = slot
        return slot
    }

    /// Takes a row out of the tableau; its basic symbol becomes non-basic.
    mutating func removeRow(_ slot: Int32) {
        journalRow(slot)
        for position in range(slot) {
            unlink(entryPool[position].symbol, node: entryPool[position].node)
        }
        releaseRegion(slot)
        rows[Int(slot)].constant = 0
        rowOf[Int(rows[Int(slot)].basic)] = -1
        rows[Int(slot)].basic = -1
        freeSlots.append(slot)
    }

    /// Deletes `symbol` from every row that contains it (fixing it at zero).
    mutating func removeColumn(_ symbol: Int32) {
        collectColumn(symbol)
        for slot in slotBuffer {
            journalRow(slot)
            if let position = position(in: slot, of: symbol) {
                unlink(symbol, node: entryPool[position].node)
                let end = range(slot).upperBound
                for next in (position + 1)..<end { entryPool[next - 1] = entryPool[next] }
                rows[Int(slot)].count -= 1
            }
        }
        setObjectiveToZero(symbol)
    }

    /// Whether a symbol is basic (has a row): only a basic symbol can be non-zero.
    @inline(__always)
    func isBasic(_ symbol: Int32) -> Bool { rowOf[Int(symbol)] >= 0 }

    /// The value of a symbol in the current basic solution.
    @inline(__always)
    func value(of symbol: Int32) -> Double {
        let slot = rowOf[Int(symbol)]
        return slot >= 0 ? rows[Int(slot)].constant : 0
    }

    /// Copies the value of every external symbol into `published`.
    mutating func publishValues() {
        if externalSymbolsStale {
            externalSymbols.removeAll(keepingCapacity: true)
            externalSymbols.reserveCapacity(symbolCount)
            for symbol in 0..<symbolCount where kind[symbol] == .external { externalSymbols.append(Int32(symbol)) }
            externalSymbolsStale = false
        }
        for symbol in externalSymbols {
            let slot = rowOf[Int(symbol)]
            published[Int(symbol)] = slot >= 0 ? rows[Int(slot)].constant : 0
        }
        // Definitions mention only symbols published before them.
        for index in definitionOrder {
            guard let definition = definitions[Int(index)] else { continue }
            var value = definition.constant
            for term in terms(of: definition) { value += term.coefficient * published[Int(term.symbol)] }
            published[Int(definition.symbol)] = value
        }
    }

    // MARK: Objective

    @inline(__always)
    mutating func markDirty(_ symbol: Int32) {
        if !isDirty[Int(symbol)] {
            isDirty[Int(symbol)] = true
            dirty.append(symbol)
        }
    }

    @inline(__always)
    mutating func addToObjective(_ index: Int, _ delta: Double) {
        if journaling {
            journalObjectiveIndex.append(index)
            journalObjectiveValue.append(objective[index])
        }
        objective[index] += delta
    }

    mutating func setObjectiveToZero(_ symbol: Int32) {
        let base = Int(symbol) * levelStride
        for level in 0..<levelCount where objective[base + level] != 0 {
            addToObjective(base + level, -objective[base + level])
        }
    }

    /// Adds `amount` times the current expression of `symbol` (its row when basic) to one level of
    /// the objective. Used to add and remove the cost of an error symbol.
    mutating func addCost(of symbol: Int32, level: Int, amount: Double) {
        let slot = rowOf[Int(symbol)]
        if slot >= 0 {
            for position in range(slot) {
                let entry = entryPool[position]
                addToObjective(Int(entry.symbol) * levelStride + level, amount * entry.coefficient)
                markDirty(entry.symbol)
            }
        } else {
            addToObjective(Int(symbol) * levelStride + level, amount)
            markDirty(symbol)
        }
    }

    /// True when increasing `symbol` lowers the objective: its first coefficient that is not near
    /// zero, highest level first, is negative.
    @inline(__always)
    func improvesObjective(_ symbol: Int32) -> Bool {
        let base = Int(symbol) * levelStride
        for level in levelOrder {
            let coefficient = objective[base + level]
            if coefficient < -Tableau.epsilon { return true }
            if coefficient > Tableau.epsilon { return false }
        }
        return false
    }
}
