import NavigationLayout
import Synchronization

/// Prepared layouts (plan, parsed rules, solver) kept between requests, keyed by everything of a
/// request but the screen's geometry: the same delegate or profile solved again, on the same screen
/// or another of its width class, skips planning and parsing and re-solves with the screen as edit
/// variables, as the device matrix does for its cells. `PreparedLayout.solve(screen:)` re-plans by
/// itself whenever the screen calls for it, so a cached layout answers exactly what a fresh solve
/// answers (the tests compare the two).
///
/// A prepared layout is taken out of the cache while it solves (it is mutable), so concurrent
/// requests for the same key each get their own; at most `instancesPerKey` wait per key, and the
/// least recently used key goes first once `capacity` keys are held.
final class PreparedLayoutCache: Sendable {
    private struct Entry {
        var instances: [PreparedLayout]
        var lastUse: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]  // lookups only; eviction picks by lastUse
        var clock: UInt64 = 0
    }

    let capacity: Int
    let instancesPerKey: Int
    private let state = Mutex(State())

    init(capacity: Int = 256, instancesPerKey: Int = 8) {
        self.capacity = max(1, capacity)
        self.instancesPerKey = max(1, instancesPerKey)
    }

    /// Solves `request` with a cached prepared layout for `document`'s key, or a new one, and keeps
    /// it for the next request.
    func solve(_ request: LayoutRequest, document: NavigationLayout.JSONValue) -> LayoutResult {
        let key = Self.key(of: document)
        var prepared =
            state.withLock { state -> PreparedLayout? in
                state.clock &+= 1
                guard var entry = state.entries[key], let instance = entry.instances.popLast() else { return nil }
                entry.lastUse = state.clock
                state.entries[key] = entry
                return instance
            } ?? PreparedLayout(request)
        let result = prepared.solve(screen: request.screen)
        let instance = prepared
        state.withLock { state in
            state.clock &+= 1
            var entry = state.entries[key] ?? Entry(instances: [], lastUse: state.clock)
            if entry.instances.count < instancesPerKey { entry.instances.append(instance) }
            entry.lastUse = state.clock
            state.entries[key] = entry
            if state.entries.count > capacity,
                let oldest = state.entries.min(by: { ($0.value.lastUse, $0.key) < ($1.value.lastUse, $1.key) })?.key
            {
                state.entries[oldest] = nil
            }
        }
        return result
    }

    /// The number of keys held.
    var count: Int { state.withLock { $0.entries.count } }

    /// The request without the screen's geometry (width, height, safe area), which a prepared
    /// layout takes per solve; direction and CarPlay stay in the key because they change the plan.
    static func key(of document: NavigationLayout.JSONValue) -> String {
        guard case .object(var object) = document else { return JSONWriter().string(for: document) }
        object["profile"] = nil
        object["profileVersion"] = nil
        if case .object(let screen)? = object["screen"] {
            var kept = JSONObject()
            kept["layoutDirection"] = screen["layoutDirection"] ?? .string("ltr")
            kept["carPlay"] = screen["carPlay"] ?? .bool(false)
            object["screen"] = .object(kept)
        }
        return JSONWriter().string(for: .object(object))
    }
}
