/// Where a history page ended: the (created_at, id) of its last row. The next page holds the rows
/// strictly below it in the listing's order, so rows inserted meanwhile (which sort above, or land
/// wherever their own key puts them) never shift what the next page contains.
struct LayoutHistoryCursor: Hashable {
    private static let tag = "layouts1"
    let createdAt: Timestamp
    let id: LayoutID

    init(createdAt: Timestamp, id: LayoutID) {
        self.createdAt = createdAt
        self.id = id
    }

    var encoded: String {
        OpaqueCursor(fields: [String(createdAt.microsecondsSinceEpoch), id.text]).encoded(tag: Self.tag)
    }

    init(decoding cursor: String) throws {
        let decoded = try OpaqueCursor.decode(cursor, tag: Self.tag, fieldCount: 2)
        guard let micros = Int64(decoded.fields[0]) else {
            throw PersistenceError.invalidCursor(cursor: cursor, reason: "the time is not an integer")
        }
        guard let id = LayoutID(decoded.fields[1]) else {
            throw PersistenceError.invalidCursor(cursor: cursor, reason: "the layout id is malformed")
        }
        self.init(createdAt: Timestamp(microsecondsSinceEpoch: micros), id: id)
    }
}
