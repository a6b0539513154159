// Hot: measured by the `solve`, `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile solve`); changes here are checked by scripts/check-budgets.sh.

/// One coefficient of a sparse tableau row. Rows keep their entries sorted by symbol id, which makes
/// merging two rows a linear walk and iteration order independent of history.
struct RowEntry {
    var symbol: Int32
    /// The node of this (row, symbol) pair in the column index, so that removing the entry unlinks it
    /// in O(1); -1 while the row is not in the tableau.
    var node: Int32
    var coefficient: Double
}

extension Array where Element == RowEntry {
    /// The position of `symbol` in a row sorted by symbol, by binary search.
    @inline(__always)
    func position(of symbol: Int32) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low &+ high) >> 1
            let found = self[middle].symbol
            if found == symbol { return middle }
            if found < symbol { low = middle &+ 1 } else { high = middle }
        }
        return nil
    }

    @inline(__always)
    func coefficient(of symbol: Int32) -> Double {
        guard let index = position(of: symbol) else { return 0 }
        return self[index].coefficient
    }
}

extension Array where Element == RowEntry {
    /// `remove(at: index)`, then every remaining coefficient times `scale`: the same products, in
    /// one pass over a pointer instead of a shifting removal and a second, checked loop. Solving a
    /// new row for its subject does exactly this.
    @inline(__always)
    mutating func remove(at index: Int, scalingOthersBy scale: Double) {
        precondition(index >= 0 && index < count, "entry index out of range")
        withUnsafeMutableBufferPointer { entries in
            for position in 0..<index { entries[position].coefficient *= scale }
            var position = index &+ 1
            while position < entries.count {
                entries[position &- 1] = entries[position]
                entries[position &- 1].coefficient *= scale
                position &+= 1
            }
        }
        removeLast()
    }
}
