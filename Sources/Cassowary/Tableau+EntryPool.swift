/// Row storage: the entries of every row live in one pool, each row in a region of it
/// (`rowStart`, `rowCount`, `rowCapacity` by slot). A row costs no allocation of its own and a
/// solver's teardown frees one buffer, not one per row. A row that outgrows its region moves to the
/// end of the pool; the pool is compacted when abandoned regions make up most of it.
extension Tableau {
    /// Pool positions of a row's entries.
    @inline(__always)
    func range(_ slot: Int32) -> Range<Int> {
        let start = Int(rowStart[Int(slot)])
        return start..<(start + Int(rowCount[Int(slot)]))
    }

    /// The pool position of `symbol` in a row, by binary search.
    @inline(__always)
    func position(in slot: Int32, of symbol: Int32) -> Int? {
        var low = Int(rowStart[Int(slot)])
        var high = low + Int(rowCount[Int(slot)])
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
        if count > Int(rowCapacity[index]) {
            deadEntries += Int(rowCapacity[index])
            rowCapacity[index] = 0
            rowCount[index] = 0
            if deadEntries > 1024 && deadEntries * 2 > entryPool.count { compactEntryPool() }
            let capacity = max(4, count + count / 2)
            let start = entryPool.count
            rowStart[index] = Int32(start)
            rowCapacity[index] = Int32(capacity)
            // Grow the pool by the whole region in one step, then copy the entries in.
            entryPool.append(contentsOf: repeatElement(RowEntry(symbol: 0, node: 0, coefficient: 0), count: capacity))
            entryPool.withUnsafeMutableBufferPointer { pool in
                for offset in 0..<count { pool[start &+ offset] = source[offset] }
            }
            rowCount[index] = Int32(count)
            return
        }
        let start = Int(rowStart[index])
        entryPool.withUnsafeMutableBufferPointer { pool in
            for offset in 0..<count { pool[start &+ offset] = source[offset] }
        }
        rowCount[index] = Int32(count)
    }

    mutating func storeRow(_ slot: Int32, _ source: [RowEntry]) {
        source.withUnsafeBufferPointer { storeRow(slot, $0) }
    }

    /// Gives up a row's region.
    mutating func releaseRegion(_ slot: Int32) {
        deadEntries += Int(rowCapacity[Int(slot)])
        rowCapacity[Int(slot)] = 0
        rowCount[Int(slot)] = 0
        rowStart[Int(slot)] = 0
    }

    /// Rewrites the pool with only the live rows, in slot order.
    mutating func compactEntryPool() {
        var compacted: [RowEntry] = []
        compacted.reserveCapacity(entryPool.count - deadEntries)
        for slot in rowStart.indices where rowCapacity[slot] > 0 {
            let start = Int(rowStart[slot])
            let count = Int(rowCount[slot])
            let capacity = max(4, count + count / 2)
            rowStart[slot] = Int32(compacted.count)
            rowCapacity[slot] = Int32(capacity)
            compacted.append(contentsOf: entryPool[start..<(start + count)])
            compacted.append(
                contentsOf: repeatElement(RowEntry(symbol: 0, node: 0, coefficient: 0), count: capacity - count))
        }
        entryPool = compacted
        deadEntries = 0
    }
}
