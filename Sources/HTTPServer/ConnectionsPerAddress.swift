import Synchronization

/// The open connections of each client address, across every event loop, so that one address
/// cannot hold every connection slot (as nginx's `limit_conn` does). Touched once when a connection
/// is accepted and once when it closes, never per request.
final class ConnectionsPerAddress: Sendable {
    private let counts = Mutex<[UInt32: Int]>([:])

    /// Counts one more connection from `address` unless it already holds `limit`; false refuses it.
    func admit(_ address: UInt32, limit: Int) -> Bool {
        counts.withLock { counts in
            let open = counts[address, default: 0]
            guard open < limit else { return false }
            counts[address] = open + 1
            return true
        }
    }

    func release(_ address: UInt32) {
        counts.withLock { counts in
            guard let open = counts[address] else { return }
            counts[address] = open > 1 ? open - 1 : nil
        }
    }
}
