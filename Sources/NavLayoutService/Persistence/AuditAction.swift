/// What an audit event records. The raw values are the stored `action` column (checked by the schema).
public enum AuditAction: String, Sendable, Hashable, CaseIterable {
    case tenantCreate = "tenant.create"
    case keyCreate = "key.create"
    case keyRotate = "key.rotate"
    case keyRevoke = "key.revoke"
    case profilePut = "profile.put"
    case profileDelete = "profile.delete"

    /// The kind of object the action changes.
    public var objectKind: AuditObjectKind {
        switch self {
        case .tenantCreate: .tenant
        case .keyCreate, .keyRotate, .keyRevoke: .key
        case .profilePut, .profileDelete: .profile
        }
    }
}

/// The kinds of objects audit events name. The raw values are the stored `object_kind` column.
public enum AuditObjectKind: String, Sendable, Hashable, CaseIterable {
    case tenant
    case key
    case profile
}
