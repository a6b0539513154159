import Synchronization

/// Whether transactional writes commit: set by a write that fails with a storage fault, cleared by
/// the next write that commits. Readiness checks read it; writes update it.
public final class WriteHealth: Sendable {
    private let failure = Mutex<WriteFailure?>(nil)
    /// Mirrors `failure != nil`, so that a committed write on a healthy database (the usual case)
    /// reads one atomic instead of taking the lock.
    private let isFailing = Atomic<Bool>(false)

    public init() {}

    public var current: WriteFailure? {
        guard isFailing.load(ordering: .acquiring) else { return nil }
        return failure.withLock { $0 }
    }

    public func recordCommitted() {
        guard isFailing.load(ordering: .acquiring) else { return }
        failure.withLock { failure in
            failure = nil
            isFailing.store(false, ordering: .releasing)
        }
    }

    /// Records `error` when it is a storage fault; any other error says nothing about the medium.
    public func recordFailed(_ error: any Error) {
        guard let (fault, code) = StorageFault.of(error) else { return }
        failure.withLock { failure in
            failure = WriteFailure(fault: fault, code: code, failedWrites: (failure?.failedWrites ?? 0) + 1)
            isFailing.store(true, ordering: .releasing)
        }
    }
}
