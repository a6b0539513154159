import JSON

/// One line of a tenant archive: the JSON-lines export of everything a tenant owns, in the order
/// an import needs it (the tenant, its keys, each profile followed by its versions, the layouts).
///
/// Times are RFC 3339 with microseconds, exact for the stored microseconds. Profile documents and
/// layout requests and results are JSON strings holding the stored text byte for byte. Keys carry
/// no secret and no digest of one.
public enum TenantArchiveRecord: Sendable, Hashable {
    case tenant(Tenant)
    case apiKey(ArchivedKey)
    case profile(ArchivedProfile)
    case profileVersion(ArchivedProfileVersion)
    case layout(ArchivedLayout)

    /// The archive format this binary writes and reads.
    public static let format = 1

    public struct ArchivedKey: Sendable, Hashable {
        public var id: String
        public var prefix: String
        public var createdAt: Timestamp
        public var rotatedAt: Timestamp?
        public var revokedAt: Timestamp?
    }

    public struct ArchivedProfile: Sendable, Hashable {
        public var name: String
        public var createdAt: Timestamp
        public var updatedAt: Timestamp
        public var deletedAt: Timestamp?
    }

    public struct ArchivedProfileVersion: Sendable, Hashable {
        public var profile: String
        public var version: Int
        public var document: String
        public var description: String?
        public var etag: String
        public var createdAt: Timestamp
        public var createdByKeyID: String?
    }

    public struct ArchivedLayout: Sendable, Hashable {
        public var summary: LayoutSummary
        public var requestJSON: String
        public var resultJSON: String
        /// The device preset and the diagnostic codes history filters by; nil when an archive written
        /// before they were kept leaves them out (the codes are then read from the result).
        public var device: String?
        public var codes: [String]?
    }

    // MARK: Writing

    /// The record as one JSON object, members in a fixed order.
    var json: JSONValue {
        func time(_ timestamp: Timestamp?) -> JSONValue { .string(timestamp?.iso8601) }
        func integer(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }
        switch self {
        case .tenant(let tenant):
            return .object([
                ("type", "tenant"), ("format", integer(Self.format)), ("id", .string(tenant.id)),
                ("name", .string(tenant.name)), ("createdAt", time(tenant.createdAt)),
            ])
        case .apiKey(let key):
            return .object([
                ("type", "apiKey"), ("id", .string(key.id)), ("prefix", .string(key.prefix)),
                ("createdAt", time(key.createdAt)), ("rotatedAt", time(key.rotatedAt)),
                ("revokedAt", time(key.revokedAt)),
            ])
        case .profile(let profile):
            return .object([
                ("type", "profile"), ("name", .string(profile.name)), ("createdAt", time(profile.createdAt)),
                ("updatedAt", time(profile.updatedAt)), ("deletedAt", time(profile.deletedAt)),
            ])
        case .profileVersion(let version):
            return .object([
                ("type", "profileVersion"), ("profile", .string(version.profile)),
                ("version", integer(version.version)), ("document", .string(version.document)),
                ("description", .string(version.description)), ("etag", .string(version.etag)),
                ("createdAt", time(version.createdAt)), ("createdByKeyId", .string(version.createdByKeyID)),
            ])
        case .layout(let layout):
            let summary = layout.summary
            return .object([
                ("type", "layout"), ("id", .string(summary.id.text)), ("profileName", .string(summary.profileName)),
                ("profileVersion", integer(summary.profileVersion)), ("mode", .string(summary.mode.rawValue)),
                ("navigation", .string(summary.navigation.rawValue)), ("status", .string(summary.status.rawValue)),
                ("createdAt", time(summary.createdAt)), ("request", .string(layout.requestJSON)),
                ("result", .string(layout.resultJSON)), ("device", .string(layout.device)),
                ("codes", .array((layout.codes ?? []).map(JSONValue.string))),
            ])
        }
    }

    // MARK: Reading

    /// Reads one line; `TenantArchiveError` names the line and the field at fault.
    static func decode(line bytes: ArraySlice<UInt8>, number: Int) throws(TenantArchiveError) -> TenantArchiveRecord {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONParser().parse(Array(bytes))
        } catch {
            throw TenantArchiveError(.malformed, line: number, "not JSON: \(error.message) (column \(error.column))")
        }
        guard case .object(let object) = value else {
            throw TenantArchiveError(
                .malformed, line: number, "a record is a JSON object, not \(value.typeDescription)")
        }
        var fields = Fields(object: object, line: number)
        let type = try fields.string("type")
        let record: TenantArchiveRecord
        switch type {
        case "tenant":
            let format = try fields.integer("format")
            guard format == Self.format else {
                throw fields.invalid("format", "format \(format) is not one this binary reads (\(Self.format))")
            }
            record = .tenant(
                Tenant(
                    id: try fields.string("id"), name: try fields.string("name"),
                    createdAt: try fields.time("createdAt")))
        case "apiKey":
            record = .apiKey(
                ArchivedKey(
                    id: try fields.string("id"), prefix: try fields.string("prefix"),
                    createdAt: try fields.time("createdAt"), rotatedAt: try fields.optionalTime("rotatedAt"),
                    revokedAt: try fields.optionalTime("revokedAt")))
        case "profile":
            record = .profile(
                ArchivedProfile(
                    name: try fields.string("name"), createdAt: try fields.time("createdAt"),
                    updatedAt: try fields.time("updatedAt"), deletedAt: try fields.optionalTime("deletedAt")))
        case "profileVersion":
            record = .profileVersion(
                ArchivedProfileVersion(
                    profile: try fields.string("profile"), version: try fields.integer("version"),
                    document: try fields.string("document"), description: try fields.optionalString("description"),
                    etag: try fields.string("etag"), createdAt: try fields.time("createdAt"),
                    createdByKeyID: try fields.optionalString("createdByKeyId")))
        case "layout":
            let idText = try fields.string("id")
            guard let id = LayoutID(idText) else { throw fields.invalid("id", "'\(idText)' is not a layout id") }
            let mode = try fields.enumeration("mode", LayoutMode.self)
            let navigation = try fields.enumeration("navigation", LayoutNavigationState.self)
            let status = try fields.enumeration("status", LayoutStatus.self)
            let summary = LayoutSummary(
                id: id, profileName: try fields.optionalString("profileName"),
                profileVersion: try fields.optionalInteger("profileVersion"), mode: mode, navigation: navigation,
                status: status, createdAt: try fields.time("createdAt"))
            record = .layout(
                ArchivedLayout(
                    summary: summary, requestJSON: try fields.string("request"),
                    resultJSON: try fields.string("result"), device: try fields.absentOrString("device"),
                    codes: try fields.absentOrStrings("codes")))
        default:
            throw fields.invalid("type", "'\(type)' is not one of tenant, apiKey, profile, profileVersion, layout")
        }
        try fields.refuseUnread()
        return record
    }

    /// The members of one record, read by name; every member must be read exactly once.
    private struct Fields {
        let object: JSONObject
        let line: Int
        var read: Set<String> = []

        init(object: JSONObject, line: Int) {
            self.object = object
            self.line = line
        }

        func invalid(_ field: String, _ message: String) -> TenantArchiveError {
            TenantArchiveError(.invalid, line: line, field: field, message)
        }

        private mutating func value(_ name: String) throws(TenantArchiveError) -> JSONValue {
            read.insert(name)
            guard let value = object[name] else { throw invalid(name, "is required") }
            return value
        }

        mutating func string(_ name: String) throws(TenantArchiveError) -> String {
            guard let text = try value(name).stringValue else { throw invalid(name, "must be a string") }
            return text
        }

        mutating func optionalString(_ name: String) throws(TenantArchiveError) -> String? {
            let value = try value(name)
            if value.isNull { return nil }
            guard let text = value.stringValue else { throw invalid(name, "must be a string or null") }
            return text
        }

        /// A member archives of an earlier format leave out: nil when absent or null.
        mutating func absentOrString(_ name: String) throws(TenantArchiveError) -> String? {
            guard object[name] != nil else { return nil }
            return try optionalString(name)
        }

        /// A list of strings archives of an earlier format leave out: nil when absent.
        mutating func absentOrStrings(_ name: String) throws(TenantArchiveError) -> [String]? {
            guard object[name] != nil else { return nil }
            guard case .array(let values) = try value(name) else { throw invalid(name, "must be a list of strings") }
            var strings: [String] = []
            for value in values {
                guard let text = value.stringValue else { throw invalid(name, "must be a list of strings") }
                strings.append(text)
            }
            return strings
        }

        mutating func integer(_ name: String) throws(TenantArchiveError) -> Int {
            guard let number = try value(name).numberValue, let integer = Int(exactly: number) else {
                throw invalid(name, "must be a whole number")
            }
            return integer
        }

        mutating func optionalInteger(_ name: String) throws(TenantArchiveError) -> Int? {
            if try value(name).isNull { return nil }
            return try integer(name)
        }

        mutating func time(_ name: String) throws(TenantArchiveError) -> Timestamp {
            let text = try string(name)
            guard let time = Timestamp(iso8601: text) else {
                throw invalid(name, "'\(text)' is not a time such as 2026-11-30T10:40:24.123456Z")
            }
            return time
        }

        mutating func optionalTime(_ name: String) throws(TenantArchiveError) -> Timestamp? {
            if try value(name).isNull { return nil }
            return try time(name)
        }

        mutating func enumeration<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type)
            throws(TenantArchiveError) -> T where T.RawValue == String
        {
            let text = try string(name)
            guard let value = T(rawValue: text) else {
                throw invalid(name, "'\(text)' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return value
        }

        func refuseUnread() throws(TenantArchiveError) {
            let unknown = object.keys.filter { !read.contains($0) }.sorted()
            if let first = unknown.first {
                throw invalid(first, "unknown member of a \(object["type"]?.stringValue ?? "") record")
            }
        }
    }
}
