import Synchronization

/// Copies the write-ahead log back into the database file on a connection of its own, so that the
/// writer never stops to do it.
///
/// SQLite's automatic checkpoint runs inside the COMMIT that takes the log past 1000 frames: that
/// writer, and every write queued behind it, waits while a thousand pages are copied and the file
/// synced. Here the writer only reports the log's size after each commit (`writerCommitted`); past
/// `thresholdFrames` a passive checkpoint is scheduled on this connection's queue, which copies what
/// readers allow without blocking the writer or the readers.
///
/// A passive checkpoint cannot finish while the writer keeps appending, and the log only starts over
/// once a checkpoint caught up with it. Under sustained writes the log would grow without end, so
/// past `catchUpFrames` the writer checkpoints inline itself, as SQLite would have: by then the
/// background checkpoints have copied most of the log, and what is left is short.
final class BackgroundCheckpointer: Sendable {
    private struct State {
        var isScheduled = false
        var completed = 0
        var failed = 0
    }

    private enum Outcome {
        case completed
        /// The writer was checkpointing itself (catching up): only one checkpoint runs at a time.
        case yielded
        case failed
    }

    private let connection: SerializedConnection
    let thresholdFrames: Int
    let catchUpFrames: Int
    private let state = Mutex(State())

    init(connection: sending Connection, label: String, thresholdFrames: Int) {
        self.connection = SerializedConnection(label: label, connection: connection)
        self.thresholdFrames = max(1, thresholdFrames)
        self.catchUpFrames = 4 * self.thresholdFrames
    }

    /// Called by the writer, on its own thread, after each commit: `writer` is its connection and
    /// `logFrames` the frames its log now holds.
    func writerCommitted(logFrames: Int, on writer: Connection) {
        if logFrames >= catchUpFrames {
            // A failure leaves the log as it was; the next commit tries again.
            _ = try? writer.checkpoint(.passive)
            return
        }
        guard logFrames >= thresholdFrames else { return }
        let schedules = state.withLock { state -> Bool in
            if state.isScheduled { return false }
            state.isScheduled = true
            return true
        }
        guard schedules else { return }
        connection.schedule { connection in
            let outcome: Outcome
            do {
                _ = try connection.checkpoint(.passive)
                outcome = .completed
            } catch DatabaseError.busy {
                outcome = .yielded
            } catch {
                outcome = .failed
            }
            self.state.withLock { state in
                state.isScheduled = false
                switch outcome {
                case .completed: state.completed += 1
                case .yielded: break
                case .failed: state.failed += 1
                }
            }
        }
    }

    /// Checkpoints finished on the background connection, and those that failed (retried after the
    /// next commit past the threshold). One that found the writer checkpointing is neither.
    var counts: (completed: Int, failed: Int) {
        state.withLock { ($0.completed, $0.failed) }
    }
}
