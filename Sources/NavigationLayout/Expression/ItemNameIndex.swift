/// The position of each item by name: the request's custom items (`ItemCatalog`) and the items a layout
/// places (`LayoutSession`).
///
/// A layout has a dozen or two items and looks them up for every anchor of every constraint, so the
/// names are scanned (length first, which settles most comparisons without reading a byte) rather than
/// hashed; past `scanLimit` items a dictionary takes over, so a document with very many views stays
/// linear.
struct ItemNameIndex: Sendable {
    private var names: [String] = []
    private var lengths: [Int] = []
    private var table: [String: Int]? = nil

    static let scanLimit = 32

    /// The position recorded for `name` (the latest, should a name be appended twice, as a dictionary
    /// would overwrite it). Positions are the order of insertion.
    subscript(name: String) -> Int? {
        if let table { return table[name] }
        let length = name.utf8.count
        for position in lengths.indices.reversed() where lengths[position] == length && names[position] == name {
            return position
        }
        return nil
    }

    /// Records `name` at the next position.
    mutating func append(_ name: String) {
        names.append(name)
        lengths.append(name.utf8.count)
        if table != nil {
            table?[name] = names.count - 1
        } else if names.count > Self.scanLimit {
            var built: [String: Int] = [:]
            for (position, known) in names.enumerated() { built[known] = position }
            table = built
        }
    }

    var count: Int { names.count }

    mutating func reserveCapacity(_ count: Int) {
        names.reserveCapacity(count)
        lengths.reserveCapacity(count)
    }
}
