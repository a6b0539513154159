import CSQLite

/// How hard a checkpoint tries (SQLite's `SQLITE_CHECKPOINT_*` modes).
public enum CheckpointMode: Sendable, Hashable {
    /// Copies what it can without waiting for readers or the writer; never blocks them.
    case passive
    /// Waits for the writer, then copies everything readers allow.
    case full
    /// As `full`, then waits for readers so the next writer starts the log from the beginning.
    case restart

    var sqliteMode: Int32 {
        switch self {
        case .passive: SQLITE_CHECKPOINT_PASSIVE
        case .full: SQLITE_CHECKPOINT_FULL
        case .restart: SQLITE_CHECKPOINT_RESTART
        }
    }
}

/// What one checkpoint found and did.
public struct CheckpointResult: Sendable, Hashable {
    /// Frames in the write-ahead log.
    public var logFrames: Int
    /// Frames of the log now copied back into the database file.
    public var checkpointedFrames: Int
}

/// The box SQLite's WAL hook reaches through its context pointer.
final class CommitToLogHandler {
    let handle: (Int) -> Void

    init(_ handle: @escaping (Int) -> Void) {
        self.handle = handle
    }
}

extension Connection {
    /// Copies committed pages from the write-ahead log back into the database file.
    public func checkpoint(_ mode: CheckpointMode = .passive) throws -> CheckpointResult {
        var logFrames: Int32 = 0
        var checkpointedFrames: Int32 = 0
        let code = sqlite3_wal_checkpoint_v2(handle, nil, mode.sqliteMode, &logFrames, &checkpointedFrames)
        guard code == SQLITE_OK else {
            throw DatabaseError(code: code, connection: handle, sql: "checkpoint")
        }
        return CheckpointResult(logFrames: Int(logFrames), checkpointedFrames: Int(checkpointedFrames))
    }

    /// Calls `handler` after every commit this connection makes to a write-ahead log, with the
    /// number of frames the log then holds, on the thread that committed.
    ///
    /// This replaces SQLite's automatic checkpoint on this connection (both are the same hook),
    /// which otherwise runs inside the COMMIT that crosses 1000 frames and holds the writer up
    /// while it copies them.
    func onCommitToLog(_ handler: @escaping (Int) -> Void) {
        let box = CommitToLogHandler(handler)
        commitToLogHandler = box
        sqlite3_wal_hook(
            handle,
            { context, _, _, frames in
                guard let context else { return SQLITE_OK }
                Unmanaged<CommitToLogHandler>.fromOpaque(context).takeUnretainedValue().handle(Int(frames))
                return SQLITE_OK
            },
            Unmanaged.passUnretained(box).toOpaque())
    }
}
