// Hot: measured by the `served` and `path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile served`); changes here are checked by scripts/check-budgets.sh.

/// Writes JSON deterministically: the same value always gives the same bytes.
///
/// - Object members come out in their stored order (insertion order when built, document order when
///   parsed); nothing is sorted or hashed.
/// - Numbers use the shortest text that reads back as the same Double; integral values within ±2^53
///   print without a fraction ("12", not "12.0"), and -0 prints as 0. NaN and infinities have no JSON
///   form and print as null.
/// - Strings escape '"', '\\', the control characters below U+0020 (with the short forms \n, \r, \t,
///   \b, \f where they exist) and DEL (U+007F), so that no written text carries a raw control
///   character into a log or a terminal; everything else is written as UTF-8.
public struct JSONWriter: Sendable {
    public enum Format: Sendable {
        /// No whitespace at all: the wire format.
        case compact
        /// Two-space indentation, one member per line, "key": value: for files people read.
        case pretty
    }

    public var format: Format

    public init(format: Format = .compact) {
        self.format = format
    }

    public func bytes(for value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, into: &output, indent: 0)
        return output
    }

    public func string(for value: JSONValue) -> String {
        String(decoding: bytes(for: value), as: UTF8.self)
    }

    func write(_ value: JSONValue, into output: inout [UInt8], indent: Int) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): JSONWriter.writeNumber(number, into: &output)
        case .string(let text): JSONWriter.writeString(text, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(into: &output, indent: indent + 1)
                write(element, into: &output, indent: indent + 1)
            }
            if !elements.isEmpty { newline(into: &output, indent: indent) }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(into: &output, indent: indent + 1)
                JSONWriter.writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                if format == .pretty { output.append(UInt8(ascii: " ")) }
                write(member.value, into: &output, indent: indent + 1)
            }
            if !object.isEmpty { newline(into: &output, indent: indent) }
            output.append(UInt8(ascii: "}"))
        }
    }

    private func newline(into output: inout [UInt8], indent: Int) {
        guard format == .pretty else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// 2^53: beyond it not every integer is a Double, so the shortest round-trip form is used instead.
    private static let exactIntegerLimit = 9_007_199_254_740_992.0

    public static func writeNumber<Sink: ByteSink>(_ number: Double, into output: inout Sink) {
        guard number.isFinite else {
            output.append("null")
            return
        }
        // Int64(exactly:) tests integrality without libm, which this module does not link.
        if abs(number) <= exactIntegerLimit, let integer = Int64(exactly: number) {
            // Digits straight into the buffer: frames are mostly integers, and String(integer) would
            // build a string per number only to copy it.
            if integer < 0 { output.append(UInt8(ascii: "-")) }
            var magnitude = integer.magnitude
            // 2^63 has 19 digits; they come out last first, so fill the buffer from its end.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
                var start = digits.count
                repeat {
                    start -= 1
                    digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                    magnitude /= 10
                } while magnitude > 0
                output.append(bytes: UnsafeBufferPointer(rebasing: digits[start...]))
            }
            return
        }
        // Swift's description is the shortest decimal that reads back as the same Double
        // ("0.1", "1e-07", "1.5e+300"), and every such form is valid JSON.
        var text = number.description
        text.withUTF8 { output.append(bytes: $0) }
    }

    public static func writeString<Sink: ByteSink>(_ text: String, into output: inout Sink) {
        output.append(UInt8(ascii: "\""))
        var text = text
        // Runs of bytes that need no escape (nearly all of them) are copied in one piece; they are
        // found eight bytes at a time.
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                if index + 8 <= bytes.count, let base = bytes.baseAddress {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    let mask = escapeMask(word)
                    guard mask != 0 else {
                        index += 8
                        continue
                    }
                    index += mask.trailingZeroBitCount / 8
                } else if !needsEscape(bytes[index]) {
                    index += 1
                    continue
                }
                output.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                writeEscape(bytes[index], into: &output)
                index += 1
                runStart = index
            }
            output.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
    }

    /// The top bit of each byte of the word that `needsEscape`. A borrow only runs upwards from a byte
    /// that matches, so the lowest bit set is exact: in a word loaded little-endian,
    /// `trailingZeroBitCount / 8` is the position of the first such byte. Bytes at or above 0x80 (UTF-8
    /// beyond ASCII) never match.
    static func escapeMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func bytesEqual(to byte: UInt8) -> UInt64 {
            let difference = word ^ (UInt64(byte) &* ones)
            return (difference &- ones) & ~difference & highBits
        }
        let control = (word &- 0x20 &* ones) & ~word & highBits
        return control | bytesEqual(to: UInt8(ascii: "\"")) | bytesEqual(to: UInt8(ascii: "\\")) | bytesEqual(to: 0x7F)
    }

    private static func writeEscape<Sink: ByteSink>(_ byte: UInt8, into output: inout Sink) {
        switch byte {
        case UInt8(ascii: "\""): output.append("\\\"")
        case UInt8(ascii: "\\"): output.append("\\\\")
        case 0x0A: output.append("\\n")
        case 0x0D: output.append("\\r")
        case 0x09: output.append("\\t")
        case 0x08: output.append("\\b")
        case 0x0C: output.append("\\f")
        default:
            let digits: [UInt8] = Array("0123456789abcdef".utf8)
            output.append("\\u00")
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0xF)])
        }
    }
}
