/// Reads a document into a `JSONTape`, for the common request only: it accepts exactly the documents
/// `JSONParser` accepts, except that it declines (returns nil) where the tree parser is the better
/// tool, and then the caller parses with `JSONParser`, which also gives every error its message and
/// position (so errors are written in one place).
///
/// It declines:
/// - any document `JSONParser` rejects (it reports nothing itself);
/// - strings with escapes (a tape string is a plain byte range of the document);
/// - object keys that are not ASCII (Swift compares strings by canonical equivalence, so two different
///   byte sequences can be the same key: the tree parser's duplicate check and lookups settle those);
/// - objects with more than `maximumMembers` members (duplicates are found by comparing keys pairwise).
struct JSONTapeParser {
    static let maximumMembers = 32

    /// The tape of `bytes`, or nil when it declines (see the type's comment).
    static func parse(_ bytes: [UInt8], limits: JSONParser.Limits) -> JSONTape? {
        guard bytes.count <= limits.maxBytes, !bytes.isEmpty else { return nil }
        let tokens: [JSONTape.Token]? = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var parser = JSONTapeParser(bytes: buffer, base: base, limits: limits)
            return parser.document() ? parser.tokens : nil
        }
        return tokens.map { JSONTape(bytes: bytes, tokens: $0) }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// `bytes.baseAddress`, which a non-empty document always has.
    let base: UnsafePointer<UInt8>
    let limits: JSONParser.Limits
    var offset = 0
    var depth = 0
    var tokens: [JSONTape.Token] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, limits: JSONParser.Limits) {
        self.bytes = bytes
        self.base = base
        self.limits = limits
        // About one token per eight bytes in a typical request: enough that the list rarely grows.
        tokens.reserveCapacity(bytes.count / 8 + 16)
    }

    private mutating func document() -> Bool {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return false }
        skipWhitespace()
        guard offset < bytes.count, value() else { return false }
        skipWhitespace()
        return offset == bytes.count
    }

    private mutating func value() -> Bool {
        guard offset < bytes.count else { return false }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""):
            guard let (start, length, _) = string() else { return false }
            tokens.append(stringToken(start: start, length: length))
        case UInt8(ascii: "t"):
            guard literal("true") else { return false }
            tokens.append(JSONTape.Token(kind: .bool, flag: true, end: UInt32(tokens.count + 1)))
        case UInt8(ascii: "f"):
            guard literal("false") else { return false }
            tokens.append(JSONTape.Token(kind: .bool, flag: false, end: UInt32(tokens.count + 1)))
        case UInt8(ascii: "n"):
            guard literal("null") else { return false }
            tokens.append(JSONTape.Token(kind: .null, end: UInt32(tokens.count + 1)))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard let number = number() else { return false }
            tokens.append(JSONTape.Token(kind: .number, end: UInt32(tokens.count + 1), payload: number.bitPattern))
        default:
            return false
        }
        return true
    }

    private func stringToken(start: Int, length: Int) -> JSONTape.Token {
        JSONTape.Token(
            kind: .string, end: UInt32(tokens.count + 1), payload: UInt64(start) << 32 | UInt64(length))
    }

    /// What follows a member or an element.
    private enum Separator {
        /// A comma: another one follows.
        case another
        /// The container's closing byte, consumed.
        case closed
    }

    /// Reads the comma or the closing byte after a member or an element; nil for anything else, and
    /// for a comma right before the closing byte (JSON has no trailing commas).
    @inline(__always)
    private mutating func separator(closing: UInt8) -> Separator? {
        skipWhitespace()
        guard offset < bytes.count else { return nil }
        if bytes[offset] == UInt8(ascii: ",") {
            offset += 1
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == closing { return nil }
            return .another
        }
        guard bytes[offset] == closing else { return nil }
        offset += 1
        return .closed
    }

    private mutating func object() -> Bool {
        depth += 1
        guard depth <= limits.maxDepth else { return false }
        offset += 1  // "{"
        let position = tokens.count
        tokens.append(JSONTape.Token(kind: .object))
        skipWhitespace()
        var count: UInt32 = 0
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
        } else {
            while true {
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\""),
                    let (start, length, isASCII) = string(), isASCII, count < Self.maximumMembers
                else { return false }
                // The members so far are complete: each key is followed by its value, which ends where
                // the next key starts.
                var key = position + 1
                while key < tokens.count {
                    let earlier = tokens[key]
                    if earlier.stringLength == length, memcmp(base + earlier.stringStart, base + start, length) == 0 {
                        return false
                    }
                    key = Int(tokens[key + 1].end)
                }
                tokens.append(stringToken(start: start, length: length))
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { return false }
                offset += 1
                skipWhitespace()
                guard value() else { return false }
                count += 1
                guard let next = separator(closing: UInt8(ascii: "}")) else { return false }
                if next == .closed { break }
            }
        }
        depth -= 1
        tokens[position].count = count
        tokens[position].end = UInt32(tokens.count)
        return true
    }

    private mutating func array() -> Bool {
        depth += 1
        guard depth <= limits.maxDepth else { return false }
        offset += 1  // "["
        let position = tokens.count
        tokens.append(JSONTape.Token(kind: .array))
        skipWhitespace()
        var count: UInt32 = 0
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
        } else {
            while true {
                skipWhitespace()
                guard value() else { return false }
                count += 1
                guard let next = separator(closing: UInt8(ascii: "]")) else { return false }
                if next == .closed { break }
            }
        }
        depth -= 1
        tokens[position].count = count
        tokens[position].end = UInt32(tokens.count)
        return true
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count,
            memcmp(base + offset, word.utf8Start, count) == 0
        else { return false }
        offset += count
        return true
    }

    /// The grammar and the conversion of `JSONParser`'s numbers, so both give the same Double.
    private mutating func number() -> Double? {
        let start = offset
        var isInteger = true
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, isDigit(bytes[offset]) else { return nil }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) { return nil }
        } else {
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else { return nil }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard offset < bytes.count, isDigit(bytes[offset]) else { return nil }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        return JSONNumberValue.of(UnsafeBufferPointer(rebasing: bytes[start..<offset]), isInteger: isInteger)
    }

    /// A string without escapes: its bytes' offset and length, and whether they are all ASCII.
    private mutating func string() -> (start: Int, length: Int, isASCII: Bool)? {
        offset += 1  // opening quote
        let start = offset
        var isASCII = true
        let buffer = bytes
        while true {
            var position = offset
            // Eight bytes at a time; the word that holds the end of the run tells where it is, so short
            // strings (most keys and names) take no byte loop at all.
            while position + 8 <= buffer.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let mask = JSONParser.specialByteMask(word)
                if mask != 0 {
                    position += mask.trailingZeroBitCount / 8
                    break
                }
                position += 8
            }
            offset = JSONParser.endOfPlainRun(in: buffer, from: position)
            guard offset < buffer.count else { return nil }
            let byte = buffer[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return (start, offset - 1 - start, isASCII)
            }
            // An escape (declined), a control character (an error).
            guard byte >= 0x80 else { return nil }
            isASCII = false
            guard skipMultiByteScalar() else { return nil }
        }
    }

    /// The UTF-8 rules of `JSONParser` (`UTF8Scalar`).
    private mutating func skipMultiByteScalar() -> Bool {
        guard let lead = UTF8Scalar.lead(bytes[offset]), UTF8Scalar.continues(bytes, at: offset, lead: lead) else {
            return false
        }
        offset += lead.length
        return true
    }

    /// Most calls find a value's first byte at once (compact JSON has no whitespace at all): that test
    /// is inlined into every caller, and only a run of whitespace costs a call.
    @inline(__always)
    private mutating func skipWhitespace() {
        guard offset < bytes.count, bytes[offset] <= 0x20 else { return }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        let buffer = bytes
        var position = offset
        let eightSpaces: UInt64 = 0x2020_2020_2020_2020
        while position < buffer.count {
            switch buffer[position] {
            case 0x20:
                // Indentation comes in runs of spaces: a word settles up to eight of them (the lowest
                // byte that is not a space ends the run; this one is a space, so it moves at least one).
                if position + 8 <= buffer.count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                    let others = word ^ eightSpaces
                    position += others == 0 ? 8 : others.trailingZeroBitCount / 8
                } else {
                    position += 1
                }
            case 0x09, 0x0A, 0x0D: position += 1
            default:
                offset = position
                return
            }
        }
        offset = position
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
