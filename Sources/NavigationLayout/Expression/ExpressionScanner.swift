import Cassowary

/// The hand-written recursive-descent scanner behind `ConstraintParser`.
///
/// It works on the UTF-8 bytes: every token of the language is ASCII, so names and numbers slice
/// straight into Strings, and any other byte is an error. Columns count Unicode scalars (what an editor
/// shows). The bytes are the text's own storage, valid while `ConstraintParser.scanning` runs.
///
/// This file holds the constraint rule and the tokens around it (id, relation, priority); anchors
/// (`+Anchors`) and constants and numbers (`+Constants`) are extensions.
struct ExpressionScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The 1-based column, in Unicode scalars, of a byte position.
    func column(at position: Int) -> Int {
        var column = 1
        for index in 0..<min(position, bytes.count) where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    func fail(_ message: String, at position: Int) -> ExpressionError {
        ExpressionError(column: column(at: position), message: message)
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    mutating func constraint() throws(ExpressionError) -> ParsedConstraint {
        guard bytes.count <= ConstraintParser.maximumLength else {
            throw fail("constraint is longer than \(ConstraintParser.maximumLength) bytes", at: 0)
        }
        skipSpaces()
        guard position < bytes.count else { throw fail("empty constraint", at: position) }
        let id = try optionalID()
        skipSpaces()
        let firstStart = position
        let first = try anchor()
        skipSpaces()
        let relation = try self.relation()
        skipSpaces()
        var secondStart: Int? = nil
        var constantStart: Int? = nil
        var second: Anchor? = nil
        var multiplier = 1.0
        var constant = LayoutConstant.zero
        if startsConstant() {
            constantStart = position
            constant = try signedConstant()
        } else {
            guard position < bytes.count else {
                throw fail("expected an anchor or a constant after '\(relation.rawValue)'", at: position)
            }
            secondStart = position
            second = try anchor()
            skipSpaces()
            if peek() == UInt8(ascii: "*") {
                position += 1
                skipSpaces()
                let numberStart = position
                multiplier = try signedNumber(what: "multiplier")
                guard multiplier != 0 else {
                    throw fail("a multiplier of 0 drops the second anchor; write a constant instead", at: numberStart)
                }
                skipSpaces()
            }
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                position += 1
                skipSpaces()
                constantStart = position
                guard peek() != UInt8(ascii: "+"), peek() != UInt8(ascii: "-") else {
                    throw fail(
                        "expected a number or style value after '\(Character(Unicode.Scalar(sign)))'", at: position)
                }
                constant = try unsignedConstant()
                if sign == UInt8(ascii: "-") { constant = negated(constant) }
            }
        }
        skipSpaces()
        var priority = Priority.required
        if peek() == UInt8(ascii: "@") {
            position += 1
            skipSpaces()
            priority = try self.priority()
        }
        skipSpaces()
        try expectEnd()
        let spec = LayoutConstraintSpec(
            id: id, first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
            priority: priority)
        // Every token of the language is ASCII, so a text that parsed is all ASCII and the column of a
        // byte position is the position plus one (no count of scalars needed).
        let columns = ParsedConstraint.Columns(
            first: firstStart + 1, second: secondStart.map { $0 + 1 }, constant: constantStart.map { $0 + 1 })
        return ParsedConstraint(spec: spec, columns: columns)
    }

    /// `id ":"` if the text has a colon; ids may contain "-" and ".", which anchors never mix with ":".
    /// The position of the first ':' at or after `start`, eight bytes at a time (most constraints have
    /// no id, so the whole text is searched for nothing).
    func firstColon(from start: Int) -> Int? {
        var index = start
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let colons = UInt64(UInt8(ascii: ":")) &* ones
            while index + 8 <= bytes.count {
                // A byte of `word ^ colons` is zero where the text has a colon.
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ colons
                if (word &- ones) & ~word & (ones &<< 7) != 0 { break }
                index += 8
            }
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ":") { return index }
            index += 1
        }
        return nil
    }

    mutating func optionalID() throws(ExpressionError) -> String? {
        guard let colon = firstColon(from: position) else { return nil }
        let start = position
        var end = colon
        while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        let id = text(start..<end)
        guard !id.isEmpty else { throw fail("expected a constraint id before ':'", at: colon) }
        guard ConstraintParser.isConstraintID(id) else {
            throw fail(
                "invalid constraint id \"\(id)\": use letters, digits, '_', '-' and '.', starting with a letter",
                at: start)
        }
        position = colon + 1
        return id
    }

    mutating func relation() throws(ExpressionError) -> LayoutRelation {
        let start = position
        guard let first = peek() else { throw fail("expected '==', '<=' or '>=' after the anchor", at: position) }
        let followedByEquals = position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "=")
        switch first {
        case UInt8(ascii: "=") where followedByEquals:
            position += 2
            return .equal
        case UInt8(ascii: "<") where followedByEquals:
            position += 2
            return .lessThanOrEqual
        case UInt8(ascii: ">") where followedByEquals:
            position += 2
            return .greaterThanOrEqual
        case UInt8(ascii: "="):
            throw fail("write '==' for equality", at: start)
        case UInt8(ascii: "<"), UInt8(ascii: ">"):
            throw fail(
                "strict inequalities do not exist in Auto Layout; write '\(Character(Unicode.Scalar(first)))='",
                at: start)
        default:
            throw fail("expected '==', '<=' or '>=', found \(describe(at: start))", at: start)
        }
    }

    mutating func priority() throws(ExpressionError) -> Priority {
        let start = position
        while let byte = peek(), isNameContinuation(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") {
            position += 1
        }
        let word = text(start..<position)
        guard !word.isEmpty else {
            throw fail("expected a priority after '@': required, high, low, fittingSize or 1...1000", at: start)
        }
        guard let priority = ConstraintParser.priority(named: word) else {
            throw fail(
                "invalid priority '\(word)': use required, high, low, fittingSize or an integer 1...1000", at: start)
        }
        return priority
    }

    mutating func skipSpaces() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { position += 1 }
    }

    func expectEnd() throws(ExpressionError) {
        var end = position
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        guard end == bytes.count else {
            throw fail("unexpected \(describe(at: end))", at: end)
        }
    }

    func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    /// The character at a byte position, for messages: quoted, or named when it is a control character.
    func describe(at index: Int) -> String {
        guard index < bytes.count else { return "end of constraint" }
        let scalarEnd = min(index + 4, bytes.count)
        guard let scalar = text(index..<scalarEnd).unicodeScalars.first else { return "end of constraint" }
        if scalar.value < 0x20 || scalar.value == 0x7F {
            return "control character U+\(String(scalar.value, radix: 16, uppercase: true))"
        }
        return "'\(Character(scalar))'"
    }
}
