/// Where a database stands against the migrations the migrator knows: the dry run of `migrate`.
public struct MigrationStatus: Sendable, Equatable {
    /// Recorded in the database and matching their files, by id.
    public let applied: [AppliedMigration]
    /// Known but not recorded, in the order `migrate` would apply them.
    public let pending: [Migration]
    /// Recorded with another name or checksum than their files have now, by id.
    public let changed: [ChangedMigration]
    /// Recorded in the database with no file for them, by id.
    public let unknown: [AppliedMigration]

    /// Whether there is nothing to apply and nothing wrong.
    public var isUpToDate: Bool {
        pending.isEmpty && problems.isEmpty
    }

    /// Everything that makes `migrate` refuse to run, most serious first.
    public var problems: [MigrationError] {
        var problems: [MigrationError] = unknown.map {
            .unknownAppliedMigration(id: $0.id, name: $0.name)
        }
        problems += changed.map {
            .changedAppliedMigration(
                id: $0.file.id, recordedName: $0.applied.name, recordedChecksum: $0.applied.checksum,
                fileName: $0.file.fileName, fileChecksum: $0.file.checksum)
        }
        let lastAppliedID = (applied + changed.map(\.applied)).map(\.id).max() ?? 0
        if let firstPending = pending.first, firstPending.id < lastAppliedID {
            problems.append(.pendingBeforeApplied(id: firstPending.id, lastAppliedID: lastAppliedID))
        }
        return problems
    }
}

/// An applied migration whose file changed since.
public struct ChangedMigration: Sendable, Equatable {
    /// What the database recorded.
    public let applied: AppliedMigration
    /// What the file holds now.
    public let file: Migration
}
