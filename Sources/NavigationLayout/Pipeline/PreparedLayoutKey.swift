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
/// the document, which costs a fraction of writing it out as text.
struct PreparedLayoutKey: Hashable, Sendable {
    let document: JSONValue
    private let hash: Int

    init(_ document: JSONValue) {
        self.document = Self.withoutScreenGeometry(document)
        var hasher = Hasher()
        Self.feed(self.document, into: &hasher)
        hash = hasher.finalize()
    }

    static func == (lhs: PreparedLayoutKey, rhs: PreparedLayoutKey) -> Bool {
        lhs.hash == rhs.hash && identical(lhs.document, rhs.document)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    private static func withoutScreenGeometry(_ document: JSONValue) -> JSONValue {
        guard case .object(var object) = document, case .object(let screen)? = object["screen"] else {
            return document
        }
        var kept = JSONObject()
        kept["layoutDirection"] = screen["layoutDirection"] ?? .string("ltr")
        kept["carPlay"] = screen["carPlay"] ?? .bool(false)
        object["screen"] = .object(kept)
        return .object(object)
    }

    private static func feed(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .null:
            hasher.combine(UInt8(0))
        case .bool(let flag):
            hasher.combine(flag ? UInt8(1) : UInt8(2))
        case .number(let number):
            hasher.combine(UInt8(3))
            hasher.combine(number.bitPattern)
        case .string(let text):
            hasher.combine(UInt8(4))
            feed(text, into: &hasher)
        case .array(let elements):
            hasher.combine(UInt8(5))
            hasher.combine(elements.count)
            for element in elements { feed(element, into: &hasher) }
        case .object(let object):
            hasher.combine(UInt8(6))
            hasher.combine(object.count)
            for member in object.members {
                feed(member.key, into: &hasher)
                feed(member.value, into: &hasher)
            }
        }
    }

    private static func feed(_ text: String, into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
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
