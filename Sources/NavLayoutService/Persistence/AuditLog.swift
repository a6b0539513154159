import Storage

/// Writes audit events. Called by the other repositories inside the write transaction of the change
/// it records, so a change and its event are committed together or not at all.
enum AuditLog {
    static func record(
        _ action: AuditAction, objectID: String, tenantID: String, actor: AuditActor, detail: String = "",
        at time: Timestamp, on connection: any SQLConnection
    ) throws {
        try connection.execute(
            """
            INSERT INTO audit_events (tenant_id, actor_kind, actor_key_id, action, object_kind, object_id, detail, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                tenantID, actor.keyID == nil ? "admin" : "key", actor.keyID, action.rawValue,
                action.objectKind.rawValue, objectID, detail, time,
            ])
    }
}
