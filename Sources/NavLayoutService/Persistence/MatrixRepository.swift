import Storage

/// Recorded device matrices: the matrix row and every cell's layout row, written together.
public struct MatrixRepository: Sendable {
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

    /// Records the matrix and its cells in one transaction: hundreds of cells cost one commit, and
    /// a matrix is never visible with some of its cells missing.
    public func record(_ matrix: NewMatrixRecord) async throws {
        let timing = timer.begin(.matricesRecord)
        defer { timing.end() }
        let clock = self.clock
        try await database.write { connection in
            try Self.insert(matrix, at: clock(), into: connection)
        }
    }

    /// Inserts the matrix and its cells inside the caller's transaction.
    static func insert(_ matrix: NewMatrixRecord, at now: Timestamp, into connection: any SQLConnection) throws {
        for cell in matrix.cells {
            _ = try LayoutHistoryRepository.insert(cell, at: now, into: connection)
        }
        do {
            try connection.execute(
                """
                INSERT INTO matrices (id, tenant_id, profile_name, profile_version, status, cell_count, created_at, request, report)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    matrix.id.text, matrix.tenantID, matrix.profileName, matrix.profileVersion,
                    matrix.status.rawValue, matrix.cells.count, now, matrix.requestJSON, matrix.reportJSON,
                ])
        } catch ConstraintViolation.duplicateKey {
            throw PersistenceError.conflict(.matrix, id: matrix.id.text, reason: "a matrix with this id is recorded")
        }
    }

    /// One recorded matrix of the tenant; another tenant's id is not found.
    public func get(tenantID: String, id: LayoutID) async throws -> StoredMatrix {
        let timing = timer.begin(.matricesGet)
        defer { timing.end() }
        return try await database.read { connection in
            guard
                let matrix = try connection.fetchOne(
                    """
                    SELECT id, profile_name, profile_version, status, cell_count, created_at, request, report
                    FROM matrices WHERE id = ? AND tenant_id = ?
                    """,
                    [id.text, tenantID],
                    { row -> StoredMatrix? in
                        let idText: String = try row.value(at: 0)
                        let statusText: String = try row.value(at: 3)
                        guard let id = LayoutID(idText), let status = LayoutStatus(rawValue: statusText) else {
                            return nil
                        }
                        return StoredMatrix(
                            id: id, profileName: try row.value(at: 1), profileVersion: try row.value(at: 2),
                            status: status, cellCount: try row.value(at: 4), createdAt: try row.value(at: 5),
                            requestJSON: try row.value(at: 6), reportJSON: try row.value(at: 7))
                    })
            else {
                throw PersistenceError.notFound(.matrix, id: id.text)
            }
            guard let matrix else {
                throw PersistenceError.invalidValue(field: "matrices row \(id.text)", reason: "unknown id or status")
            }
            return matrix
        }
    }

    /// The stored results of the tenant's layouts with these ids, by id; ids not found are left out.
    public func results(tenantID: String, ids: [LayoutID]) async throws -> [(
        id: LayoutID, request: String, result: String
    )] {
        let timing = timer.begin(.matricesCells)
        defer { timing.end() }
        return try await database.read { connection in
            var found: [(id: LayoutID, request: String, result: String)] = []
            found.reserveCapacity(ids.count)
            for id in ids {
                if let row = try connection.fetchOne(
                    "SELECT request, result FROM layouts WHERE id = ? AND tenant_id = ?", [id.text, tenantID],
                    { row in (try row.value(at: 0, as: String.self), try row.value(at: 1, as: String.self)) })
                {
                    found.append((id, row.0, row.1))
                }
            }
            return found
        }
    }
}
