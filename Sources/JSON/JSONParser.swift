// Hot: measured by the `served`, `path` and `decode` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile served`); changes here are checked by scripts/check-budgets.sh.

/// A strict RFC 8259 JSON parser that reports the line and column of every error.
///
/// Strict means: one value with optional surrounding whitespace (space, tab, LF, CR); no comments, no
/// trailing commas, no leading zeros, no NaN or Infinity, no byte order mark, no control characters in
/// strings, valid UTF-8 only, no lone surrogate escapes, and no repeated key in an object (RFC 8259
/// leaves duplicates undefined; a request that sets a field twice is almost surely a mistake, so it is
/// rejected at the second occurrence). Numbers must fit a Double: a literal that overflows to infinity is
/// an error rather than silently becoming a huge size.
public struct JSONParser: Sendable {
    /// Bounds that keep hostile input from costing unbounded memory or stack.
    public struct Limits: Sendable, Equatable {
        /// Nesting of arrays and objects; the parser recurses once per level.
        public var maxDepth: Int
        /// Size of the whole document in bytes.
        public var maxBytes: Int

        /// A layout request nests about 6 levels deep and weighs a few kilobytes; these leave ample room.
        public static let `default` = Limits(maxDepth: 64, maxBytes: 1 << 20)

        public init(maxDepth: Int, maxBytes: Int) {
            self.maxDepth = maxDepth
            self.maxBytes = maxBytes
        }
    }

    public var limits: Limits

    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Parses one JSON document.
    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer, limits: limits)
            do throws(JSONParseError) {
                return .success(try reader.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The end of the plain run from `position`: eight bytes at a time while none of them is a quote,
    /// a backslash, a control character or part of a multi-byte scalar (word-wide tests that a byte
    /// is below a bound or equal to a value), then byte by byte through the word that fails.
    @inline(__always)
    static func endOfPlainRunByWords(in buffer: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        var position = position
        if let base = buffer.baseAddress {
            while position + 8 <= buffer.count {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                if hasSpecialByte(word) { break }
                position += 8
            }
        }
        return endOfPlainRun(in: buffer, from: position)
    }

    /// The position of the first byte at or after `position` that ends a plain run inside a string
    /// (see `hasSpecialByte`), or `buffer.count`: the byte-wise finish of the string scan's word-wide one.
    @inline(__always)
    static func endOfPlainRun(in buffer: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        var position = position
        while position < buffer.count {
            let byte = buffer[position]
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
            position += 1
        }
        return position
    }

    /// Whether any byte of the word ends a plain run inside a string: at or above 0x80, below 0x20,
    /// a quote or a backslash. (`x - 0x01…` borrows into a byte's top bit exactly where that byte of `x`
    /// is zero; the test is exact as to whether such a byte exists.)
    static func hasSpecialByte(_ word: UInt64) -> Bool {
        specialByteMask(word) != 0
    }

    /// The top bit of each byte of the word that ends a plain run (see `hasSpecialByte`). A borrow
    /// only runs upwards from a byte that matches, so the lowest bit set is exact: in a word loaded
    /// little-endian, `trailingZeroBitCount / 8` is the position of the first such byte.
    static func specialByteMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let nonASCII = word & highBits
        let control = (word &- 0x20 &* ones) & ~word & highBits
        let quote = word ^ (UInt64(UInt8(ascii: "\"")) &* ones)
        let backslash = word ^ (UInt64(UInt8(ascii: "\\")) &* ones)
        let quoteFound = (quote &- ones) & ~quote & highBits
        let backslashFound = (backslash &- ones) & ~backslash & highBits
        return nonASCII | control | quoteFound | backslashFound
    }

    /// Parses one JSON document held in a string.
    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

/// The recursive-descent reader over the raw bytes. Positions are byte offsets; line and column are
/// computed only when an error is reported, so the success path pays nothing for them.
private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    let limits: JSONParser.Limits
    var offset = 0
    var depth = 0
    /// Members and elements of the containers being read, innermost last. A container gathers its
    /// values here and is copied out once, at its exact size, when it closes: appending straight to
    /// its own array would reallocate it as it grows (1, 2, 4, 8, 16 ...) for every container.
    var pendingMembers: [JSONObject.Member] = []
    var pendingElements: [JSONValue] = []

    init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits) {
        self.bytes = bytes
        self.limits = limits
        pendingMembers.reserveCapacity(16)
        pendingElements.reserveCapacity(16)
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw error("document is \(bytes.count) bytes; the limit is \(limits.maxBytes)", at: 0)
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw error("a byte order mark is not allowed; send plain UTF-8", at: 0)
        }
        skipWhitespace()
        guard offset < bytes.count else { throw error("empty document: expected a JSON value", at: offset) }
        let value = try self.value()
        skipWhitespace()
        guard offset == bytes.count else {
            throw error("unexpected \(describeByte(at: offset)) after the end of the document", at: offset)
        }
        return value
    }

    // MARK: Values

    mutating func value() throws(JSONParseError) -> JSONValue {
        guard offset < bytes.count else { throw error("unexpected end of input: expected a value", at: offset) }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object(try object())
        case UInt8(ascii: "["): return .array(try array())
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default:
            throw error("unexpected \(describeByte(at: offset)): expected a value", at: offset)
        }
    }

    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= limits.maxDepth else {
            throw error("nesting deeper than \(limits.maxDepth) levels", at: offset)
        }
    }

    mutating func object() throws(JSONParseError) -> JSONObject {
        try enterContainer()
        offset += 1  // "{"
        let base = pendingMembers.count
        // Small objects check duplicates by scanning; large ones switch to a hash index so a hostile
        // object with many keys stays linear.
        var index: [String: Int]? = nil
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return JSONObject(uniqueMembers: [])
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of input inside an object", at: offset) }
            guard bytes[offset] == UInt8(ascii: "\"") else {
                throw error(
                    "unexpected \(describeByte(at: offset)): expected a member name in double quotes", at: offset)
            }
            let keyOffset = offset
            let key = try string()
            if index == nil, pendingMembers.count - base >= 16 {
                var built: [String: Int] = [:]
                for position in base..<pendingMembers.count { built[pendingMembers[position].key] = position }
                index = built
            }
            let isDuplicate =
                index.map { $0[key] != nil } ?? pendingMembers[base...].contains { $0.key == key }
            if isDuplicate {
                throw error("duplicate member \"\(key)\" in an object", at: keyOffset)
            }
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name \"\(key)\"", at: offset)
            }
            offset += 1
            skipWhitespace()
            let value = try self.value()
            index?[key] = pendingMembers.count
            pendingMembers.append(JSONObject.Member(key: key, value: value))
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of input inside an object", at: offset) }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                    throw error("trailing comma before '}'", at: offset)
                }
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                let members = Array(pendingMembers[base...])
                pendingMembers.removeSubrange(base...)
                return JSONObject(uniqueMembers: members)
            default:
                throw error("unexpected \(describeByte(at: offset)): expected ',' or '}'", at: offset)
            }
        }
    }

    mutating func array() throws(JSONParseError) -> [JSONValue] {
        try enterContainer()
        offset += 1  // "["
        let base = pendingElements.count
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return []
        }
        while true {
            skipWhitespace()
            let element = try value()
            pendingElements.append(element)
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of input inside an array", at: offset) }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                    throw error("trailing comma before ']'", at: offset)
                }
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                let elements = Array(pendingElements[base...])
                pendingElements.removeSubrange(base...)
                return elements
            default:
                throw error("unexpected \(describeByte(at: offset)): expected ',' or ']'", at: offset)
            }
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let start = offset
        let count = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for position in 0..<count {
            guard start + position < bytes.count, bytes[start + position] == expected[position] else {
                throw error("invalid literal: expected '\(word)'", at: start)
            }
        }
        offset = start + count
    }

    // MARK: Numbers

    mutating func number() throws(JSONParseError) -> Double {
        let start = offset
        var isInteger = true
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, isDigit(bytes[offset]) else {
            throw error("a number needs a digit after '-'", at: offset)
        }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) {
                throw error("leading zeros are not allowed in numbers", at: start)
            }
        } else {
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else {
                throw error("a number needs a digit after the decimal point", at: offset)
            }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard offset < bytes.count, isDigit(bytes[offset]) else {
                throw error("a number needs a digit in its exponent", at: offset)
            }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        guard let value = JSONNumberValue.of(slice, isInteger: isInteger) else {
            throw error("number \(String(decoding: slice, as: UTF8.self)) is out of range", at: start)
        }
        return value
    }

    // MARK: Strings

    mutating func string() throws(JSONParseError) -> String {
        offset += 1  // opening quote
        let start = offset
        // Fast path: no escapes. Validate while scanning and build the String straight from the bytes.
        // Runs of plain ASCII are skipped with the position in a local (the reader's own `offset` would be
        // stored back to memory for every byte).
        let buffer = bytes
        while offset < buffer.count {
            offset = JSONParser.endOfPlainRunByWords(in: buffer, from: offset)
            guard offset < buffer.count else { break }
            let byte = buffer[offset]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<offset]), as: UTF8.self)
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 {
                throw error("control character U+00\(hex2(byte)) must be escaped in a string", at: offset)
            }
            try skipMultiByteScalar()
        }
        // With escapes: the plain runs between them are found as above and copied whole.
        var scratch: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        while offset < buffer.count {
            let runStart = offset
            offset = JSONParser.endOfPlainRunByWords(in: buffer, from: offset)
            if offset > runStart {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<offset]))
            }
            guard offset < buffer.count else { break }
            let byte = buffer[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &scratch)
            case 0..<0x20:
                throw error("control character U+00\(hex2(byte)) must be escaped in a string", at: offset)
            default:
                let scalarStart = offset
                try skipMultiByteScalar()
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[scalarStart..<offset]))
            }
        }
        throw error("unterminated string", at: start - 1)
    }

    mutating func escape(into scratch: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = offset
        offset += 1
        guard offset < bytes.count else { throw error("unterminated escape sequence", at: escapeStart) }
        let code = bytes[offset]
        offset += 1
        switch code {
        case UInt8(ascii: "\""): scratch.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): scratch.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): scratch.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low surrogate; together they are one scalar.
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                else {
                    throw error("lone high surrogate \\u\(hex4(scalar)) in a string", at: escapeStart)
                }
                let lowStart = offset
                offset += 2
                let low = try hexQuad(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("high surrogate \\u\(hex4(scalar)) is not followed by a low surrogate", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("lone low surrogate \\u\(hex4(scalar)) in a string", at: escapeStart)
            }
            // Surrogates were handled above, so the value is always a valid scalar.
            if let unicodeScalar = Unicode.Scalar(scalar) {
                UTF8.encode(unicodeScalar) { scratch.append($0) }
            }
        default:
            throw error("invalid escape sequence '\\\(describePrintable(code))'", at: escapeStart)
        }
    }

    mutating func hexQuad(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = hexValue(bytes[offset]) else {
                throw error("\\u must be followed by four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// Checks one multi-byte UTF-8 sequence at `offset` (RFC 3629: no overlongs, no surrogates,
    /// nothing above U+10FFFF) and moves past it.
    mutating func skipMultiByteScalar() throws(JSONParseError) {
        guard let lead = UTF8Scalar.lead(bytes[offset]) else {
            throw error("invalid UTF-8 byte 0x\(hex2(bytes[offset]))", at: offset)
        }
        guard UTF8Scalar.continues(bytes, at: offset, lead: lead) else {
            throw error("invalid UTF-8 sequence", at: offset)
        }
        offset += lead.length
    }

    // MARK: Helpers

    mutating func skipWhitespace() {
        // The position stays in a local while it moves (see `string()`).
        let buffer = bytes
        var position = offset
        while position < buffer.count {
            switch buffer[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default:
                offset = position
                return
            }
        }
        offset = position
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    func describeByte(at position: Int) -> String {
        guard position < bytes.count else { return "end of input" }
        return "character '\(describePrintable(bytes[position]))'"
    }

    func describePrintable(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\u{\(hex2(byte))}"
    }

    func error(_ message: String, at position: Int) -> JSONParseError {
        // Line and column are derived here, on the error path only.
        var line = 1
        var lineStart = 0
        let end = min(position, bytes.count)
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 {
            column += 1  // count scalars: skip UTF-8 continuation bytes
        }
        return JSONParseError(message: message, line: line, column: column, byteOffset: position)
    }
}

private let hexDigits: [Character] = Array("0123456789ABCDEF")

private func hex2(_ byte: UInt8) -> String {
    String([hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]])
}

private func hex4(_ value: UInt32) -> String {
    hex2(UInt8(truncatingIfNeeded: value >> 8)) + hex2(UInt8(truncatingIfNeeded: value))
}
