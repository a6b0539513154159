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

extension MigrationStatus: CustomStringConvertible {
    /// One line per migration, by id, then a verdict: the text of a dry run.
    ///
    ///     applied  0001 create_notes  2026-11-30T10:00:00.000Z
    ///     pending  0002 create_tags
    ///     2 migration(s), 1 pending
    public var description: String {
        func number(_ id: Int) -> String {
            let digits = String(id)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
        var entries: [(id: Int, line: String)] = []
        entries += applied.map { ($0.id, "applied  \(number($0.id)) \($0.name)  \($0.appliedAt)") }
        entries += pending.map { ($0.id, "pending  \(number($0.id)) \($0.name)") }
        entries += changed.map {
            (
                $0.file.id,
                "CHANGED  \(number($0.file.id)) \($0.applied.name)  applied with checksum \($0.applied.checksum), "
                    + "\($0.file.fileName) has \($0.file.checksum)"
            )
        }
        entries += unknown.map { ($0.id, "UNKNOWN  \(number($0.id)) \($0.name)  applied \($0.appliedAt), no file") }
        // Sorted by id, then text, so the listing never depends on the order of the groups above.
        var lines = entries.sorted { ($0.id, $0.line) < ($1.id, $1.line) }.map(\.line)
        let total = applied.count + pending.count + changed.count + unknown.count
        if !problems.isEmpty {
            lines.append("\(total) migration(s); refusing to migrate: \(problems.count) problem(s)")
            lines += problems.map { "  \($0)" }
        } else if pending.isEmpty {
            lines.append("\(total) migration(s), up to date")
        } else {
            lines.append("\(total) migration(s), \(pending.count) pending")
        }
        return lines.joined(separator: "\n")
    }
}

/// An applied migration whose file changed since.
public struct ChangedMigration: Sendable, Equatable {
    /// What the database recorded.
    public let applied: AppliedMigration
    /// What the file holds now.
    public let file: Migration
}
