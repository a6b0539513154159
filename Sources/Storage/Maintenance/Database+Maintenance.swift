extension Database {
    /// Throws `MaintenanceError.integrityCheckFailed` when `check` finds the database damaged.
    public func requireIntegrity(_ check: IntegrityCheck = .quick) async throws {
        let problems = try await read { try $0.integrityProblems(check) }
        guard problems.isEmpty else {
            throw MaintenanceError.integrity(path: location.description, check: check, problems: problems)
        }
    }

    /// Puts the database in incremental auto-vacuum mode (see
    /// `Connection.useIncrementalAutoVacuum`); true when that took a VACUUM of the whole file.
    @discardableResult
    public func useIncrementalAutoVacuum() async throws -> Bool {
        try await writeWithoutTransaction { try $0.useIncrementalAutoVacuum() }
    }

    /// Hands the free pages back to the file system; returns how many. The file shrinks when the
    /// write-ahead log is next checkpointed.
    @discardableResult
    public func incrementalVacuum() async throws -> Int {
        try await writeWithoutTransaction { try $0.incrementalVacuum() }
    }
}
