/// The JSON shapes of stored objects in responses. Member order is fixed here, once.
enum Representation {
    static func tenant(_ tenant: Tenant) -> JSONValue {
        .object([
            ("id", .string(tenant.id)), ("name", .string(tenant.name)),
            ("createdAt", .string(tenant.createdAt.iso8601)),
        ])
    }

    static func key(_ key: ApiKey) -> JSONValue {
        .object([
            ("id", .string(key.id)), ("tenantId", .string(key.tenantID)), ("prefix", .string(key.prefix)),
            ("createdAt", .string(key.createdAt.iso8601)), ("rotatedAt", .string(key.rotatedAt?.iso8601)),
            ("revokedAt", .string(key.revokedAt?.iso8601)),
        ])
    }

    /// A key with its secret: shown once, when issued or rotated.
    static func issuedKey(_ issued: IssuedApiKey) -> JSONValue {
        guard case .object(var members) = key(issued.key) else { return key(issued.key) }
        members.append(("secret", .string(issued.secret)))
        return .object(members)
    }

    static func actor(_ actor: AuditActor) -> JSONValue {
        switch actor {
        case .admin: .object([("kind", .string("admin"))])
        case .apiKey(let id): .object([("kind", .string("apiKey")), ("keyId", .string(id))])
        }
    }

    static func profileSummary(_ profile: ProfileSummary) -> JSONValue {
        .object([
            ("name", .string(profile.name)), ("currentVersion", .int(profile.currentVersion)),
            ("etag", .string("\"\(profile.currentETag)\"")), ("description", .string(profile.description)),
            ("createdAt", .string(profile.createdAt.iso8601)), ("updatedAt", .string(profile.updatedAt.iso8601)),
        ])
    }

    static func profileVersion(_ version: ProfileVersion) -> JSONValue {
        .object([
            ("name", .string(version.profileName)), ("version", .int(version.version)),
            ("etag", .string(version.httpETag)), ("description", .string(version.description)),
            ("createdAt", .string(version.createdAt.iso8601)), ("createdBy", actor(version.createdBy)),
            ("document", .raw(version.document)),
        ])
    }

    static func profileVersionSummary(_ version: ProfileVersionSummary) -> JSONValue {
        .object([
            ("name", .string(version.profileName)), ("version", .int(version.version)),
            ("etag", .string("\"\(version.etag)\"")), ("description", .string(version.description)),
            ("createdAt", .string(version.createdAt.iso8601)), ("createdBy", actor(version.createdBy)),
        ])
    }

    static func layoutSummary(_ layout: LayoutSummary) -> [(String, JSONValue)] {
        [
            ("id", .string(layout.id.text)), ("profile", .string(layout.profileName)),
            ("profileVersion", layout.profileVersion.map { .int($0) } ?? .null),
            ("mode", .string(layout.mode.rawValue)),
            ("navigation", .string(layout.navigation.rawValue)), ("status", .string(layout.status.rawValue)),
            ("createdAt", .string(layout.createdAt.iso8601)),
        ]
    }

    static func storedLayout(_ layout: StoredLayout) -> JSONValue {
        .object(
            layoutSummary(layout.summary) + [
                ("request", .raw(layout.requestJSON)), ("result", .raw(layout.resultJSON)),
            ])
    }

    static func auditEvent(_ event: AuditEvent) -> JSONValue {
        .object([
            ("id", .int(event.id)), ("actor", actor(event.actor)), ("action", .string(event.action.rawValue)),
            ("objectKind", .string(event.objectKind.rawValue)), ("objectId", .string(event.objectID)),
            ("detail", .string(event.detail)), ("createdAt", .string(event.createdAt.iso8601)),
        ])
    }

    /// A list response: `{"items": [...]}` plus `nextCursor` when paginated.
    static func list(_ items: [JSONValue], nextCursor: String?? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("items", .array(items))]
        if let nextCursor { members.append(("nextCursor", .string(nextCursor))) }
        return .object(members)
    }
}
