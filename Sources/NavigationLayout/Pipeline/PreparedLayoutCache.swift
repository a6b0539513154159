// Hot: measured by the `served` and `builtin-served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile served`); changes here are checked by scripts/check-budgets.sh.

import JSON
import Synchronization

/// Prepared layouts (plan, parsed rules, solver) kept between requests, keyed by everything of a
/// request but the screen's geometry (`PreparedLayoutKey`): the same delegate or profile solved again,
/// on the same screen or another of its width class, skips decoding, planning and parsing: only its
/// screen is decoded, and the layout re-solves with the screen as edit variables, as the device matrix
/// does for its cells. `PreparedLayout.solve(screen:)` re-plans by itself whenever the screen calls for
/// it, so a cached layout answers exactly what a fresh decode and solve answer (the tests compare the
/// two, requests included).
///
/// A prepared layout is taken out of the cache while it solves (it is mutable), so concurrent
/// requests for the same key each get their own; at most `instancesPerKey` wait per key, and the
/// least recently used key goes first once `capacity` keys are held.
final class PreparedLayoutCache: Sendable {
    /// The instances waiting under one key. A reference, so that a request hands its instance back
    /// to the entry it took it from without finding the key again (comparing two documents); an
    /// entry evicted meanwhile simply drops it.
    ///
    /// `@unchecked Sendable`: its stored properties are read and written only inside `state.withLock`,
    /// so the lock serialises every access even though the reference itself leaves the lock.
    fileprivate final class Entry: @unchecked Sendable {
        var instances: [Instance]
        var lastUse: UInt64
        /// Set when the entry leaves the cache, so that an instance taken out before does not come
        /// back into a detached entry (where its bytes would be counted but never freed).
        var evicted = false

        init(instances: [Instance], lastUse: UInt64) {
            self.instances = instances
            self.lastUse = lastUse
        }
    }

    /// One prepared layout, boxed: a `PreparedLayout` holds dozens of references (its session, solver
    /// and plan), and handing the bare value in and out of the cache would retain and release every
    /// one of them each time.
    ///
    /// `@unchecked Sendable`: an instance is used by one request at a time. It is reachable only
    /// from its entry while it waits, and a request takes it out (under the cache's lock) before
    /// touching it and puts it back (under the lock) when done, so the lock orders every use.
    final class Instance: @unchecked Sendable {
        var layout: PreparedLayout
        /// What the instance is counted as against `maximumBytes`, estimated when it is built and
        /// again when it comes back (solving another screen class may have kept another session).
        var bytes: Int

        init(_ layout: PreparedLayout) {
            self.layout = layout
            bytes = layout.estimatedBytes
        }
    }

    private struct State {
        var entries: [PreparedLayoutKey: Entry] = [:]  // lookups only; eviction picks by lastUse
        var clock: UInt64 = 0
        /// The estimated bytes of the instances waiting in entries (not those taken out).
        var bytes = 0
    }

    let capacity: Int
    /// The estimated bytes the waiting instances may hold together; least recently used keys go
    /// first past it, and a layout larger than all of it is not kept at all.
    let maximumBytes: Int
    let instancesPerKey: Int
    private let state = Mutex(State())

    init(capacity: Int = 256, maximumBytes: Int = 256 << 20, instancesPerKey: Int = 8) {
        self.capacity = max(1, capacity)
        self.maximumBytes = max(0, maximumBytes)
        self.instancesPerKey = max(1, instancesPerKey)
    }

    /// The estimated bytes held, for tests and metrics.
    var bytes: Int { state.withLock { $0.bytes } }

    /// Decodes and solves `document` (a request after any profile merge) with a cached prepared layout
    /// for its key, or a new one, and keeps it for the next request. `clock` (nanoseconds) times the
    /// solve alone, not the decoding.
    ///
    /// A request over one of `limits` is refused before it is planned; a layout whose solve stops at
    /// the work limit is refused after it, and kept out of the cache.
    func solve(document: JSONValue, limits: LayoutLimits = .standard, clock: () -> UInt64) throws(RequestError) -> (
        request: LayoutRequest, result: LayoutResult
    ) {
        let key = PreparedLayoutKey(document)
        if let (entry, instance) = take(key) {
            let screen: Screen
            do {
                screen = try LayoutRequest.decodeScreen(of: document)
            } catch {
                put(instance, back: entry)
                throw error
            }
            let start = clock()
            var result = instance.layout.solve(screen: screen)
            result.solveMicros = Int((clock() &- start) / 1000)
            let request = instance.layout.request
            // A solve stopped at its budget leaves its solver unfinished: the instance is dropped.
            try limits.checkSolverWork(of: instance.layout)
            put(instance, back: entry)
            return (request, result)
        }
        let request = try LayoutRequest.decode(from: document)
        try limits.check(request)
        let start = clock()
        let instance = Instance(PreparedLayout(request, workBudget: limits.solverWork))
        var result = instance.layout.solve(screen: request.screen)
        result.solveMicros = Int((clock() &- start) / 1000)
        try limits.checkSolverWork(of: instance.layout)
        insert(instance, for: key)
        return (request, result)
    }

    /// A prepared layout taken out of the cache (or made, when none was waiting) for a run of solves,
    /// such as a group of a device matrix; ``keep(_:)`` hands it back.
    struct Lease {
        let key: PreparedLayoutKey
        fileprivate let entry: Entry?
        let instance: Instance
    }

    /// The waiting prepared layout of `key`, or a new one of `request` (the request `key` was made
    /// from, decoded), to solve with until ``keep(_:)``.
    func lease(_ key: PreparedLayoutKey, request: LayoutRequest, workBudget: Int) -> Lease {
        if let (entry, instance) = take(key) { return Lease(key: key, entry: entry, instance: instance) }
        return Lease(key: key, entry: nil, instance: Instance(PreparedLayout(request, workBudget: workBudget)))
    }

    /// Hands a leased layout back (or keeps a new one) for the next request with its key. A layout
    /// whose last solve stopped at the work budget is not kept: its solver is unfinished.
    func keep(_ lease: Lease) {
        guard !lease.instance.layout.exceededWorkBudget else { return }
        if let entry = lease.entry {
            put(lease.instance, back: entry)
        } else {
            lease.instance.bytes = lease.instance.layout.estimatedBytes
            insert(lease.instance, for: lease.key)
        }
    }

    /// Takes a waiting instance of `key` out, with the entry to hand it back to.
    private func take(_ key: PreparedLayoutKey) -> (Entry, Instance)? {
        state.withLock { state -> (Entry, Instance)? in
            state.clock &+= 1
            guard let entry = state.entries[key], let instance = entry.instances.popLast() else { return nil }
            entry.lastUse = state.clock
            state.bytes -= instance.bytes
            return (entry, instance)
        }
    }

    /// Hands an instance back to the entry it came from.
    private func put(_ instance: Instance, back entry: Entry) {
        instance.bytes = instance.layout.estimatedBytes
        state.withLock { state in
            state.clock &+= 1
            entry.lastUse = state.clock
            // An entry evicted while its instance was out takes nothing back.
            guard entry.instances.count < instancesPerKey, !entry.evicted else { return }
            entry.instances.append(instance)
            state.bytes += instance.bytes
            evict(&state)
        }
    }

    /// Keeps a new instance for `key`, evicting the least recently used key when full.
    private func insert(_ instance: Instance, for key: PreparedLayoutKey) {
        state.withLock { state in
            state.clock &+= 1
            if let entry = state.entries[key] {
                entry.lastUse = state.clock
                guard entry.instances.count < instancesPerKey else { return }
                entry.instances.append(instance)
            } else {
                state.entries[key] = Entry(instances: [instance], lastUse: state.clock)
            }
            state.bytes += instance.bytes
            evict(&state)
        }
    }

    /// Drops least recently used keys until the count and the bytes are within bounds (the newest
    /// key too, when it alone is over the bytes).
    private func evict(_ state: inout State) {
        while state.entries.count > capacity || state.bytes > maximumBytes,
            let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key,
            let entry = state.entries.removeValue(forKey: oldest)
        {
            entry.evicted = true
            for instance in entry.instances { state.bytes -= instance.bytes }
        }
    }

    /// The number of keys held.
    var count: Int { state.withLock { $0.entries.count } }
}
