import Foundation
import JSON
import Storage

/// Moves one tenant between databases as JSON lines (`TenantArchiveRecord`): everything it owns
/// but its keys' secrets, which are never stored.
///
/// An import writes the tenant, its keys, its profile versions and its layouts with their ids and
/// times as exported, in one transaction: all of it or nothing. A key cannot work without its
/// secret, so each key is recorded as revoked (at the import, unless it was revoked before) under a
/// random digest that no secret matches; it stays for the records that name it (profile versions,
/// audit), and the administrator issues new keys. The audit log is not carried: the import records
/// one `tenant.create` event saying what it brought. Device matrices are not carried either.
public struct TenantArchiveRepository: Sendable {
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

    // MARK: Export

    /// The tenant named `name` as JSON lines, one record per line, each line ending in a line feed.
    /// Read in one snapshot, so the archive is consistent while writes go on.
    public func export(tenantName name: String) async throws -> [UInt8] {
        let records = try await self.records(tenantName: name)
        var bytes: [UInt8] = []
        let writer = JSONWriter()
        for record in records {
            bytes += writer.bytes(for: record.json)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// The tenant's records in archive order: the tenant; its keys by creation; its profiles by
    /// name, each followed by its versions in order; its layouts oldest first.
    public func records(tenantName name: String) async throws -> [TenantArchiveRecord] {
        let timing = timer.begin(.tenantsExport)
        defer { timing.end() }
        return try await database.read { connection in
            guard
                let tenant = try connection.fetchOne(
                    Tenant.self, "SELECT \(Tenant.columns) FROM tenants WHERE name = ?", [name])
            else {
                throw PersistenceError.notFound(.tenant, id: name)
            }
            var records: [TenantArchiveRecord] = [.tenant(tenant)]
            records += try connection.fetchAll(
                ApiKey.self, "SELECT \(ApiKey.columns) FROM api_keys WHERE tenant_id = ? ORDER BY created_at, id",
                [tenant.id]
            ).map {
                .apiKey(
                    .init(
                        id: $0.id, prefix: $0.prefix, createdAt: $0.createdAt, rotatedAt: $0.rotatedAt,
                        revokedAt: $0.revokedAt))
            }
            let profiles = try connection.fetchAll(
                "SELECT id, name, created_at, updated_at, deleted_at FROM profiles WHERE tenant_id = ? ORDER BY name",
                [tenant.id]
            ) { row in
                (
                    id: try row.value(at: 0, as: Int64.self),
                    profile: TenantArchiveRecord.ArchivedProfile(
                        name: try row.value(at: 1), createdAt: try row.value(at: 2), updatedAt: try row.value(at: 3),
                        deletedAt: try row.value(at: 4))
                )
            }
            for (id, profile) in profiles {
                records.append(.profile(profile))
                records += try connection.fetchAll(
                    """
                    SELECT version, document, description, etag, created_at, created_by_key_id
                    FROM profile_versions WHERE profile_id = ? ORDER BY version
                    """,
                    [id]
                ) { row in
                    .profileVersion(
                        .init(
                            profile: profile.name, version: try row.value(at: 0), document: try row.value(at: 1),
                            description: try row.value(at: 2), etag: try row.value(at: 3),
                            createdAt: try row.value(at: 4), createdByKeyID: try row.value(at: 5)))
                }
            }
            records += try connection.fetchAll(
                "SELECT \(StoredLayout.columns), device, codes FROM layouts WHERE tenant_id = ? ORDER BY created_at, id",
                [tenant.id]
            ) { row -> TenantArchiveRecord in
                let stored = try StoredLayout(row: row)
                return .layout(
                    .init(
                        summary: stored.summary, requestJSON: stored.requestJSON, resultJSON: stored.resultJSON,
                        device: try row.value(at: 9),
                        codes: NewLayoutRecord.codes(stored: try row.value(at: 10, as: String.self))))
            }
            return records
        }
    }

    // MARK: Import

    /// What an import wrote.
    public struct ImportReport: Sendable, Hashable {
        public var tenant: Tenant
        /// Keys recorded, all revoked: their secrets are not in an archive.
        public var revokedKeys: Int
        public var profiles: Int
        public var profileVersions: Int
        public var layouts: Int
    }

    /// Checks every line of `archive`, then writes the tenant and everything it owns in one
    /// transaction. Every problem is a `TenantArchiveError` naming its line (and field); nothing is
    /// written then.
    public func importArchive(_ archive: [UInt8]) async throws -> ImportReport {
        let timing = timer.begin(.tenantsImport)
        defer { timing.end() }
        let plan = try TenantImportPlan(archive: archive)
        let clock = self.clock
        return try await database.write(.individual) { connection in
            try plan.write(on: connection, at: clock())
        }
    }
}
