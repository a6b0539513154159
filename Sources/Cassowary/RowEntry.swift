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
