// Hot: measured by the `served`, `path` and `decode` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile served`); changes here are checked by scripts/check-budgets.sh.

/// The value of a JSON number whose text the parser has already checked against the grammar.
enum JSONNumberValue {
    /// The number `text` spells, or nil when it is too large for a finite Double. `isInteger`: the
    /// text has no fraction and no exponent.
    @inline(__always)
    static func of(_ text: UnsafeBufferPointer<UInt8>, isInteger: Bool) -> Double? {
        // Fast path: integers of up to 16 characters are exact in a Double and need no decimal
        // conversion.
        if isInteger, text.count <= 16 {
            var magnitude = 0
            var negative = false
            for byte in text {
                if byte == UInt8(ascii: "-") { negative = true } else { magnitude = magnitude * 10 + Int(byte &- 48) }
            }
            return Double(negative ? -magnitude : magnitude)
        }
        // The grammar was checked, so the standard library's correctly rounded conversion applies.
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }
}
