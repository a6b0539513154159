// Hot: measured by the `solve`, `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile solve`); changes here are checked by scripts/check-budgets.sh.

extension Tableau {
    /// `rows[target] += factor · source` for every row of `targets`, in order, where `factor` is
    /// the row's coefficient of `eliminated` (the symbol being substituted), which leaves the row.
    /// A linear merge of two sorted rows each; entries that cancel leave the row and the column
    /// index. The rows are merged in runs (see `mergeRun`).
    mutating func mergeIntoRows(
        _ targets: UnsafeBufferPointer<Int32>, source: [RowEntry], sourceConstant: Double,
        eliminating eliminated: Int32
    ) {
        guard !targets.isEmpty else { return }
        if journaling { for target in targets { journalRow(target) } }
        var longest = 0
        var merged = 0
        for target in targets {
            let count = Int(rows[Int(target)].count)
            longest = max(longest, count)
            merged &+= count
        }
        workDone &+= merged &+ targets.count &* source.count
        let needed = longest + source.count
        if mergeBuffer.count < needed {
            mergeBuffer.append(
                contentsOf: repeatElement(
                    RowEntry(symbol: 0, node: 0, coefficient: 0), count: needed * 2 - mergeBuffer.count))
        }
        var next = 0
        while next < targets.count {
            let first = next
            // A merge links at most one node per source entry: a run ends (see `mergeRun`) when fewer
            // nodes than that are free, and the next one starts by making room.
            reserveNodes(source.count)
            next = mergeRun(
                targets, from: first, source: source, sourceConstant: sourceConstant, eliminating: eliminated)
            // In row order, as each merge would have: the dual simplex takes its work list in order.
            for index in first..<next {
                let target = Int(targets[index])
                let basic = rows[target].basic
                if rows[target].constant < -Tableau.epsilon && kind[Int(basic)] != .external {
                    infeasible.append(basic)
                }
            }
        }
    }

    /// Merges into the rows of `targets` from `first` on and returns the position after the last row
    /// merged. The tables are moved out of `self` once for the whole run, so the merges run on raw
    /// pointers with no uniqueness, bounds or exclusivity check per entry or per row. The run ends
    /// when fewer nodes are free than the source has entries, or with a row that outgrows its region;
    /// that row moves (see `storeRow`) with the tables back in place.
    private mutating func mergeRun(
        _ targets: UnsafeBufferPointer<Int32>, from first: Int, source: [RowEntry], sourceConstant: Double,
        eliminating eliminated: Int32
    ) -> Int {
        var next = first
        var merged: [RowEntry] = []
        swap(&merged, &mergeBuffer)
        var nodes: [ColumnNode] = []
        swap(&nodes, &columnNodes)
        var heads: [Int32] = []
        swap(&heads, &columnHead)
        var pool: [RowEntry] = []
        swap(&pool, &entryPool)
        var headers: [RowHeader] = []
        swap(&headers, &rows)
        var free = freeNode
        var freeCount = freeNodeCount
        // The count of the merged row that did not fit its region, -1 when all did.
        var overflow = -1
        merged.withUnsafeMutableBufferPointer { out in
            nodes.withUnsafeMutableBufferPointer { nodes in
                heads.withUnsafeMutableBufferPointer { heads in
                    pool.withUnsafeMutableBufferPointer { pool in
                        headers.withUnsafeMutableBufferPointer { headers in
                            source.withUnsafeBufferPointer { source in
                                while next < targets.count {
                                    if next > first && freeCount < source.count { return }
                                    let target = targets[next]
                                    next &+= 1
                                    let header = headers[Int(target)]
                                    let start = Int(header.start)
                                    let old = UnsafeBufferPointer(
                                        rebasing: pool[start..<(start &+ Int(header.count))])
                                    let factor = Tableau.coefficient(of: eliminated, in: old)
                                    let written = Tableau.mergeKernel(
                                        old: old, source: source, out: out, nodes: nodes, heads: heads,
                                        free: &free, freeCount: &freeCount, target: target, factor: factor,
                                        eliminated: eliminated)
                                    headers[Int(target)].constant += factor * sourceConstant
                                    if written > Int(header.capacity) {
                                        overflow = written
                                        return
                                    }
                                    // The merge has read the old entries by now.
                                    for offset in 0..<written { pool[start &+ offset] = out[offset] }
                                    headers[Int(target)].count = Int32(written)
                                }
                            }
                        }
                    }
                }
            }
        }
        swap(&headers, &rows)
        swap(&pool, &entryPool)
        swap(&nodes, &columnNodes)
        swap(&heads, &columnHead)
        freeNode = free
        freeNodeCount = freeCount
        if overflow >= 0 {
            merged.withUnsafeBufferPointer { merged in
                storeRow(targets[next - 1], UnsafeBufferPointer(rebasing: merged[0..<overflow]))
            }
        }
        swap(&merged, &mergeBuffer)
        return next
    }

    /// The coefficient of `symbol` in a sorted row, by binary search; 0 when absent.
    @inline(__always)
    static func coefficient(of symbol: Int32, in row: UnsafeBufferPointer<RowEntry>) -> Double {
        var low = 0
        var high = row.count
        while low < high {
            let middle = (low &+ high) >> 1
            let found = row[middle].symbol
            if found == symbol { return row[middle].coefficient }
            if found < symbol { low = middle &+ 1 } else { high = middle }
        }
        return 0
    }

    /// The merge of `old + factor * source` (both sorted by symbol) into `out`, dropping
    /// `eliminated` and entries that cancel, keeping the column index in step. Returns the count.
    @inline(__always)
    static func mergeKernel(
        old: UnsafeBufferPointer<RowEntry>, source: UnsafeBufferPointer<RowEntry>,
        out: UnsafeMutableBufferPointer<RowEntry>, nodes: UnsafeMutableBufferPointer<ColumnNode>,
        heads: UnsafeMutableBufferPointer<Int32>, free: inout Int32, freeCount: inout Int, target: Int32,
        factor: Double, eliminated: Int32
    ) -> Int {
        var written = 0
        var i = 0
        var j = 0
        let oldCount = old.count
        let sourceCount = source.count
        while i < oldCount && j < sourceCount {
            let oldSymbol = old[i].symbol
            let sourceSymbol = source[j].symbol
            if oldSymbol < sourceSymbol {
                if oldSymbol == eliminated {
                    ColumnNode.unlink(
                        oldSymbol, node: old[i].node, nodes: nodes, heads: heads, free: &free, freeCount: &freeCount)
                } else {
                    out[written] = old[i]
                    written &+= 1
                }
                i &+= 1
            } else if sourceSymbol < oldSymbol {
                let value = factor * source[j].coefficient
                if !nearZero(value) {
                    let node = ColumnNode.link(
                        sourceSymbol, slot: target, nodes: nodes, heads: heads, free: &free, freeCount: &freeCount)
                    out[written] = RowEntry(symbol: sourceSymbol, node: node, coefficient: value)
                    written &+= 1
                }
                j &+= 1
            } else {
                let value = old[i].coefficient + factor * source[j].coefficient
                if nearZero(value) {
                    ColumnNode.unlink(
                        oldSymbol, node: old[i].node, nodes: nodes, heads: heads, free: &free, freeCount: &freeCount)
                } else {
                    out[written] = RowEntry(symbol: oldSymbol, node: old[i].node, coefficient: value)
                    written &+= 1
                }
                i &+= 1
                j &+= 1
            }
        }
        while i < oldCount {
            if old[i].symbol == eliminated {
                ColumnNode.unlink(
                    old[i].symbol, node: old[i].node, nodes: nodes, heads: heads, free: &free, freeCount: &freeCount)
            } else {
                out[written] = old[i]
                written &+= 1
            }
            i &+= 1
        }
        while j < sourceCount {
            let value = factor * source[j].coefficient
            if !nearZero(value) {
                let symbol = source[j].symbol
                let node = ColumnNode.link(
                    symbol, slot: target, nodes: nodes, heads: heads, free: &free, freeCount: &freeCount)
                out[written] = RowEntry(symbol: symbol, node: node, coefficient: value)
                written &+= 1
            }
            j &+= 1
        }
        return written
    }

    /// Replaces `symbol` everywhere (other rows, the objective, the phase-one objective) by the row of
    /// `slot`, whose basic symbol it now is. Only rows in the symbol's column are visited.
    mutating func substitute(_ symbol: Int32, slot: Int32) {
        // Copy the source row out of the pool: merging into other rows may move the pool.
        var source: [RowEntry] = []
        swap(&source, &sourceBuffer)
        source.truncate(to: 0)
        // Copied from a pointer into the pool: appending the `ArraySlice` would go through the
        // slice's generic copy, paid on every substitution.
        let rowRange = range(slot)
        entryPool.withUnsafeBufferPointer { pool in
            source.append(contentsOf: UnsafeBufferPointer(rebasing: pool[rowRange]))
        }
        defer { swap(&source, &sourceBuffer) }
        substitute(symbol, slot: slot, source: source)
    }

    /// `substitute(_:slot:)` with the row's entries already copied out of the pool into `source`.
    mutating func substitute(_ symbol: Int32, slot: Int32, source: [RowEntry]) {
        let sourceConstant = rows[Int(slot)].constant
        collectColumn(symbol)
        var slots: [Int32] = []
        swap(&slots, &slotBuffer)
        slots.withUnsafeBufferPointer { slots in
            mergeIntoRows(slots, source: source, sourceConstant: sourceConstant, eliminating: symbol)
        }
        swap(&slots, &slotBuffer)
        let base = Int(symbol) * levelStride
        var costed = false
        for level in 0..<levelCount where objective[base + level] != 0 {
            costed = true
            break
        }
        if costed {
            if journaling {
                for level in 0..<levelCount {
                    let cost = objective[base + level]
                    if cost == 0 { continue }
                    for entry in source {
                        addToObjective(Int(entry.symbol) * levelStride + level, cost * entry.coefficient)
                    }
                    addToObjective(base + level, -cost)
                }
            } else {
                // Not journaling: the same sums on raw pointers, in the same order.
                let stride = levelStride
                let levels = levelCount
                objective.withUnsafeMutableBufferPointer { objective in
                    source.withUnsafeBufferPointer { source in
                        for level in 0..<levels {
                            let cost = objective[base + level]
                            if cost == 0 { continue }
                            for entry in source {
                                objective[Int(entry.symbol) * stride + level] += cost * entry.coefficient
                            }
                            objective[base + level] -= cost
                        }
                    }
                }
            }
            for entry in source { markDirty(entry.symbol) }
        }
        if artificialActive {
            substituteIntoArtificial(symbol, source: source, sourceConstant: sourceConstant)
        }
    }

    mutating func substituteIntoArtificial(_ symbol: Int32, source: [RowEntry], sourceConstant: Double) {
        guard let index = artificialEntries.position(of: symbol) else { return }
        let factor = artificialEntries[index].coefficient
        var merged: [RowEntry] = []
        merged.reserveCapacity(artificialEntries.count + source.count)
        var i = 0
        var j = 0
        let old = artificialEntries
        while i < old.count || j < source.count {
            if j == source.count || (i < old.count && old[i].symbol < source[j].symbol) {
                if old[i].symbol != symbol { merged.append(old[i]) }
                i += 1
            } else if i == old.count || source[j].symbol < old[i].symbol {
                let value = factor * source[j].coefficient
                if !Tableau.nearZero(value) {
                    merged.append(RowEntry(symbol: source[j].symbol, node: -1, coefficient: value))
                }
                j += 1
            } else {
                let value = old[i].coefficient + factor * source[j].coefficient
                if !Tableau.nearZero(value) {
                    merged.append(RowEntry(symbol: old[i].symbol, node: -1, coefficient: value))
                }
                i += 1
                j += 1
            }
        }
        artificialEntries = merged
        artificialConstant += factor * sourceConstant
    }

    /// Makes `entering` basic in the row of `slot`; the row's basic symbol leaves the basis.
    mutating func pivot(entering: Int32, slot: Int32) {
        structureVersion &+= 1
        journalRow(slot)
        let leaving = rows[Int(slot)].basic
        var entries: [RowEntry] = []
        swap(&entries, &pivotBuffer)
        defer { swap(&entries, &pivotBuffer) }
        entries.truncate(to: 0)
        // From a pointer into the pool, as in `substitute(_:slot:)`.
        let rowRange = range(slot)
        entryPool.withUnsafeBufferPointer { pool in
            entries.append(contentsOf: UnsafeBufferPointer(rebasing: pool[rowRange]))
        }
        guard let index = entries.position(of: entering) else { return }
        let coefficient = entries[index].coefficient
        unlink(entering, node: entries[index].node)
        entries.remove(at: index)
        // leaving = c + a·entering + Σ → entering = (leaving - c - Σ) / a
        let scale = -1 / coefficient
        var insertAt = entries.count
        for position in entries.indices {
            entries[position].coefficient *= scale
            if insertAt == entries.count && entries[position].symbol > leaving { insertAt = position }
        }
        entries.insert(
            RowEntry(symbol: leaving, node: link(leaving, slot: slot), coefficient: 1 / coefficient), at: insertAt)
        storeRow(slot, entries)
        rows[Int(slot)].constant *= scale
        rows[Int(slot)].basic = entering
        rowOf[Int(entering)] = slot
        rowOf[Int(leaving)] = -1
        // `entries` is the row just stored, outside the pool: it serves as the source as it is.
        substitute(entering, slot: slot, source: entries)
    }
}
