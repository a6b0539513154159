import Storage

/// Reads a tenant's audit log, newest first. Events are written by the repositories that make the
/// changes (see `AuditLog`), never through this type.
public struct AuditRepository: Sendable {
    private static let cursorTag = "audit1"
    public let database: any SQLDatabase
    private let timer: DatabaseTimer

    public init(database: any SQLDatabase, timer: DatabaseTimer = .off) {
        self.database = database
        self.timer = timer
    }

    /// One page of the tenant's events, newest first. `cursor` is the `nextCursor` of the previous
    /// page; events written meanwhile are newer than every page after the first, so paging neither
    /// repeats nor skips an event.
    public func list(tenantID: String, limit: Int? = nil, cursor: String? = nil) async throws -> Page<AuditEvent> {
        let timing = timer.begin(.auditList)
        defer { timing.end() }
        let size = PageSize.clamped(limit)
        let before = try cursor.map(Self.decodeCursor)
        return try await database.read { connection in
            let events: [AuditEvent]
            if let before {
                events = try connection.fetchAll(
                    AuditEvent.self,
                    "SELECT \(AuditEvent.columns) FROM audit_events WHERE tenant_id = ? AND id < ? ORDER BY id DESC LIMIT ?",
                    [tenantID, before, size + 1])
            } else {
                events = try connection.fetchAll(
                    AuditEvent.self,
                    "SELECT \(AuditEvent.columns) FROM audit_events WHERE tenant_id = ? ORDER BY id DESC LIMIT ?",
                    [tenantID, size + 1])
            }
            let page = Array(events.prefix(size))
            let next =
                events.count > size
                ? page.last.map { OpaqueCursor(fields: [String($0.id)]).encoded(tag: Self.cursorTag) } : nil
            return Page(items: page, nextCursor: next)
        }
    }

    private static func decodeCursor(_ cursor: String) throws -> Int64 {
        let decoded = try OpaqueCursor.decode(cursor, tag: cursorTag, fieldCount: 1)
        guard let id = Int64(decoded.fields[0]), id > 0 else {
            throw PersistenceError.invalidCursor(cursor: cursor, reason: "the event id is not a positive integer")
        }
        return id
    }
}
