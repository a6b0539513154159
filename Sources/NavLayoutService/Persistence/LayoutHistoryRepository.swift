import Storage

/// The layouts history: every solved layout that was recorded, per tenant, newest first.
public struct LayoutHistoryRepository: Sendable {
    /// Rows one retention write deletes at most, so a large purge never holds the single writer
    /// (and the requests queued behind it) for long.
    public static let defaultRetentionBatchSize = 1000
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

    // MARK: Recording

    /// Records a layout and returns it as listed. Its time is read on the writer, so layouts
    /// recorded one after another get non-decreasing times. An unknown tenant is not found; an id
    /// recorded before is a conflict.
    @discardableResult
    public func record(_ layout: NewLayoutRecord) async throws -> LayoutSummary {
        let timing = timer.begin(.layoutsRecord)
        defer { timing.end() }
        if let version = layout.profileVersion, version < 1 || layout.profileName == nil {
            throw PersistenceError.invalidValue(
                field: "profileVersion", reason: "a profile version is at least 1 and comes with a profile name")
        }
        let clock = self.clock
        return try await database.write { connection in
            let now = clock()
            return try Self.insert(layout, at: now, into: connection)
        }
    }

    /// Inserts one layout row at `now` inside the caller's write; shared with the matrix recording,
    /// which writes a matrix and all its cells in one transaction.
    static func insert(_ layout: NewLayoutRecord, at now: Timestamp, into connection: any SQLConnection) throws
        -> LayoutSummary
    {
        do {
            try connection.execute(
                """
                INSERT INTO layouts (id, tenant_id, profile_name, profile_version, mode, navigation, status, created_at, request, result, device, codes)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    layout.id.text, layout.tenantID, layout.profileName, layout.profileVersion,
                    layout.mode.rawValue, layout.navigation.rawValue, layout.status.rawValue, now,
                    layout.requestJSON, layout.resultJSON, layout.device, layout.storedCodes,
                ])
        } catch ConstraintViolation.foreignKey {
            throw PersistenceError.notFound(.tenant, id: layout.tenantID)
        } catch ConstraintViolation.duplicateKey {
            throw PersistenceError.conflict(.layout, id: layout.id.text, reason: "a layout with this id is recorded")
        }
        return LayoutSummary(
            id: layout.id, profileName: layout.profileName, profileVersion: layout.profileVersion,
            mode: layout.mode, navigation: layout.navigation, status: layout.status, createdAt: now)
    }

    // MARK: Reading

    /// One recorded layout of the tenant; another tenant's id is not found.
    public func get(tenantID: String, id: LayoutID) async throws -> StoredLayout {
        let timing = timer.begin(.layoutsGet)
        defer { timing.end() }
        return try await database.read { connection in
            guard
                let layout = try connection.fetchOne(
                    StoredLayout.self, "SELECT \(StoredLayout.columns) FROM layouts WHERE id = ? AND tenant_id = ?",
                    [id.text, tenantID])
            else {
                throw PersistenceError.notFound(.layout, id: id.text)
            }
            return layout
        }
    }

    /// One page of the tenant's history, newest first (by time, then id), matching `filter`;
    /// `cursor` is the previous page's `nextCursor` (`KeysetPage`).
    public func list(
        tenantID: String, filter: LayoutHistoryFilter = LayoutHistoryFilter(), limit: Int? = nil,
        cursor: String? = nil
    ) async throws -> Page<LayoutSummary> {
        let timing = timer.begin(.layoutsList)
        defer { timing.end() }
        var conditions = ["tenant_id = ?"]
        var arguments: [DatabaseValue] = [.text(tenantID)]
        if let profileName = filter.profileName {
            conditions.append("profile_name = ?")
            arguments.append(.text(profileName))
        }
        if let navigation = filter.navigation {
            conditions.append("navigation = ?")
            arguments.append(.text(navigation.rawValue))
        }
        if let status = filter.status {
            conditions.append("status = ?")
            arguments.append(.text(status.rawValue))
        }
        if let device = filter.device {
            conditions.append("device = ?")
            arguments.append(.text(device))
        }
        if let code = filter.code {
            conditions.append(database.dialect.contains(column: "codes"))
            arguments.append(.text(" \(code) "))
        }
        if let since = filter.since {
            conditions.append("created_at >= ?")
            arguments.append(since.databaseValue)
        }
        if let until = filter.until {
            conditions.append("created_at < ?")
            arguments.append(until.databaseValue)
        }
        return try await KeysetPage.fetch(
            LayoutSummary.self, columns: LayoutSummary.columns, from: "layouts", conditions: conditions,
            arguments: arguments, limit: limit, cursor: cursor, in: database
        ) { ($0.createdAt, $0.id) }
    }

    /// The number of layouts recorded for the tenant.
    public func count(tenantID: String) async throws -> Int {
        try await database.read { connection in
            try connection.fetchValue("SELECT count(*) FROM layouts WHERE tenant_id = ?", [tenantID], as: Int.self) ?? 0
        }
    }

    // MARK: Retention

    /// Deletes what `policy` does not keep, tenant by tenant, in writes of at most `batchSize` rows.
    /// The service calls this periodically; it is safe to run while layouts are recorded (new
    /// layouts are newer than any cut-off computed before them).
    @discardableResult
    public func applyRetention(_ policy: RetentionPolicy, batchSize: Int = defaultRetentionBatchSize) async throws
        -> RetentionOutcome
    {
        let timing = timer.begin(.layoutsRetention)
        defer { timing.end() }
        let batch = max(1, batchSize)
        var outcome = RetentionOutcome(deletedByAge: 0, deletedByCount: 0)
        let tenants = try await database.read { connection in
            try connection.fetchAll("SELECT id FROM tenants ORDER BY id") { try $0.value(at: 0, as: String.self) }
        }
        if let maximumAge = policy.maximumAge {
            let cutoff = clock().advanced(by: .zero - maximumAge)
            for tenant in tenants {
                outcome.deletedByAge += try await deleteInBatches(batch) { connection in
                    try connection.execute(
                        """
                        DELETE FROM layouts WHERE id IN (
                            SELECT id FROM layouts WHERE tenant_id = ? AND created_at < ? LIMIT ?)
                        """,
                        [tenant, cutoff, batch])
                }
            }
        }
        if let maximumCount = policy.maximumCountPerTenant {
            for tenant in tenants {
                outcome.deletedByCount += try await deleteBeyondNewest(max(0, maximumCount), of: tenant, batch: batch)
            }
        }
        if outcome.deleted > 0 {
            // Deleted rows leave free pages that the file would keep for ever; handing them back
            // makes the file shrink with the history (at the next checkpoint).
            outcome.freedPages = try await database.reclaimSpace()
        }
        return outcome
    }

    /// Deletes the tenant's layouts older than its `keep` newest ones.
    private func deleteBeyondNewest(_ keep: Int, of tenant: String, batch: Int) async throws -> Int {
        // The oldest row to keep. Rows recorded after this read sort above it, so the boundary stays
        // right for the whole purge.
        let boundary: (Timestamp, String)?
        if keep == 0 {
            boundary = nil
        } else {
            boundary = try await database.read { connection in
                try connection.fetchOne(
                    """
                    SELECT created_at, id FROM layouts WHERE tenant_id = ?
                    ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?
                    """,
                    [tenant, keep - 1]
                ) { (try $0.value(at: 0, as: Timestamp.self), try $0.value(at: 1, as: String.self)) }
            }
            // Fewer rows than the limit: nothing to delete.
            guard boundary != nil else { return 0 }
        }
        if let (createdAt, id) = boundary {
            return try await deleteInBatches(batch) { connection in
                try connection.execute(
                    """
                    DELETE FROM layouts WHERE id IN (
                        SELECT id FROM layouts WHERE tenant_id = ? AND (created_at, id) < (?, ?) LIMIT ?)
                    """,
                    [tenant, createdAt, id, batch])
            }
        }
        return try await deleteInBatches(batch) { connection in
            try connection.execute(
                "DELETE FROM layouts WHERE id IN (SELECT id FROM layouts WHERE tenant_id = ? LIMIT ?)",
                [tenant, batch])
        }
    }

    /// Runs `delete` (which deletes at most `batch` rows) in separate writes until a write deletes
    /// fewer than `batch`; returns the total.
    private func deleteInBatches(_ batch: Int, _ delete: @escaping @Sendable (any SQLConnection) throws -> Void)
        async throws -> Int
    {
        var total = 0
        while true {
            let deleted = try await database.write { connection in
                try delete(connection)
                return connection.changedRowCount
            }
            total += deleted
            if deleted < batch { return total }
        }
    }
}
