/// Who made a change: a tenant's API key, or the operator holding the admin token.
public enum AuditActor: Sendable, Hashable, CustomStringConvertible {
    case admin
    case apiKey(id: String)

    /// The key id, nil for the admin.
    public var keyID: String? {
        switch self {
        case .admin: nil
        case .apiKey(let id): id
        }
    }

    public var description: String {
        switch self {
        case .admin: "admin"
        case .apiKey(let id): "key \(id)"
        }
    }

    /// Rebuilds an actor from its stored key id column (NULL: the admin).
    init(keyID: String?) {
        self = keyID.map { .apiKey(id: $0) } ?? .admin
    }
}
