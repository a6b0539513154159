import Dispatch
import Synchronization

/// A connection with one owner: every access runs on one serial dispatch queue.
///
/// The queue is what keeps blocking SQLite work off Swift's cooperative thread pool: a queue created
/// here runs on Dispatch's own worker threads, so an `fsync` at COMMIT or a busy wait stalls one of
/// those, never an executor thread that other tasks need. The mutex around the connection is never
/// contended (only the queue takes it); it is there so the compiler can prove the connection is
/// reached from one thread at a time instead of being told so.
final class SerializedConnection: Sendable {
    private let queue: DispatchQueue
    private let connection: Mutex<Connection>

    init(label: String, connection: sending Connection) {
        self.queue = DispatchQueue(label: label, qos: .userInitiated)
        self.connection = Mutex(connection)
    }

    /// Runs `body` with the connection on the queue and resumes the caller with its result.
    func run<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                let result = Result { try self.connection.withLock { try body($0) } }
                continuation.resume(with: result)
            }
        }
    }

    /// Schedules `body` on the queue without waiting for it.
    func schedule(_ body: @escaping @Sendable (Connection) -> Void) {
        queue.async {
            self.connection.withLock { body($0) }
        }
    }
}
