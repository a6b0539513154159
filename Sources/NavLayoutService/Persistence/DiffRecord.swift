import Storage

/// A layout diff to record: both sides' matrices (each with its cells) and the report.
public struct NewDiffRecord: Sendable, Hashable {
    /// Made by the caller before answering, because the report carries it.
    public var id: LayoutID
    public var tenantID: String
    public var before: NewMatrixRecord
    public var after: NewMatrixRecord
    /// Cells by kind of change, as the report's summary counts them.
    public var counts: DiffCounts
    /// The two sides as they were asked, and the selection and tolerance: JSON text.
    public var sidesJSON: String
    /// The report as answered, JSON text.
    public var reportJSON: String

    public init(
        id: LayoutID = .generate(), tenantID: String, before: NewMatrixRecord, after: NewMatrixRecord,
        counts: DiffCounts, sidesJSON: String, reportJSON: String
    ) {
        self.id = id
        self.tenantID = tenantID
        self.before = before
        self.after = after
        self.counts = counts
        self.sidesJSON = sidesJSON
        self.reportJSON = reportJSON
    }
}

/// The summary of a diff: how many cells had each kind of change.
public struct DiffCounts: Sendable, Hashable {
    public var cells: Int
    public var regressed: Int
    public var changed: Int
    public var improved: Int
    public var unchanged: Int

    public init(cells: Int, regressed: Int, changed: Int, improved: Int, unchanged: Int) {
        self.cells = cells
        self.regressed = regressed
        self.changed = changed
        self.improved = improved
        self.unchanged = unchanged
    }
}

/// A recorded diff as listed: everything but the sides and the report.
public struct DiffSummary: Sendable, Hashable, RowDecodable {
    public var id: LayoutID
    public var beforeMatrix: LayoutID
    public var afterMatrix: LayoutID
    public var beforeProfile: String?
    public var afterProfile: String?
    public var counts: DiffCounts
    public var createdAt: Timestamp

    static let columns =
        "id, before_matrix, after_matrix, before_profile, after_profile, cell_count, regressed, changed, improved, unchanged, created_at"

    public init(row: Row) throws {
        let ids = try (0...2).map { index -> LayoutID in
            let text: String = try row.value(at: index)
            guard let id = LayoutID(text) else {
                throw PersistenceError.invalidValue(field: "diffs row", reason: "malformed id '\(text)'")
            }
            return id
        }
        id = ids[0]
        beforeMatrix = ids[1]
        afterMatrix = ids[2]
        beforeProfile = try row.value(at: 3)
        afterProfile = try row.value(at: 4)
        counts = DiffCounts(
            cells: try row.value(at: 5), regressed: try row.value(at: 6), changed: try row.value(at: 7),
            improved: try row.value(at: 8), unchanged: try row.value(at: 9))
        createdAt = try row.value(at: 10)
    }
}

/// A recorded diff in full.
public struct StoredDiff: Sendable, Hashable, RowDecodable {
    public var summary: DiffSummary
    public var sidesJSON: String
    public var reportJSON: String

    static let columns = DiffSummary.columns + ", sides, report"

    public init(row: Row) throws {
        summary = try DiffSummary(row: row)
        sidesJSON = try row.value(at: 11)
        reportJSON = try row.value(at: 12)
    }
}
