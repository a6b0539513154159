/// A map from object identity to a small integer, for the API boundary (variable -> symbol,
/// constraint -> record). Open addressing with a multiplicative hash of the object address: much
/// cheaper than `Dictionary`'s seeded SipHash for pointer keys. It is never iterated, so its
/// layout cannot influence any result.
struct IdentityTable: Sendable {
    private var keys: [UInt] = []
    private var values: [Int32] = []
    private(set) var count = 0
    private var tombstones = 0
    private static let empty: UInt = 0
    private static let removed: UInt = 1

    @inline(__always)
    private func firstProbe(_ key: UInt) -> Int {
        // Fibonacci hashing: the high bits of key * 2^64/phi spread aligned addresses well.
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(64 - keys.count.trailingZeroBitCount))
    }

    /// Generic over the key's class so that a lookup neither boxes nor retains the object.
    @inline(__always)
    subscript<Object: AnyObject>(object: Object) -> Int32? {
        get { self[ObjectIdentifier(object)] }
        set { self[ObjectIdentifier(object)] = newValue }
    }

    subscript(identifier: ObjectIdentifier) -> Int32? {
        get {
            guard !keys.isEmpty else { return nil }
            let key = identifier.address
            let mask = keys.count - 1
            var index = firstProbe(key)
            while true {
                let found = keys[index]
                if found == key { return values[index] }
                if found == IdentityTable.empty { return nil }
                index = (index + 1) & mask
            }
        }
        set {
            let key = identifier.address
            if let value = newValue {
                insert(key, value)
            } else {
                remove(key)
            }
        }
    }

    /// Makes room for `count` keys without rehashing.
    mutating func reserveCapacity(_ count: Int) {
        if count * 2 > keys.count { rehash(capacity: count * 2) }
    }

    private mutating func insert(_ key: UInt, _ value: Int32) {
        if (count + tombstones + 1) * 2 > keys.count { rehash(capacity: max(16, (count + 1) * 4)) }
        let mask = keys.count - 1
        var index = firstProbe(key)
        var reusable = -1
        while true {
            let found = keys[index]
            if found == key {
                values[index] = value
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
        keys[index] = key
        values[index] = value
        count += 1
    }

    private mutating func remove(_ key: UInt) {
        guard !keys.isEmpty else { return }
        let mask = keys.count - 1
        var index = firstProbe(key)
        while true {
            let found = keys[index]
            if found == key {
                keys[index] = IdentityTable.removed
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
        let oldKeys = keys
        let oldValues = values
        keys = [UInt](repeating: IdentityTable.empty, count: size)
        values = [Int32](repeating: -1, count: size)
        count = 0
        tombstones = 0
        for (index, key) in oldKeys.enumerated() where key > IdentityTable.removed {
            insert(key, oldValues[index])
        }
    }
}

extension ObjectIdentifier {
    /// The object's address; never 0 or 1 (those mark empty and removed slots).
    @inline(__always)
    var address: UInt { UInt(bitPattern: self) }
}
