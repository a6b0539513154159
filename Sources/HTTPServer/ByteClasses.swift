// Hot: measured by the `http-parse` stage (Benchmarks/Thresholds/budgets.json,
// `navlayout-http-bench --profile parse`); changes here are checked by scripts/check-budgets.sh.

/// The byte classes of RFC 9110 section 5.6 that the parser checks, as a 256-entry table so the hot
/// loops do one load per byte instead of a chain of comparisons.
enum ByteClass {
    static let token: UInt8 = 1 << 0
    /// Allowed inside a field value: HTAB, SP, VCHAR, obs-text. Not NUL, CR, LF, other controls, DEL.
    static let fieldValue: UInt8 = 1 << 1
    /// Allowed inside a request-target: VCHAR only (RFC 3986 characters; others must be percent-encoded).
    static let target: UInt8 = 1 << 2
    static let hexDigit: UInt8 = 1 << 3
    /// qdtext of a quoted-string (without the backslash and the quote).
    static let quotedText: UInt8 = 1 << 4

    static let table: [UInt8] = (0..<256).map { value in
        let byte = UInt8(value)
        var classes: UInt8 = 0
        let isDigit = byte >= 0x30 && byte <= 0x39
        let isAlpha = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        if isDigit || isAlpha || "!#$%&'*+-.^_`|~".utf8.contains(byte) { classes |= token }
        if byte == 0x09 || byte == 0x20 || (byte >= 0x21 && byte <= 0x7E) || byte >= 0x80 { classes |= fieldValue }
        if byte >= 0x21 && byte <= 0x7E { classes |= target }
        if isDigit || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66) { classes |= hexDigit }
        if byte == 0x09 || byte == 0x20 || byte == 0x21 || (byte >= 0x23 && byte <= 0x5B)
            || (byte >= 0x5D && byte <= 0x7E) || byte >= 0x80
        {
            classes |= quotedText
        }
        return classes
    }

    @inline(__always)
    static func isToken(_ byte: UInt8) -> Bool { table[Int(byte)] & token != 0 }
    @inline(__always)
    static func isFieldValue(_ byte: UInt8) -> Bool { table[Int(byte)] & fieldValue != 0 }
    @inline(__always)
    static func isTarget(_ byte: UInt8) -> Bool { table[Int(byte)] & target != 0 }
    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool { table[Int(byte)] & hexDigit != 0 }
    @inline(__always)
    static func isQuotedText(_ byte: UInt8) -> Bool { table[Int(byte)] & quotedText != 0 }
}
