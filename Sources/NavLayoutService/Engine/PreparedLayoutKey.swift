import NavigationLayout

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
    let document: NavigationLayout.JSONValue
    private let hash: Int

    init(_ document: NavigationLayout.JSONValue) {
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

    private static func withoutScreenGeometry(_ document: NavigationLayout.JSONValue) -> NavigationLayout.JSONValue {
        guard case .object(var object) = document, case .object(let screen)? = object["screen"] else {
            return document
        }
        var kept = JSONObject()
        kept["layoutDirection"] = screen["layoutDirection"] ?? .string("ltr")
        kept["carPlay"] = screen["carPlay"] ?? .bool(false)
        object["screen"] = .object(kept)
        return .object(object)
    }

    private static func feed(_ value: NavigationLayout.JSONValue, into hasher: inout Hasher) {
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

    private static func identical(_ lhs: NavigationLayout.JSONValue, _ rhs: NavigationLayout.JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null):
            return true
        case (.bool(let left), .bool(let right)):
            return left == right
        case (.number(let left), .number(let right)):
            return left.bitPattern == right.bitPattern
        case (.string(let left), .string(let right)):
            return identical(left, right)
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { identical($0, $1) }
        case (.object(let left), .object(let right)):
            return left.count == right.count
                && zip(left.members, right.members).allSatisfy { pair in
                    identical(pair.0.key, pair.1.key) && identical(pair.0.value, pair.1.value)
                }
        default:
            return false
        }
    }

    private static func identical(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in left.elementsEqual(right) } }
    }
}
