import Foundation
import JSON
import Storage

/// A tenant archive read and checked line by line, ready to be written: everything an import can
/// find wrong without the database is found here, so the write transaction only meets clashes with
/// what the database holds.
struct TenantImportPlan: Sendable {
    /// A record with the line it came from, for errors found later.
    struct Numbered<Record: Sendable>: Sendable {
        var line: Int
        var record: Record
    }

    private(set) var tenant: Tenant
    private(set) var keys: [Numbered<TenantArchiveRecord.ArchivedKey>] = []
    private(set) var profiles: [Numbered<TenantArchiveRecord.ArchivedProfile>] = []
    private(set) var versions: [Numbered<TenantArchiveRecord.ArchivedProfileVersion>] = []
    private(set) var layouts: [Numbered<TenantArchiveRecord.ArchivedLayout>] = []

    init(archive: [UInt8]) throws(TenantArchiveError) {
        var lines = archive.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The line feed that ends the last line does not start another one.
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard !lines.isEmpty else {
            throw TenantArchiveError(.invalid, line: 1, "the archive is empty; its first line is the tenant")
        }
        var checker = Checker()
        var tenant: Tenant?
        for (index, bytes) in lines.enumerated() {
            let number = index + 1
            do throws(TenantArchiveError) {
                var line = bytes
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                let record = try TenantArchiveRecord.decode(line: line, number: number)
                if number == 1 {
                    guard case .tenant(let first) = record else {
                        throw TenantArchiveError(
                            .invalid, line: 1, field: "type", "the first line is the tenant record")
                    }
                    try checker.check(first, line: number)
                    tenant = first
                    continue
                }
                try checker.check(record, line: number)
                switch record {
                case .tenant: break  // refused by the checker
                case .apiKey(let key): keys.append(Numbered(line: number, record: key))
                case .profile(let profile): profiles.append(Numbered(line: number, record: profile))
                case .profileVersion(let version): versions.append(Numbered(line: number, record: version))
                case .layout(let layout): layouts.append(Numbered(line: number, record: layout))
                }
            } catch {
                checker.problems += error.problems
                if error.kind == .malformed { checker.malformed = true }
            }
            if checker.problems.count >= TenantArchiveError.maximumProblems { break }
        }
        checker.finish()
        guard checker.problems.isEmpty, let tenant else {
            throw TenantArchiveError(
                kind: checker.malformed ? .malformed : .invalid,
                problems: Array(checker.problems.prefix(TenantArchiveError.maximumProblems)))
        }
        self.tenant = tenant
    }

    /// The rules between records and on their values, with what it has seen so far.
    private struct Checker {
        var problems: [TenantArchiveError.Problem] = []
        var malformed = false
        var keyIDs: Set<String> = []
        var prefixes: Set<String> = []
        /// Each profile's line and the last version seen.
        var profiles: [String: (line: Int, lastVersion: Int)] = [:]
        var layoutIDs: Set<String> = []

        func refusal(_ line: Int, _ field: String, _ error: PersistenceError) -> TenantArchiveError {
            if case .invalidValue(_, let reason) = error {
                return TenantArchiveError(.invalid, line: line, field: field, reason)
            }
            return TenantArchiveError(.invalid, line: line, field: field, error.description)
        }

        func identifier(_ text: String, _ field: String, line: Int) throws(TenantArchiveError) {
            guard (1...64).contains(text.utf8.count), !text.unicodeScalars.contains(where: StoredText.isControl) else {
                throw TenantArchiveError(
                    .invalid, line: line, field: field, "an id has 1 to 64 bytes and no control characters")
            }
        }

        func notBefore(_ later: Timestamp?, _ earlier: Timestamp, _ field: String, _ earlierField: String, line: Int)
            throws(TenantArchiveError)
        {
            if let later, later < earlier {
                throw TenantArchiveError(.invalid, line: line, field: field, "is before \(earlierField)")
            }
        }

        func jsonObject(_ text: String, _ field: String, line: Int) throws(TenantArchiveError) {
            guard case .object? = try? JSONParser().parse(text) else {
                throw TenantArchiveError(.invalid, line: line, field: field, "must hold the text of a JSON object")
            }
        }

        func check(_ tenant: Tenant, line: Int) throws(TenantArchiveError) {
            try identifier(tenant.id, "id", line: line)
            do {
                try StoredText.check(
                    tenant.name, field: "name", what: "a tenant name", kind: .name(),
                    maximumLength: TenantRepository.maximumNameLength)
            } catch {
                throw refusal(line, "name", error)
            }
        }

        mutating func check(_ record: TenantArchiveRecord, line: Int) throws(TenantArchiveError) {
            switch record {
            case .tenant:
                throw TenantArchiveError(.invalid, line: line, field: "type", "an archive holds one tenant, on line 1")
            case .apiKey(let key):
                try identifier(key.id, "id", line: line)
                try identifier(key.prefix, "prefix", line: line)
                guard keyIDs.insert(key.id).inserted else {
                    throw TenantArchiveError(.invalid, line: line, field: "id", "key '\(key.id)' is listed twice")
                }
                guard prefixes.insert(key.prefix).inserted else {
                    throw TenantArchiveError(
                        .invalid, line: line, field: "prefix", "prefix '\(key.prefix)' is listed twice")
                }
                try notBefore(key.rotatedAt, key.createdAt, "rotatedAt", "createdAt", line: line)
                try notBefore(key.revokedAt, key.createdAt, "revokedAt", "createdAt", line: line)
            case .profile(let profile):
                do {
                    try ProfileRepository.validate(name: profile.name)
                } catch let error as PersistenceError {
                    throw refusal(line, "name", error)
                } catch {
                    throw TenantArchiveError(.invalid, line: line, field: "name", "\(error)")
                }
                guard profiles[profile.name] == nil else {
                    throw TenantArchiveError(
                        .invalid, line: line, field: "name", "profile '\(profile.name)' is listed twice")
                }
                try notBefore(profile.updatedAt, profile.createdAt, "updatedAt", "createdAt", line: line)
                profiles[profile.name] = (line, 0)
            case .profileVersion(let version):
                guard let profile = profiles[version.profile] else {
                    throw TenantArchiveError(
                        .invalid, line: line, field: "profile",
                        "profile '\(version.profile)' has no profile record on an earlier line")
                }
                guard version.version == profile.lastVersion + 1 else {
                    throw TenantArchiveError(
                        .invalid, line: line, field: "version",
                        "expected version \(profile.lastVersion + 1) of '\(version.profile)', found \(version.version)")
                }
                profiles[version.profile] = (profile.line, version.version)
                try jsonObject(version.document, "document", line: line)
                if let description = version.description {
                    do {
                        try ProfileRepository.validate(description: description)
                    } catch let error as PersistenceError {
                        throw refusal(line, "description", error)
                    } catch {
                        throw TenantArchiveError(.invalid, line: line, field: "description", "\(error)")
                    }
                }
                guard !version.etag.isEmpty else {
                    throw TenantArchiveError(.invalid, line: line, field: "etag", "must not be empty")
                }
                if let keyID = version.createdByKeyID, !keyIDs.contains(keyID) {
                    throw TenantArchiveError(
                        .invalid, line: line, field: "createdByKeyId",
                        "key '\(keyID)' has no apiKey record on an earlier line")
                }
            case .layout(let layout):
                let summary = layout.summary
                guard layoutIDs.insert(summary.id.text).inserted else {
                    throw TenantArchiveError(
                        .invalid, line: line, field: "id", "layout '\(summary.id)' is listed twice")
                }
                if let version = summary.profileVersion {
                    guard version >= 1 else {
                        throw TenantArchiveError(.invalid, line: line, field: "profileVersion", "is at least 1")
                    }
                    guard summary.profileName != nil else {
                        throw TenantArchiveError(
                            .invalid, line: line, field: "profileVersion", "comes with a profileName")
                    }
                }
                try jsonObject(layout.requestJSON, "request", line: line)
                try jsonObject(layout.resultJSON, "result", line: line)
            }
        }

        /// What can only be judged at the end: every profile has a version.
        mutating func finish() {
            for (name, profile) in profiles.sorted(by: { $0.value.line < $1.value.line }) where profile.lastVersion == 0
            {
                problems.append(
                    .init(line: profile.line, field: "name", message: "profile '\(name)' has no profileVersion record"))
            }
            problems.sort { $0.line < $1.line }
        }
    }

    // MARK: Writing

    /// Writes the plan inside the caller's transaction; a clash with the database is a conflict
    /// naming the line that brought it.
    func write(on connection: any SQLConnection, at now: Timestamp) throws -> TenantArchiveRepository.ImportReport {
        func clash(_ line: Int, _ field: String, _ message: String, _ body: () throws -> Void) throws {
            do {
                try body()
            } catch let error where ConstraintViolation(error) != nil {
                throw TenantArchiveError(.conflict, line: line, field: field, message)
            }
        }
        let taken = try connection.fetchValue(
            "SELECT count(*) FROM tenants WHERE name = ? OR id = ?", [tenant.name, tenant.id], as: Int.self)
        guard taken == 0 else {
            throw TenantArchiveError(
                .conflict, line: 1, field: "name", "a tenant named '\(tenant.name)' or with id '\(tenant.id)' exists")
        }
        try connection.execute(
            "INSERT INTO tenants (id, name, created_at) VALUES (?, ?, ?)", [tenant.id, tenant.name, tenant.createdAt])
        for key in keys {
            let record = key.record
            try clash(key.line, "id", "key '\(record.id)' or its prefix '\(record.prefix)' exists in the database") {
                try connection.execute(
                    """
                    INSERT INTO api_keys (id, tenant_id, prefix, secret_hash, created_at, rotated_at, revoked_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        record.id, tenant.id, record.prefix, Data(RandomIdentifier.bytes(32)), record.createdAt,
                        record.rotatedAt,
                        record.revokedAt ?? max(now, record.createdAt, record.rotatedAt ?? record.createdAt),
                    ])
            }
        }
        var profileIDs: [String: Int64] = [:]
        for profile in profiles {
            let record = profile.record
            let current = versions.last { $0.record.profile == record.name }?.record.version ?? 1
            profileIDs[record.name] = try connection.fetchValue(
                """
                INSERT INTO profiles (tenant_id, name, current_version, created_at, updated_at, deleted_at)
                VALUES (?, ?, ?, ?, ?, ?) RETURNING id
                """,
                [tenant.id, record.name, current, record.createdAt, record.updatedAt, record.deletedAt], as: Int64.self)
        }
        for version in versions {
            let record = version.record
            try connection.execute(
                """
                INSERT INTO profile_versions (profile_id, version, document, description, etag, created_at, created_by_key_id)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    profileIDs[record.profile], record.version, record.document, record.description, record.etag,
                    record.createdAt, record.createdByKeyID,
                ])
        }
        for layout in layouts {
            let summary = layout.record.summary
            try clash(layout.line, "id", "layout '\(summary.id)' exists in the database") {
                try connection.execute(
                    """
                    INSERT INTO layouts (id, tenant_id, profile_name, profile_version, mode, navigation, status, created_at, request, result, device, codes)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        summary.id.text, tenant.id, summary.profileName, summary.profileVersion, summary.mode.rawValue,
                        summary.navigation.rawValue, summary.status.rawValue, summary.createdAt,
                        layout.record.requestJSON, layout.record.resultJSON, layout.record.device,
                        NewLayoutRecord.storedCodes(
                            layout.record.codes ?? Self.codes(ofResult: layout.record.resultJSON)),
                    ])
            }
        }
        let report = TenantArchiveRepository.ImportReport(
            tenant: tenant, revokedKeys: keys.count, profiles: profiles.count, profileVersions: versions.count,
            layouts: layouts.count)
        try AuditLog.record(
            .tenantCreate, objectID: tenant.id, tenantID: tenant.id, actor: .admin,
            detail:
                "name \(tenant.name), imported: \(report.revokedKeys) key(s) recorded revoked, \(report.profiles) profile(s), "
                + "\(report.profileVersions) version(s), \(report.layouts) layout(s)",
            at: now, on: connection)
        return report
    }
}

extension TenantImportPlan {
    /// The diagnostic codes of a stored result, for an archive written before layouts kept them; none
    /// when the result does not read.
    static func codes(ofResult resultJSON: String) -> [String] {
        guard case .object(let result)? = try? JSONParser().parse(Array(resultJSON.utf8)),
            case .array(let diagnostics)? = result["diagnostics"]
        else { return [] }
        return diagnostics.compactMap { $0.objectValue?["code"]?.stringValue }
    }
}
