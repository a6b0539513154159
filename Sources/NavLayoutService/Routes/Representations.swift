import HTTPServer
import JSON

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
        members["secret"] = .string(issued.secret)
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
            ("name", .string(profile.name)), ("currentVersion", .number(Double(profile.currentVersion))),
            ("etag", .string("\"\(profile.currentETag)\"")), ("description", .string(profile.description)),
            ("createdAt", .string(profile.createdAt.iso8601)), ("updatedAt", .string(profile.updatedAt.iso8601)),
        ])
    }

    static func profileVersion(_ version: ProfileVersion) throws(HTTPError) -> JSONValue {
        .object([
            ("name", .string(version.profileName)), ("version", .number(Double(version.version))),
            ("etag", .string(version.httpETag)), ("description", .string(version.description)),
            ("createdAt", .string(version.createdAt.iso8601)), ("createdBy", actor(version.createdBy)),
            ("document", try storedDocument(version.document, what: "profile document")),
        ])
    }

    static func profileVersionSummary(_ version: ProfileVersionSummary) -> JSONValue {
        .object([
            ("name", .string(version.profileName)), ("version", .number(Double(version.version))),
            ("etag", .string("\"\(version.etag)\"")), ("description", .string(version.description)),
            ("createdAt", .string(version.createdAt.iso8601)), ("createdBy", actor(version.createdBy)),
        ])
    }

    static func layoutSummary(_ layout: LayoutSummary) -> [(String, JSONValue)] {
        [
            ("id", .string(layout.id.text)), ("profile", .string(layout.profileName)),
            ("profileVersion", layout.profileVersion.map { .number(Double($0)) } ?? .null),
            ("mode", .string(layout.mode.rawValue)),
            ("navigation", .string(layout.navigation.rawValue)), ("status", .string(layout.status.rawValue)),
            ("createdAt", .string(layout.createdAt.iso8601)),
        ]
    }

    static func storedLayout(_ layout: StoredLayout) throws(HTTPError) -> JSONValue {
        .object(
            JSONObject(
                layoutSummary(layout.summary) + [
                    ("request", try storedDocument(layout.requestJSON, what: "layout request")),
                    ("result", try storedDocument(layout.resultJSON, what: "layout result")),
                ]))
    }

    /// A JSON document the service stored itself, read back to be embedded in a response. It was
    /// valid JSON when stored, so one that no longer parses is a server fault, not the client's.
    static func storedDocument(_ text: String, what: String) throws(HTTPError) -> JSONValue {
        do {
            return try JSONParser().parse(text)
        } catch {
            throw HTTPError(.internalServerError, detail: "a stored \(what) does not read back: \(error.message)")
        }
    }

    static func auditEvent(_ event: AuditEvent) -> JSONValue {
        .object([
            ("id", .number(Double(event.id))), ("actor", actor(event.actor)),
            ("action", .string(event.action.rawValue)),
            ("objectKind", .string(event.objectKind.rawValue)), ("objectId", .string(event.objectID)),
            ("detail", .string(event.detail)), ("createdAt", .string(event.createdAt.iso8601)),
        ])
    }

    /// A list response: `{"items": [...]}` plus `nextCursor` when paginated.
    static func list(_ items: [JSONValue], nextCursor: String?? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("items", .array(items))]
        if let nextCursor { members.append(("nextCursor", .string(nextCursor))) }
        return .object(JSONObject(members))
    }
}
