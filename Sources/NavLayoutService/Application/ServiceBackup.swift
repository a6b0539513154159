import Foundation
import HTTPServer
import Storage

/// A backup the service writes on request: into its backup folder, under a name it makes from the
/// time, checked with `PRAGMA integrity_check` before it is reported.
struct ServiceBackup {
    let environment: ServiceEnvironment

    struct Written {
        /// The file name inside the backup folder.
        var name: String
        var report: BackupReport
    }

    /// Backups of an in-memory database have no folder to go to.
    struct NoFolder: HTTPResponseError {
        var status: HTTPStatus { .conflict }
        var problem: ProblemDetails {
            ProblemDetails(
                title: status.reasonPhrase, status: status.code,
                detail: "the database is in memory and no backup directory is configured (--backup-directory)")
        }
    }

    /// A PostgreSQL database is backed up by its cluster's own tools, which copy every replica's
    /// data consistently; this service copies only the SQLite file it holds.
    struct NotSQLite: HTTPResponseError {
        var status: HTTPStatus { .conflict }
        var problem: ProblemDetails {
            ProblemDetails(
                title: status.reasonPhrase, status: status.code,
                detail: "the data is in PostgreSQL: back it up with the cluster's tools (pg_basebackup, pg_dump)")
        }
    }

    func write() async throws -> Written {
        guard let database = environment.repositories.sqlite else { throw NotSQLite() }
        guard let folder = environment.backupDirectory else { throw NoFolder() }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var attempt = 0
        while true {
            // Microseconds in the name keep backups apart; a clash (two at once) takes a suffix.
            let stamp = Timestamp.now().iso8601.filter { $0 != "-" && $0 != ":" }
            let name = "navlayout-\(stamp)" + (attempt == 0 ? "" : "-\(attempt)") + ".sqlite"
            let path = folder + "/" + name
            do {
                let report = try await database.backup(to: path)
                let problems = try await Self.integrityProblems(of: path)
                guard problems.isEmpty else {
                    throw MaintenanceError.integrity(path: path, check: .full, problems: problems)
                }
                return Written(name: name, report: report)
            } catch MaintenanceError.destinationExists where attempt < 9 {
                attempt += 1
            }
        }
    }

    /// The check reads the whole copy; it runs on a dispatch thread, off the cooperative pool.
    private static func integrityProblems(of path: String) async throws -> [String] {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(with: Result { try DatabaseBackup.integrityProblems(of: path) })
            }
        }
    }
}
