// Hot: measured by the `decode` and `path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile decode`); changes here are checked by scripts/check-budgets.sh.

/// The position of each item by name: the request's custom items (`ItemCatalog`) and the items a layout
/// places (`LayoutSession`).
///
/// A layout has a dozen or two items and looks them up for every anchor of every constraint, so the
/// names are scanned (length first, which settles most comparisons without reading a byte) rather than
/// hashed; past `scanLimit` items a dictionary takes over, so a document with very many views stays
/// linear.
struct ItemNameIndex: Sendable {
    /// A name with its UTF-8 length, kept together in one array: two parallel arrays would be two heap
    /// blocks per index, and every request builds two indices.
    private struct Entry: Sendable {
        let name: String
        let length: Int
    }

    private var entries: [Entry] = []
    private var table: [String: Int]? = nil

    static let scanLimit = 32

    /// The position recorded for `name` (the latest, should a name be appended twice, as a dictionary
    /// would overwrite it). Positions are the order of insertion.
    subscript(name: String) -> Int? {
        if let table { return table[name] }
        let length = name.utf8.count
        for position in entries.indices.reversed()
        where entries[position].length == length && entries[position].name == name {
            return position
        }
        return nil
    }

    /// Records `name` at the next position.
    mutating func append(_ name: String) {
        entries.append(Entry(name: name, length: name.utf8.count))
        if table != nil {
            table?[name] = entries.count - 1
        } else if entries.count > Self.scanLimit {
            var built: [String: Int] = [:]
            for (position, known) in entries.enumerated() { built[known.name] = position }
            table = built
        }
    }

    var count: Int { entries.count }

    /// The names in the order appended (a new array: read only for messages and tests).
    var names: [String] { entries.map(\.name) }

    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
    }
}
