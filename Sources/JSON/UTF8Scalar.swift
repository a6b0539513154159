// Hot: measured by the `served`, `path` and `decode` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile served`); changes here are checked by scripts/check-budgets.sh.

/// RFC 3629's rules for one multi-byte UTF-8 scalar (no overlong forms, no surrogates, nothing above
/// U+10FFFF), as the parser checks them in strings.
enum UTF8Scalar {
    /// What a lead byte announces: the scalar's length in bytes and the range its second byte must
    /// fall in (narrower than 0x80...0xBF after the leads that could start an overlong form, a
    /// surrogate or a scalar above U+10FFFF).
    struct Lead {
        let length: Int
        let second: ClosedRange<UInt8>
    }

    /// The lead of a multi-byte scalar, or nil when `byte` cannot start one.
    @inline(__always)
    static func lead(_ byte: UInt8) -> Lead? {
        switch byte {
        case 0xC2...0xDF: return Lead(length: 2, second: 0x80...0xBF)
        case 0xE0: return Lead(length: 3, second: 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: return Lead(length: 3, second: 0x80...0xBF)
        case 0xED: return Lead(length: 3, second: 0x80...0x9F)
        case 0xF0: return Lead(length: 4, second: 0x90...0xBF)
        case 0xF1...0xF3: return Lead(length: 4, second: 0x80...0xBF)
        case 0xF4: return Lead(length: 4, second: 0x80...0x8F)
        default: return nil
        }
    }

    /// Whether the bytes after the lead at `offset` complete the scalar `lead` announces.
    @inline(__always)
    static func continues(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, lead: Lead) -> Bool {
        for position in 1..<lead.length {
            let index = offset + position
            guard index < bytes.count else { return false }
            let range: ClosedRange<UInt8> = position == 1 ? lead.second : 0x80...0xBF
            guard range.contains(bytes[index]) else { return false }
        }
        return true
    }
}
