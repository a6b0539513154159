/// One write closure waiting for the writer, type-erased so writes of any result type share a queue.
struct WriteJob: Sendable {
    enum Kind: Sendable, Equatable {
        case grouped
        case individual
        case withoutTransaction
    }

    let kind: Kind
    /// Runs the caller's closure on the writer connection and says how it went.
    let run: @Sendable (Connection) -> WriteOutcome
    /// Fails the caller without running its closure (the transaction could not even begin).
    let fail: @Sendable (any Error) -> Void

    /// A job that resumes `continuation` once its fate is known.
    init<T: Sendable>(
        kind: Kind,
        body: @escaping @Sendable (Connection) throws -> T,
        continuation: CheckedContinuation<T, any Error>
    ) {
        self.kind = kind
        self.run = { connection in
            do {
                let value = try body(connection)
                return WriteOutcome(failure: nil) { transactionError in
                    if let transactionError {
                        continuation.resume(throwing: transactionError)
                    } else {
                        continuation.resume(returning: value)
                    }
                }
            } catch {
                return WriteOutcome(failure: error) { _ in continuation.resume(throwing: error) }
            }
        }
        self.fail = { error in continuation.resume(throwing: error) }
    }
}

/// What a write closure did, and how to tell its caller once the transaction is over.
struct WriteOutcome: Sendable {
    /// What the closure threw, nil when it returned; the caller then gets the closure's own error.
    let failure: (any Error)?
    /// Resumes the caller, exactly once: with nil when the transaction holding the write committed,
    /// with the error that prevented the commit otherwise. Ignored when the closure failed.
    let acknowledge: @Sendable ((any Error)?) -> Void

    var succeeded: Bool { failure == nil }
}
