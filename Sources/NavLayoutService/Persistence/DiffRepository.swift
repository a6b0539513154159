import Storage

/// Recorded layout diffs: the diff row with both sides' matrices and their cells, written together.
public struct DiffRepository: Sendable {
    public let database: any SQLDatabase
    private let clock: PersistenceClock
    private let timer: DatabaseTimer

    public init(
        database: any SQLDatabase, clock: @escaping PersistenceClock = Timestamp.now, timer: DatabaseTimer = .off
    ) {
        self.database = database
        self.clock = clock
        self.timer = timer
    }

    /// Records the diff, its two matrices and their cells in one transaction: a diff is never
    /// visible without the results its pictures are drawn from.
    public func record(_ diff: NewDiffRecord) async throws {
        let timing = timer.begin(.diffsRecord)
        defer { timing.end() }
        let clock = self.clock
        try await database.write { connection in
            let now = clock()
            try MatrixRepository.insert(diff.before, at: now, into: connection)
            try MatrixRepository.insert(diff.after, at: now, into: connection)
            do {
                try connection.execute(
                    """
                    INSERT INTO diffs (id, tenant_id, before_matrix, after_matrix, before_profile, after_profile,
                        cell_count, regressed, changed, improved, unchanged, created_at, sides, report)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        diff.id.text, diff.tenantID, diff.before.id.text, diff.after.id.text, diff.before.profileName,
                        diff.after.profileName, diff.counts.cells, diff.counts.regressed, diff.counts.changed,
                        diff.counts.improved, diff.counts.unchanged, now, diff.sidesJSON, diff.reportJSON,
                    ])
            } catch ConstraintViolation.duplicateKey {
                throw PersistenceError.conflict(.diff, id: diff.id.text, reason: "a diff with this id is recorded")
            }
        }
    }

    /// One recorded diff of the tenant; another tenant's id is not found.
    public func get(tenantID: String, id: LayoutID) async throws -> StoredDiff {
        let timing = timer.begin(.diffsGet)
        defer { timing.end() }
        return try await database.read { connection in
            guard
                let diff = try connection.fetchOne(
                    StoredDiff.self, "SELECT \(StoredDiff.columns) FROM diffs WHERE id = ? AND tenant_id = ?",
                    [id.text, tenantID])
            else {
                throw PersistenceError.notFound(.diff, id: id.text)
            }
            return diff
        }
    }

    /// The tenant's diffs newest first; with `profile`, only those with a side that used it.
    public func list(tenantID: String, profile: String? = nil, limit: Int? = nil, cursor: String? = nil)
        async throws -> Page<DiffSummary>
    {
        let timing = timer.begin(.diffsList)
        defer { timing.end() }
        var conditions = ["tenant_id = ?"]
        var arguments: [DatabaseValue] = [.text(tenantID)]
        if let profile {
            conditions.append("(before_profile = ? OR after_profile = ?)")
            arguments.append(contentsOf: [.text(profile), .text(profile)])
        }
        return try await KeysetPage.fetch(
            DiffSummary.self, columns: DiffSummary.columns, from: "diffs", conditions: conditions,
            arguments: arguments, limit: limit, cursor: cursor, in: database
        ) { ($0.createdAt, $0.id) }
    }
}
