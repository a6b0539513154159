import Synchronization

/// A fixed set of read-only connections. A read borrows a free one, or waits (as a suspended task,
/// not a blocked thread) until one is returned.
final class ReaderPool: Sendable {
    private struct State {
        var free: [Int]
        var waiters: [CheckedContinuation<Int, Never>] = []
    }

    private let readers: [SerializedConnection]
    private let state: Mutex<State>

    init(readers: [SerializedConnection]) {
        self.readers = readers
        // Popping from the end hands out reader 0 first.
        self.state = Mutex(State(free: Array(readers.indices.reversed())))
    }

    /// Runs `body` on a free reader inside a deferred transaction, so every statement of the body
    /// reads the same snapshot of the database.
    func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        let index = await acquire()
        defer { release(index) }
        return try await readers[index].run { connection in
            try connection.transaction(.deferred, body)
        }
    }

    private func acquire() async -> Int {
        if let index = state.withLock({ $0.free.popLast() }) {
            return index
        }
        return await withCheckedContinuation { continuation in
            // Checked again under the lock: a reader may have come back since the first look.
            let index = state.withLock { state -> Int? in
                if let index = state.free.popLast() { return index }
                state.waiters.append(continuation)
                return nil
            }
            if let index {
                continuation.resume(returning: index)
            }
        }
    }

    private func release(_ index: Int) {
        // First come, first served: the oldest waiter gets the reader directly.
        let waiter = state.withLock { state -> CheckedContinuation<Int, Never>? in
            if state.waiters.isEmpty {
                state.free.append(index)
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.resume(returning: index)
    }
}
