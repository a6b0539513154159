// Hot: measured by the `served` and `builtin-served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile served`); changes here are checked by scripts/check-budgets.sh.

import JSON

#if canImport(Glibc)
    import Glibc
#endif

/// What a prepared layout is kept under: the request document without the screen's geometry (width,
/// height, safe area), which a prepared layout takes per solve. Direction and CarPlay stay because they
/// change the plan; everything else (profile name and version included) stays because it is decoded
/// once, when the layout is prepared, and reused for every request with the same key.
///
/// Equality is exact to the byte: strings compare by their UTF-8 and numbers by their bits, so two
/// documents that would write different names or values into a result never share a key (String's own
/// equality would treat canonically equivalent spellings as one). The hash is computed once, by walking
/// the document with `DocumentHash`; the dictionary of keys hashes that number again with its own
/// per-process seed.
///
/// A key made `ignoringDelegate` stands for every request that differs from the document only in its
/// delegate's content: the device matrix makes such keys for the cells whose plan never reads the
/// delegate (navigation disabled, CarPlay; see `LayoutEngine.plan(for:accessoryTooShort:)`), so the
/// two sides of a review that changes the delegate share those cells' prepared layouts. Such a key
/// never equals a single request's key: a single request is decoded, and its delegate checked, only
/// when its key is new.
struct PreparedLayoutKey: Hashable, Sendable {
    let document: JSONValue
    let ignoresDelegate: Bool
    private let hash: Int

    init(_ document: JSONValue, ignoringDelegate: Bool = false) {
        var document = Self.withoutScreenGeometry(document)
        if ignoringDelegate, case .object(var object) = document, object["delegate"] != nil {
            // Whether there is a delegate still decides the plan's mode.
            object["delegate"] = .bool(true)
            document = .object(object)
        }
        self.document = document
        ignoresDelegate = ignoringDelegate
        var hasher = DocumentHash()
        hasher.mix(ignoringDelegate ? 1 : 0)
        Self.feed(document, into: &hasher)
        hash = hasher.finalize()
    }

    static func == (lhs: PreparedLayoutKey, rhs: PreparedLayoutKey) -> Bool {
        lhs.hash == rhs.hash && lhs.ignoresDelegate == rhs.ignoresDelegate && identical(lhs.document, rhs.document)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    private static func withoutScreenGeometry(_ document: JSONValue) -> JSONValue {
        guard case .object(var object) = document, case .object(let screen)? = object["screen"] else {
            return document
        }
        // The Swift a delegate was read from: the engine reads the delegate beside it, which the key has.
        if object["delegateSource"] != nil { object["delegateSource"] = nil }
        var kept = JSONObject()
        kept["layoutDirection"] = screen["layoutDirection"] ?? .string("ltr")
        kept["carPlay"] = screen["carPlay"] ?? .bool(false)
        object["screen"] = .object(kept)
        return .object(object)
    }

    private static func feed(_ value: JSONValue, into hasher: inout DocumentHash) {
        switch value {
        case .null:
            hasher.mix(0)
        case .bool(let flag):
            hasher.mix(flag ? 1 : 2)
        case .number(let number):
            hasher.mix(3)
            hasher.mix(number.bitPattern)
        case .string(let text):
            hasher.mix(4)
            hasher.mix(text)
        case .array(let elements):
            hasher.mix(5 | UInt64(elements.count) << 8)
            for element in elements { feed(element, into: &hasher) }
        case .object(let object):
            hasher.mix(6 | UInt64(object.count) << 8)
            for member in object.members {
                hasher.mix(member.key)
                feed(member.value, into: &hasher)
            }
        }
    }

    private static func identical(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch lhs {
        case .null:
            return rhs == .null
        case .bool(let left):
            guard case .bool(let right) = rhs else { return false }
            return left == right
        case .number(let left):
            guard case .number(let right) = rhs else { return false }
            return left.bitPattern == right.bitPattern
        case .string(let left):
            guard case .string(let right) = rhs else { return false }
            return identical(left, right)
        case .array(let left):
            guard case .array(let right) = rhs, left.count == right.count else { return false }
            for index in left.indices where !identical(left[index], right[index]) { return false }
            return true
        case .object(let left):
            guard case .object(let right) = rhs, left.count == right.count else { return false }
            let leftMembers = left.members
            let rightMembers = right.members
            for index in leftMembers.indices {
                guard identical(leftMembers[index].key, rightMembers[index].key),
                    identical(leftMembers[index].value, rightMembers[index].value)
                else { return false }
            }
            return true
        }
    }

    /// Byte equality: one `memcmp` over the two strings' UTF-8 where both are stored contiguously
    /// (always, for strings the parser made).
    private static func identical(_ lhs: String, _ rhs: String) -> Bool {
        let count = lhs.utf8.count
        guard count == rhs.utf8.count else { return false }
        let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                guard let left = left.baseAddress, let right = right.baseAddress else { return count == 0 }
                return memcmp(left, right, count) == 0
            }
        }
        return (compared ?? nil) ?? lhs.utf8.elementsEqual(rhs.utf8)
    }
}

/// A fast 64-bit hash of a document's scalars and UTF-8, eight bytes at a time: each word is mixed
/// in with a multiply and a rotation (in the manner of wyhash and FxHash), and the result is
/// finished with an avalanche. It is seeded at random once per process, so which documents collide
/// cannot be worked out in advance; a collision costs only a byte-wise comparison (`identical`).
struct DocumentHash {
    private static let seed = UInt64.random(in: .min ... .max)
    private var state = DocumentHash.seed

    mutating func mix(_ word: UInt64) {
        state = ((state ^ word) &* 0x9E37_79B9_7F4A_7C15).rotatedLeft(by: 31)
    }

    /// The string's length, then its UTF-8 in words (the last one padded with zeros).
    mutating func mix(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            mix(UInt64(bytes.count))
            guard let base = bytes.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset + 8 <= bytes.count {
                mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            if offset < bytes.count {
                var tail: UInt64 = 0
                for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
                mix(tail)
            }
        }
    }

    func finalize() -> Int {
        var value = state
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return Int(truncatingIfNeeded: value)
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(by count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
