import Storage

/// One recorded change: who did what to which object of a tenant, and when.
public struct AuditEvent: Sendable, Hashable {
    /// Increasing in the order events were written.
    public var id: Int64
    public var tenantID: String
    public var actor: AuditActor
    public var action: AuditAction
    public var objectKind: AuditObjectKind
    /// The tenant id, the key id or the profile name.
    public var objectID: String
    /// A short human-readable addition, e.g. "version 3" for a profile write.
    public var detail: String
    public var createdAt: Timestamp
}

extension AuditEvent: RowDecodable {
    static let columns = "id, tenant_id, actor_key_id, action, object_kind, object_id, detail, created_at"

    public init(row: Row) throws {
        let actionText: String = try row.value(at: 3)
        let objectKindText: String = try row.value(at: 4)
        guard let action = AuditAction(rawValue: actionText), let objectKind = AuditObjectKind(rawValue: objectKindText)
        else {
            throw PersistenceError.invalidValue(
                field: "audit_events.action", reason: "unknown action '\(actionText)' on '\(objectKindText)'")
        }
        self.init(
            id: try row.value(at: 0), tenantID: try row.value(at: 1),
            actor: AuditActor(keyID: try row.value(at: 2, as: String?.self)), action: action, objectKind: objectKind,
            objectID: try row.value(at: 5), detail: try row.value(at: 6), createdAt: try row.value(at: 7))
    }
}
