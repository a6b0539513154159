/// The kinds of stored objects an error can name.
public enum PersistedObjectKind: String, Sendable, Hashable, CaseIterable {
    case tenant
    case apiKey = "api key"
    case profile
    case profileVersion = "profile version"
    case layout
    case matrix
    case diff
}

/// A repository operation that could not be done, saying what and where. The service maps each case
/// to its HTTP status (404, 409, 412, 400/422).
public enum PersistenceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The object does not exist for this tenant (another tenant's object is not found either).
    case notFound(PersistedObjectKind, id: String)
    /// The change would clash with an existing object, e.g. a tenant name already taken or a key
    /// already revoked.
    case conflict(PersistedObjectKind, id: String, reason: String)
    /// A conditional write (If-Match) named an ETag that is not the current one. `currentETag` is
    /// nil when the object has no current version (absent or deleted).
    case preconditionFailed(PersistedObjectKind, id: String, expectedETag: String, currentETag: String?)
    /// A pagination cursor that this repository did not produce, or that was damaged.
    case invalidCursor(cursor: String, reason: String)
    /// A value the schema refuses, e.g. an empty name or a document that is not JSON.
    case invalidValue(field: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let kind, let id):
            return "\(kind.rawValue) '\(id)' not found"
        case .conflict(let kind, let id, let reason):
            return "\(kind.rawValue) '\(id)': \(reason)"
        case .preconditionFailed(let kind, let id, let expected, let current):
            let now = current.map { "the current ETag is \($0)" } ?? "it has no current version"
            return "\(kind.rawValue) '\(id)': ETag \(expected) does not match; \(now)"
        case .invalidCursor(let cursor, let reason):
            return "invalid cursor '\(cursor)': \(reason)"
        case .invalidValue(let field, let reason):
            return "invalid \(field): \(reason)"
        }
    }
}
