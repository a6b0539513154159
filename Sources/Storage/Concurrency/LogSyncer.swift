import CSQLite
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Makes committed writes durable off the writer's thread: the writer commits without syncing the
/// write-ahead log (`synchronous = NORMAL`), hands the commit's acknowledgements here, and goes on
/// with the next group; this syncs the log file and only then acknowledges. A write is therefore
/// acknowledged only after an `fdatasync` of the log that began after its COMMIT returned, which
/// is the guarantee of `synchronous = FULL`, while the writer no longer waits for the disk: one
/// sync covers every group committed before it started, and the next group's inserts overlap it.
///
/// Other connections may read a committed write before it is acknowledged (as in SQLite's own
/// NORMAL mode); what is promised is that an acknowledged write survives a power loss.
///
/// Syncing through a descriptor of our own is enough because `fdatasync` flushes the file, not the
/// descriptor. SQLite keeps one log file while any connection of the process is open (a restart
/// rewrites it in place), and the descriptor is checked against the path before each sync in case
/// the file was replaced.
final class LogSyncer: Sendable {
    private struct State {
        var waiting: [@Sendable ((any Error)?) -> Void] = []
        var isSyncing = false
        var syncs = 0
    }

    let logPath: String
    private let queue = DispatchQueue(label: "navlayout.storage.logsync", qos: .userInitiated)
    private let state = Mutex(State())
    /// Only the sync queue uses it; the mutex lets the compiler see that.
    private let descriptor = Mutex<Int32>(-1)

    init(databasePath: String) {
        logPath = databasePath + "-wal"
    }

    deinit {
        descriptor.withLock { if $0 >= 0 { close($0) } }
    }

    /// Runs `acknowledge` once everything written to the log so far is on disk (with nil), or with
    /// the error that kept it from getting there. Call it after a COMMIT returned.
    func afterSync(_ acknowledge: @escaping @Sendable ((any Error)?) -> Void) {
        let starts = state.withLock { state -> Bool in
            state.waiting.append(acknowledge)
            if state.isSyncing { return false }
            state.isSyncing = true
            return true
        }
        if starts { queue.async { self.drain() } }
    }

    /// Log syncs done so far.
    var syncCount: Int {
        state.withLock { $0.syncs }
    }

    private func drain() {
        while true {
            let taken = state.withLock { state -> [@Sendable ((any Error)?) -> Void] in
                let taken = state.waiting
                state.waiting.removeAll(keepingCapacity: true)
                if taken.isEmpty { state.isSyncing = false }
                return taken
            }
            if taken.isEmpty { return }
            // Everything in `taken` committed before it was queued, so before this sync starts.
            let error = syncLog()
            state.withLock { $0.syncs += 1 }
            for acknowledge in taken { acknowledge(error) }
        }
    }

    /// Syncs the log file; nil on success.
    private func syncLog() -> (any Error)? {
        descriptor.withLock { descriptor -> (any Error)? in
            var onDisk = stat()
            guard stat(logPath, &onDisk) == 0 else { return failure("cannot find the write-ahead log") }
            var opened = stat()
            if descriptor < 0 || fstat(descriptor, &opened) != 0 || opened.st_ino != onDisk.st_ino
                || opened.st_dev != onDisk.st_dev
            {
                if descriptor >= 0 { close(descriptor) }
                descriptor = open(logPath, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { return failure("cannot open the write-ahead log") }
            }
            guard fdatasync(descriptor) == 0 else { return failure("cannot sync the write-ahead log") }
            return nil
        }
    }

    private func failure(_ what: String) -> DatabaseError {
        let number = errno
        return DatabaseError(
            extendedResultCode: SQLITE_IOERR | (4 << 8),  // SQLITE_IOERR_FSYNC, a macro Swift does not import
            message: "\(what) at \(logPath): \(String(cString: strerror(number))) (errno \(number))")
    }
}
