import Synchronization

/// Recently authenticated API keys, so that a busy client's every request does not need a database
/// read (a thread hop) just to learn its tenant.
///
/// Entries are found by the key's public prefix and hold the stored hash, which is still compared
/// with the presented token's hash in constant time: the cache changes where the hash comes from,
/// not how it is checked. Only successful authentications are cached.
///
/// Freshness: `ApiKeyRepository` removes a key's entry when it rotates or revokes the key through
/// a repository that shares this cache, so within one process a revoked key stops working at
/// once. A change made by another process is seen after at most `timeToLive`.
public final class AuthenticationCache: Sendable {
    struct Entry {
        var digest: [UInt8]
        var key: AuthenticatedKey
        var expires: ContinuousClock.Instant
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Counts removals. A database read that started before a removal may have seen the key
        /// still valid; its result must not be cached, or a revoked key would live on for
        /// `timeToLive`. Readers note the generation before reading and store only if unchanged.
        var generation: UInt64 = 0
    }

    public let timeToLive: Duration
    /// The longest an entry is trusted when other processes share the database (PostgreSQL
    /// replicas): under a second, so a key revoked through one is refused by all within one.
    public static let replicatedTimeToLive: Duration = .milliseconds(500)
    public let capacity: Int
    private let state = Mutex(State())

    /// - Parameters:
    ///   - timeToLive: how long an entry is trusted without asking the database again.
    ///   - capacity: the most keys kept; when full, the cache is emptied (keys are few per
    ///     deployment, so this only guards memory against a flood of distinct valid keys).
    public init(timeToLive: Duration = .seconds(5), capacity: Int = 10_000) {
        self.timeToLive = timeToLive
        self.capacity = max(1, capacity)
    }

    /// The key for a token of this prefix and digest, if a fresh entry matches it.
    func lookup(prefix: String, digest: [UInt8]) -> AuthenticatedKey? {
        let now = ContinuousClock.now
        let entry = state.withLock { state -> Entry? in
            guard let entry = state.entries[prefix] else { return nil }
            if entry.expires <= now {
                state.entries[prefix] = nil
                return nil
            }
            return entry
        }
        guard let entry, SecretDigest.constantTimeEquals(entry.digest, digest) else { return nil }
        return entry.key
    }

    /// The current generation, read before a database lookup whose result may be stored.
    var generation: UInt64 {
        state.withLock { $0.generation }
    }

    /// Remembers a successful authentication, unless a key was rotated or revoked since
    /// `generation` was read.
    func store(prefix: String, digest: [UInt8], key: AuthenticatedKey, readAtGeneration generation: UInt64) {
        let entry = Entry(digest: digest, key: key, expires: ContinuousClock.now + timeToLive)
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.entries.count >= capacity, state.entries[prefix] == nil {
                state.entries.removeAll(keepingCapacity: true)
            }
            state.entries[prefix] = entry
        }
    }

    /// Forgets the entry of a key's prefix (on rotation or revocation).
    func remove(prefix: String) {
        state.withLock { state in
            state.generation &+= 1
            state.entries[prefix] = nil
        }
    }

    /// The number of entries held, expired ones included.
    public var count: Int {
        state.withLock { $0.entries.count }
    }
}
