/// The facts of one tableau row slot: where its entries sit in the entry pool (see
/// Tableau+EntryPool.swift), its constant and its basic symbol.
struct RowHeader {
    var constant: Double = 0
    /// First pool position of the row's region.
    var start: Int32 = 0
    /// Entries in use, and the size of the region.
    var count: Int32 = 0
    var capacity: Int32 = 0
    /// Basic symbol of the slot, -1 when the slot is free.
    var basic: Int32 = -1
    /// True once the undo journal holds the row's old contents.
    var journaled = false
}
