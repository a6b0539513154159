import Foundation
import JSON
import Storage

/// A tenant's profiles: named, versioned documents that are never overwritten.
///
/// Semantics the service relies on:
/// - `put` always writes a new version (n + 1). With `ifMatch`, the write happens only if the
///   profile's current version has that ETag, else `preconditionFailed`. A profile that does not
///   exist or is deleted has no current version, so any `ifMatch` fails for it; without `ifMatch`
///   the profile is created, or recreated after a delete continuing its version numbers.
/// - `delete` is a soft delete: `current` and `list` (by default) no longer show the profile, and a
///   conditional `put` fails, but `version(_:)` and `versions` still read its whole history.
/// - Every write is audited (`profile.put`, `profile.delete`) in the same transaction.
/// - Everything is scoped to one tenant: another tenant's profile of the same name is a different
///   profile, and one that only exists elsewhere is not found.
public struct ProfileRepository: Sendable {
    public static let maximumNameLength = 128
    public let database: any SQLDatabase
    private let clock: PersistenceClock
    private let timer: DatabaseTimer

    public init(
        database: any SQLDatabase, clock: @escaping PersistenceClock = Timestamp.now, timer: DatabaseTimer = .off
    ) {
        self.database = database
        self.clock = clock
        self.timer = timer
    }

    // MARK: Writing

    /// Writes a new version of the profile; see the type's documentation for `ifMatch`.
    ///
    /// - Parameters:
    ///   - document: JSON text of an object; the service has validated its content.
    ///   - ifMatch: the ETag (without quotes) the caller last saw; nil writes unconditionally.
    public func put(
        tenantID: String, name: String, document: String, description: String?, ifMatch: String? = nil,
        actor: AuditActor
    ) async throws -> ProfilePutResult {
        let timing = timer.begin(.profilesPut)
        defer { timing.end() }
        try Self.validate(name: name)
        try Self.validate(description: description)
        try Self.validate(document: document)
        let clock = self.clock
        return try await database.write { connection in
            try ApiKeyRepository.requireTenant(tenantID, on: connection)
            let existing = try Self.row(tenantID: tenantID, name: name, on: connection)
            let isLive = existing.map { $0.deletedAt == nil } ?? false
            if let ifMatch {
                let current = isLive ? existing?.currentETag : nil
                guard current == ifMatch else {
                    throw PersistenceError.preconditionFailed(
                        .profile, id: name, expectedETag: ifMatch, currentETag: current)
                }
            }
            let now = max(clock(), existing?.updatedAt ?? Timestamp(microsecondsSinceEpoch: .min))
            let profileID: Int64
            let version: Int
            if let existing {
                profileID = existing.id
                version = existing.currentVersion + 1
                try connection.execute(
                    "UPDATE profiles SET current_version = ?, updated_at = ?, deleted_at = NULL WHERE id = ?",
                    [version, now, profileID])
            } else {
                version = 1
                profileID =
                    try connection.fetchValue(
                        """
                        INSERT INTO profiles (tenant_id, name, current_version, created_at, updated_at)
                        VALUES (?, ?, 1, ?, ?) RETURNING id
                        """,
                        [tenantID, name, now, now], as: Int64.self) ?? 0
            }
            let etag = Self.etag(profileID: profileID, version: version, document: document, description: description)
            try connection.execute(
                """
                INSERT INTO profile_versions (profile_id, version, document, description, etag, created_at, created_by_key_id)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [profileID, version, document, description, etag, now, actor.keyID])
            try AuditLog.record(
                .profilePut, objectID: name, tenantID: tenantID, actor: actor, detail: "version \(version)", at: now,
                on: connection)
            let written = ProfileVersion(
                profileName: name, version: version, document: document, description: description, etag: etag,
                createdAt: now, createdBy: actor)
            return ProfilePutResult(version: written, created: !isLive)
        }
    }

    /// Soft-deletes the profile. Not found when it does not exist or is already deleted; with
    /// `ifMatch`, the current ETag must match. Returns the profile as it now stands.
    @discardableResult
    public func delete(tenantID: String, name: String, ifMatch: String? = nil, actor: AuditActor) async throws
        -> ProfileSummary
    {
        let timing = timer.begin(.profilesDelete)
        defer { timing.end() }
        let clock = self.clock
        return try await database.write { connection in
            guard let existing = try Self.row(tenantID: tenantID, name: name, on: connection),
                existing.deletedAt == nil
            else {
                throw PersistenceError.notFound(.profile, id: name)
            }
            if let ifMatch, ifMatch != existing.currentETag {
                throw PersistenceError.preconditionFailed(
                    .profile, id: name, expectedETag: ifMatch, currentETag: existing.currentETag)
            }
            let now = max(clock(), existing.updatedAt)
            try connection.execute(
                "UPDATE profiles SET deleted_at = ?, updated_at = ? WHERE id = ?", [now, now, existing.id])
            try AuditLog.record(
                .profileDelete, objectID: name, tenantID: tenantID, actor: actor,
                detail: "after version \(existing.currentVersion)", at: now, on: connection)
            return try Self.summary(tenantID: tenantID, name: name, on: connection)
        }
    }

    // MARK: Reading

    /// The current version of a live profile; a deleted profile is not found.
    public func current(tenantID: String, name: String) async throws -> ProfileVersion {
        let timing = timer.begin(.profilesCurrent)
        defer { timing.end() }
        return try await readCurrent(tenantID: tenantID, name: name)
    }

    /// Version `number` of the profile, deleted or not (history stays readable).
    public func version(_ number: Int, tenantID: String, name: String) async throws -> ProfileVersion {
        let timing = timer.begin(.profilesVersion)
        defer { timing.end() }
        return try await readVersion(number, tenantID: tenantID, name: name)
    }

    /// The profile a layout request names: version `number` when it gives one, else the current
    /// version (so a deleted profile is found only by its version).
    public func resolve(_ name: String, version number: Int?, tenantID: String) async throws -> ProfileVersion {
        let timing = timer.begin(.profile)
        defer { timing.end() }
        if let number { return try await readVersion(number, tenantID: tenantID, name: name) }
        return try await readCurrent(tenantID: tenantID, name: name)
    }

    private func readCurrent(tenantID: String, name: String) async throws -> ProfileVersion {
        try await database.read { connection in
            guard
                let version = try connection.fetchOne(
                    ProfileVersion.self,
                    """
                    SELECT \(ProfileVersion.columns) FROM profiles p
                    JOIN profile_versions v ON v.profile_id = p.id AND v.version = p.current_version
                    WHERE p.tenant_id = ? AND p.name = ? AND p.deleted_at IS NULL
                    """,
                    [tenantID, name])
            else {
                throw PersistenceError.notFound(.profile, id: name)
            }
            return version
        }
    }

    private func readVersion(_ number: Int, tenantID: String, name: String) async throws -> ProfileVersion {
        try await database.read { connection in
            guard
                let version = try connection.fetchOne(
                    ProfileVersion.self,
                    """
                    SELECT \(ProfileVersion.columns) FROM profiles p
                    JOIN profile_versions v ON v.profile_id = p.id
                    WHERE p.tenant_id = ? AND p.name = ? AND v.version = ?
                    """,
                    [tenantID, name, number])
            else {
                throw PersistenceError.notFound(.profileVersion, id: "\(name)/\(number)")
            }
            return version
        }
    }

    /// The profile's versions, newest first, deleted profile or not; not found when the tenant never
    /// had a profile of this name.
    public func versions(tenantID: String, name: String) async throws -> [ProfileVersionSummary] {
        let timing = timer.begin(.profilesVersions)
        defer { timing.end() }
        return try await database.read { connection in
            let versions = try connection.fetchAll(
                ProfileVersionSummary.self,
                """
                SELECT \(ProfileVersionSummary.columns) FROM profiles p
                JOIN profile_versions v ON v.profile_id = p.id
                WHERE p.tenant_id = ? AND p.name = ?
                ORDER BY v.version DESC
                """,
                [tenantID, name])
            guard !versions.isEmpty else { throw PersistenceError.notFound(.profile, id: name) }
            return versions
        }
    }

    /// The tenant's profiles by name; deleted ones only when asked for.
    public func list(tenantID: String, includeDeleted: Bool = false) async throws -> [ProfileSummary] {
        let timing = timer.begin(.profilesList)
        defer { timing.end() }
        return try await database.read { connection in
            try connection.fetchAll(
                ProfileSummary.self,
                """
                SELECT \(ProfileSummary.columns) FROM profiles p
                JOIN profile_versions v ON v.profile_id = p.id AND v.version = p.current_version
                WHERE p.tenant_id = ? AND (? OR p.deleted_at IS NULL)
                ORDER BY p.name
                """,
                [tenantID, includeDeleted])
        }
    }

    // MARK: Rows, ETags and validation

    private struct ProfileRow {
        var id: Int64
        var currentVersion: Int
        var currentETag: String
        var updatedAt: Timestamp
        var deletedAt: Timestamp?
    }

    private static func row(tenantID: String, name: String, on connection: any SQLConnection) throws -> ProfileRow? {
        try connection.fetchOne(
            """
            SELECT p.id, p.current_version, v.etag, p.updated_at, p.deleted_at FROM profiles p
            JOIN profile_versions v ON v.profile_id = p.id AND v.version = p.current_version
            WHERE p.tenant_id = ? AND p.name = ?
            """,
            [tenantID, name]
        ) { row in
            ProfileRow(
                id: try row.value(at: 0), currentVersion: try row.value(at: 1), currentETag: try row.value(at: 2),
                updatedAt: try row.value(at: 3), deletedAt: try row.value(at: 4))
        }
    }

    private static func summary(tenantID: String, name: String, on connection: any SQLConnection) throws
        -> ProfileSummary
    {
        guard
            let summary = try connection.fetchOne(
                ProfileSummary.self,
                """
                SELECT \(ProfileSummary.columns) FROM profiles p
                JOIN profile_versions v ON v.profile_id = p.id AND v.version = p.current_version
                WHERE p.tenant_id = ? AND p.name = ?
                """,
                [tenantID, name])
        else {
            throw PersistenceError.notFound(.profile, id: name)
        }
        return summary
    }

    /// A strong ETag unique to this version of this profile: the version number, then 96 bits of
    /// the SHA-256 of the profile's row id, the version and the content. Including the row id and
    /// version keeps two versions with equal content (or equal profiles of two tenants) apart.
    static func etag(profileID: Int64, version: Int, document: String, description: String?) -> String {
        let material = "\(profileID)\n\(version)\n\(description ?? "")\n\(document)"
        return "\(version)-" + SHA256.hexDigest(material.utf8).prefix(24)
    }

    static func validate(name: String) throws {
        try StoredText.check(
            name, field: "name", what: "a profile name", kind: .name(forbidden: ["/"]), maximumLength: maximumNameLength
        )
    }

    /// The longest description a profile keeps, in characters.
    public static let maximumDescriptionLength = 2_000

    static func validate(description: String?) throws {
        guard let description else { return }
        try StoredText.check(
            description, field: "description", what: "a profile description", kind: .description,
            maximumLength: maximumDescriptionLength)
    }

    static func validate(document: String) throws {
        guard case .object? = try? JSONParser().parse(document) else {
            throw PersistenceError.invalidValue(field: "document", reason: "a profile document is a JSON object")
        }
    }
}
