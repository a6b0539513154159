/// A backup, a restore or a start-up check that refused to go on, saying why in words an operator
/// can act on.
public enum MaintenanceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output file exists; a backup never overwrites anything.
    case destinationExists(path: String)
    /// There is no database file where one was named.
    case databaseMissing(path: String)
    /// `PRAGMA integrity_check` or `quick_check` found problems (the first few are kept).
    case integrityCheckFailed(path: String, check: IntegrityCheck, problems: [String])
    /// The file records no applied migration, so it is not a database of this program.
    case noMigrationsRecorded(path: String)
    /// The backup's migrations do not match this binary's: written by a newer binary, or by one
    /// whose migrations changed.
    case incompatibleMigrations(path: String, problems: [MigrationError])
    /// Another connection (most likely a running service) has the database open.
    case databaseInUse(path: String)

    public var description: String {
        switch self {
        case .destinationExists(let path):
            return "\(path) exists; a backup never overwrites a file, name a new one"
        case .databaseMissing(let path):
            return "there is no database at \(path)"
        case .integrityCheckFailed(let path, let check, let problems):
            let shown = problems.prefix(5).joined(separator: "; ")
            let more = problems.count > 5 ? " (and \(problems.count - 5) more)" : ""
            return "\(path) fails PRAGMA \(check.pragma): \(shown)\(more)"
        case .noMigrationsRecorded(let path):
            return "\(path) records no schema migrations; it is not a navlayout database"
        case .incompatibleMigrations(let path, let problems):
            return "\(path) does not match this binary's migrations: "
                + problems.map(String.init(describing:)).joined(separator: "; ")
        case .databaseInUse(let path):
            return "\(path) is open in another process (stop the service first)"
        }
    }

    /// Keeps the first problems only: a badly damaged file reports thousands.
    public static func integrity(path: String, check: IntegrityCheck, problems: [String]) -> MaintenanceError {
        .integrityCheckFailed(path: path, check: check, problems: Array(problems.prefix(20)))
    }
}
