// Hot: measured by the `solve`, `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile solve`); changes here are checked by scripts/check-budgets.sh.

/// Row storage: the entries of every row live in one pool, each row in a region of it
/// (`start`, `count`, `capacity` of each `RowHeader`). A row costs no allocation of its own and a
/// solver's teardown frees one buffer, not one per row. A row that outgrows its region moves to the
/// end of the pool; the pool is compacted when abandoned regions make up most of it.
extension Tableau {
    /// Pool positions of a row's entries.
    @inline(__always)
    func range(_ slot: Int32) -> Range<Int> {
        let start = Int(rows[Int(slot)].start)
        return start..<(start + Int(rows[Int(slot)].count))
    }

    /// The pool position of `symbol` in a row, by binary search.
    @inline(__always)
    func position(in slot: Int32, of symbol: Int32) -> Int? {
        var low = Int(rows[Int(slot)].start)
        var high = low + Int(rows[Int(slot)].count)
        while low < high {
            let middle = (low &+ high) >> 1
            let found = entryPool[middle].symbol
            if found == symbol { return middle }
            if found < symbol { low = middle &+ 1 } else { high = middle }
        }
        return nil
    }

    @inline(__always)
    func coefficient(in slot: Int32, of symbol: Int32) -> Double {
        guard let position = position(in: slot, of: symbol) else { return 0 }
        return entryPool[position].coefficient
    }

    /// A copy of a row's entries.
    func entries(_ slot: Int32) -> [RowEntry] {
        Array(entryPool[range(slot)])
    }

    /// Replaces a row's entries (already linked in the column index) by `source`, which must not
    /// point into the pool.
    mutating func storeRow(_ slot: Int32, _ source: UnsafeBufferPointer<RowEntry>) {
        let index = Int(slot)
        let count = source.count
        if count > Int(rows[index].capacity) {
            deadEntries += Int(rows[index].capacity)
            rows[index].capacity = 0
            rows[index].count = 0
            if deadEntries > 1024 && deadEntries * 2 > entryPool.count { compactEntryPool() }
            let capacity = max(4, count + count / 2)
            let start = entryPool.count
            rows[index].start = Int32(start)
            rows[index].capacity = Int32(capacity)
            // Grow the pool by the region: the entries themselves as one block copy, then
            // placeholders for the spare room (a third of the region at most). Appending a
            // `repeatElement` of the whole region and copying over it would walk a generic iterator per
            // element and cost more than everything else here.
            entryPool.append(contentsOf: source)
            for _ in count..<capacity { entryPool.append(RowEntry(symbol: 0, node: 0, coefficient: 0)) }
            rows[index].count = Int32(count)
            return
        }
        let start = Int(rows[index].start)
        entryPool.withUnsafeMutableBufferPointer { pool in
            for offset in 0..<count { pool[start &+ offset] = source[offset] }
        }
        rows[index].count = Int32(count)
    }

    mutating func storeRow(_ slot: Int32, _ source: [RowEntry]) {
        source.withUnsafeBufferPointer { storeRow(slot, $0) }
    }

    /// Gives up a row's region.
    mutating func releaseRegion(_ slot: Int32) {
        deadEntries += Int(rows[Int(slot)].capacity)
        rows[Int(slot)].capacity = 0
        rows[Int(slot)].count = 0
        rows[Int(slot)].start = 0
    }

    /// Rewrites the pool with only the live rows, in slot order.
    mutating func compactEntryPool() {
        var compacted: [RowEntry] = []
        compacted.reserveCapacity(entryPool.count - deadEntries)
        for slot in rows.indices where rows[slot].capacity > 0 {
            let start = Int(rows[slot].start)
            let count = Int(rows[slot].count)
            let capacity = max(4, count + count / 2)
            rows[slot].start = Int32(compacted.count)
            rows[slot].capacity = Int32(capacity)
            compacted.append(contentsOf: entryPool[start..<(start + count)])
            compacted.append(
                contentsOf: repeatElement(RowEntry(symbol: 0, node: 0, coefficient: 0), count: capacity - count))
        }
        entryPool = compacted
        deadEntries = 0
    }
}
