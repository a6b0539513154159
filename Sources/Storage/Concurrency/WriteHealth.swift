import Synchronization

/// Whether transactional writes commit: set by a write that fails with a storage fault, cleared by
/// the next write that commits. Readiness checks read it; writes update it.
final class WriteHealth: Sendable {
    private let failure = Mutex<WriteFailure?>(nil)
    /// Mirrors `failure != nil`, so that a committed write on a healthy database (the usual case)
    /// reads one atomic instead of taking the lock.
    private let isFailing = Atomic<Bool>(false)

    var current: WriteFailure? {
        guard isFailing.load(ordering: .acquiring) else { return nil }
        return failure.withLock { $0 }
    }

    func recordCommitted() {
        guard isFailing.load(ordering: .acquiring) else { return }
        failure.withLock { failure in
            failure = nil
            isFailing.store(false, ordering: .releasing)
        }
    }

    /// Records `error` when it is a storage fault; any other error says nothing about the medium.
    func recordFailed(_ error: any Error) {
        guard let error = error as? DatabaseError, let fault = error.storageFault else { return }
        failure.withLock { failure in
            failure = WriteFailure(
                fault: fault, latestError: error, failedWrites: (failure?.failedWrites ?? 0) + 1)
            isFailing.store(true, ordering: .releasing)
        }
    }
}
