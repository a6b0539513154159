// Hot: measured by the `solve`, `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile solve`); changes here are checked by scripts/check-budgets.sh.

/// A map from object identity to a small integer, for the API boundary (variable -> symbol,
/// constraint -> record). Open addressing with a multiplicative hash of the object address: much
/// cheaper than `Dictionary`'s seeded SipHash for pointer keys. It is never iterated, so its
/// layout cannot influence any result.
struct IdentityTable: Sendable {
    /// Key and value side by side: a probe reads one place.
    private struct Slot {
        var key: UInt
        var value: Int32
    }
    private var slots: [Slot] = []
    private(set) var count = 0
    private var tombstones = 0
    private static let empty: UInt = 0
    private static let removed: UInt = 1

    @inline(__always)
    private func firstProbe(_ key: UInt) -> Int {
        // Fibonacci hashing: the high bits of key * 2^64/phi spread aligned addresses well.
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(64 - slots.count.trailingZeroBitCount))
    }

    /// Generic over the key's class so that a lookup neither boxes nor retains the object.
    @inline(__always)
    subscript<Object: AnyObject>(object: Object) -> Int32? {
        get { self[ObjectIdentifier(object)] }
        set { self[ObjectIdentifier(object)] = newValue }
    }

    subscript(identifier: ObjectIdentifier) -> Int32? {
        get { self[address: identifier.address] }
        set {
            let key = identifier.address
            if let value = newValue {
                insert(key, value)
            } else {
                remove(key)
            }
        }
    }

    /// The value of the object at `key` (see ``ObjectIdentifier/address``).
    subscript(address key: UInt) -> Int32? {
        get {
            guard !slots.isEmpty else { return nil }
            let mask = slots.count - 1
            var index = firstProbe(key)
            while true {
                let found = slots[index].key
                if found == key { return slots[index].value }
                if found == IdentityTable.empty { return nil }
                index = (index + 1) & mask
            }
        }
    }

    /// Makes room for `count` keys without rehashing.
    /// A table for up to 1,024 keys (64 KB of slots) is then at most a quarter full: linear probing
    /// needs about 1.2 probes per lookup there, against 1.5 (2.5 per insert) at half full, where
    /// growth leaves it. Larger tables stay at half: beyond the caches a bigger table costs more in
    /// misses (and in fresh pages for every new solver) than the shorter probes save.
    mutating func reserveCapacity(_ count: Int) {
        let capacity = count <= 1024 ? count * 4 : count * 2
        if capacity > slots.count { rehash(capacity: capacity) }
    }

    private mutating func insert(_ key: UInt, _ value: Int32) {
        if (count + tombstones + 1) * 2 > slots.count { rehash(capacity: max(16, (count + 1) * 4)) }
        let mask = slots.count - 1
        var index = firstProbe(key)
        var reusable = -1
        while true {
            let found = slots[index].key
            if found == key {
                slots[index].value = value
                return
            }
            if found == IdentityTable.removed && reusable < 0 { reusable = index }
            if found == IdentityTable.empty { break }
            index = (index + 1) & mask
        }
        if reusable >= 0 {
            index = reusable
            tombstones -= 1
        }
        slots[index] = Slot(key: key, value: value)
        count += 1
    }

    private mutating func remove(_ key: UInt) {
        guard !slots.isEmpty else { return }
        let mask = slots.count - 1
        var index = firstProbe(key)
        while true {
            let found = slots[index].key
            if found == key {
                slots[index].key = IdentityTable.removed
                count -= 1
                tombstones += 1
                return
            }
            if found == IdentityTable.empty { return }
            index = (index + 1) & mask
        }
    }

    private mutating func rehash(capacity: Int) {
        var size = 16
        while size < capacity { size *= 2 }
        let oldSlots = slots
        slots = [Slot](repeating: Slot(key: IdentityTable.empty, value: -1), count: size)
        count = 0
        tombstones = 0
        for slot in oldSlots where slot.key > IdentityTable.removed {
            insert(slot.key, slot.value)
        }
    }
}

extension ObjectIdentifier {
    /// The object's address; never 0 or 1 (those mark empty and removed slots).
    @inline(__always)
    var address: UInt { UInt(bitPattern: self) }
}
