import Cassowary

/// Parses the constraint expression language of the service contract:
///
///     constraint := [id ":"] anchor relation rhs ["@" priority]
///     rhs        := anchor ["*" number] [("+" | "-") constant] | constant
///     anchor     := item "." attribute
///     item       := name | name ".margins"
///     relation   := "==" | "<=" | ">="
///     constant   := number | "style." styleName
///     priority   := "required" | "high" | "low" | "fittingSize" | integer 1...1000
///
/// A constant on its own may carry a sign (`contentBottom.height == -4`, `x.width == -style.buttonSize`),
/// as may a multiplier. Whitespace between tokens is free. The parser checks syntax, attribute names,
/// style names and priorities; relating anchors and knowing items is `ConstraintChecker`'s job.
public enum ConstraintParser {
    /// The longest expression accepted, in UTF-8 bytes; real constraints are well under 200.
    public static let maximumLength = 1_000

    public static func parse(_ text: String) throws(ExpressionError) -> ParsedConstraint {
        try scanning(text) { (parser: inout ExpressionScanner) throws(ExpressionError) in try parser.constraint() }
    }

    /// Parses a constraint from UTF-8 bytes the caller holds (a request's own bytes): the same as
    /// `parse(_:)` without making a String first or passing the result out of a closure.
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(ExpressionError) -> ParsedConstraint {
        var scanner = ExpressionScanner(bytes)
        return try scanner.constraint()
    }

    /// Parses a lone anchor such as `turnCard.margins.bottom` (the JSON object form's first and second).
    public static func parseAnchor(_ text: String) throws(ExpressionError) -> Anchor {
        try scanning(text) { (parser: inout ExpressionScanner) throws(ExpressionError) in
            parser.skipSpaces()
            let anchor = try parser.anchor()
            try parser.expectEnd()
            return anchor
        }
    }

    /// Parses a lone constant: a number or `style.name`, optionally negated (the JSON object form).
    public static func parseConstant(_ text: String) throws(ExpressionError) -> LayoutConstant {
        try scanning(text) { (parser: inout ExpressionScanner) throws(ExpressionError) in
            parser.skipSpaces()
            let constant = try parser.signedConstant()
            try parser.expectEnd()
            return constant
        }
    }

    /// Runs a scanner over the text's own UTF-8 storage (no copy of the bytes per constraint).
    private static func scanning<Value>(
        _ text: String, _ body: (inout ExpressionScanner) throws(ExpressionError) -> Value
    ) throws(ExpressionError) -> Value {
        var text = text
        let result: Result<Value, ExpressionError> = text.withUTF8 { bytes in
            var scanner = ExpressionScanner(bytes)
            do throws(ExpressionError) {
                return .success(try body(&scanner))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A priority by name or level, as written after "@".
    public static func priority(named text: String) -> Priority? {
        switch text {
        case "required": return .required
        case "high": return .high
        case "low": return .low
        case "fittingSize": return .fittingSize
        default:
            guard !text.isEmpty, text.utf8.count <= 4, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let level = Int(text)
            else { return nil }
            return Priority(level)
        }
    }

    /// Whether `text` is a valid item or view name: a letter or "_" followed by letters, digits or "_".
    public static func isName(_ text: String) -> Bool {
        // The text's own bytes (a short name is copied to the stack): stepping a String's UTF-8 view
        // with an iterator costs several times more per byte, and every name of a request passes here.
        var text = text
        return text.withUTF8(isName)
    }

    /// Whether the UTF-8 bytes are a valid name (see `isName(_:)`).
    static func isName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, isNameStart(first) else { return false }
        for byte in bytes.dropFirst() where !isNameContinuation(byte) { return false }
        return true
    }

    /// Whether `text` is a valid constraint id: name characters plus "-" and ".", not starting with a digit.
    public static func isConstraintID(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), isNameStart(first) else { return false }
        while let byte = bytes.next() {
            guard isNameContinuation(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") else {
                return false
            }
        }
        return true
    }
}

func isNameStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || byte == UInt8(ascii: "_")
}

func isNameContinuation(_ byte: UInt8) -> Bool {
    isNameStart(byte) || isASCIIDigit(byte)
}

func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

/// The hand-written recursive-descent scanner behind `ConstraintParser`.
///
/// It works on the UTF-8 bytes: every token of the language is ASCII, so names and numbers slice
/// straight into Strings, and any other byte is an error. Columns count Unicode scalars (what an editor
/// shows). The bytes are the text's own storage, valid while `ConstraintParser.scanning` runs.
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

    func negated(_ constant: LayoutConstant) -> LayoutConstant {
        switch constant {
        case .points(let value): return .points(-value)
        case .style(let key, let negated): return .style(key, negated: !negated)
        }
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

    mutating func name(what: String) throws(ExpressionError) -> String {
        text(try nameRange(what: what))
    }

    /// The byte range of a name, without making a String of it.
    mutating func nameRange(what: String) throws(ExpressionError) -> Range<Int> {
        let start = position
        guard let first = peek(), isNameStart(first) else {
            throw fail("expected \(what), found \(describe(at: position))", at: position)
        }
        // The end moves in a local: the scanner's own `position` would be stored back for every byte.
        let buffer = bytes
        var end = start + 1
        while end < buffer.count, isNameContinuation(buffer[end]) { end += 1 }
        position = end
        return start..<end
    }

    /// The attribute the bytes in `range` name: candidates by length and first letter, then one
    /// comparison (every anchor of every constraint passes here).
    func attribute(in range: Range<Int>) -> LayoutAttribute? {
        // Every attribute name fits in eight bytes: packed into one word, the name is settled by a
        // single comparison with the candidate's packed name.
        guard range.count >= 3, range.count <= 8 else { return nil }
        let candidate: LayoutAttribute
        switch (range.count, bytes[range.lowerBound]) {
        case (7, UInt8(ascii: "l")): candidate = .leading
        case (8, UInt8(ascii: "t")): candidate = .trailing
        case (4, UInt8(ascii: "l")): candidate = .left
        case (5, UInt8(ascii: "r")): candidate = .right
        case (3, UInt8(ascii: "t")): candidate = .top
        case (6, UInt8(ascii: "b")): candidate = .bottom
        case (5, UInt8(ascii: "w")): candidate = .width
        case (6, UInt8(ascii: "h")): candidate = .height
        case (7, UInt8(ascii: "c")):
            candidate = bytes[range.upperBound - 1] == UInt8(ascii: "X") ? .centerX : .centerY
        default: return nil
        }
        var word: UInt64 = 0
        var index = range.upperBound
        while index > range.lowerBound {
            index -= 1
            word = word << 8 | UInt64(bytes[index])
        }
        return word == candidate.packedName ? candidate : nil
    }

    /// Whether the bytes in `range` spell `word` (ASCII).
    func spells(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { expected in
            for offset in 0..<range.count where bytes[range.lowerBound + offset] != expected[offset] { return false }
            return true
        }
    }

    mutating func anchor() throws(ExpressionError) -> Anchor {
        let itemStart = position
        let itemRange = try nameRange(what: "an item name")
        if spells(itemRange, "style") {
            throw fail("'style' names a style value, not an item; a style value is a constant", at: itemStart)
        }
        let itemName = text(itemRange)
        guard peek() == UInt8(ascii: ".") else {
            throw fail("expected '.' and an attribute after '\(itemName)'", at: position)
        }
        position += 1
        var attributeStart = position
        var wordRange = try nameRange(what: "an attribute")
        var margins = false
        if spells(wordRange, "margins") {
            margins = true
            guard peek() == UInt8(ascii: ".") else {
                throw fail("expected '.' and an attribute after '\(itemName).margins'", at: position)
            }
            position += 1
            attributeStart = position
            wordRange = try nameRange(what: "an attribute")
        }
        // Attribute names are read from the bytes: every anchor of every constraint passes here.
        guard let attribute = attribute(in: wordRange) else {
            let word = text(wordRange)
            let names = LayoutAttribute.allCases.map(\.rawValue)
            throw fail(
                "unknown attribute '\(word)'\(suggestion(for: word, among: names)); attributes: \(names.joined(separator: ", "))",
                at: attributeStart)
        }
        return Anchor(item: ItemReference(name: itemName, margins: margins), attribute: attribute)
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

    /// Whether the right-hand side starts with a constant rather than an anchor.
    func startsConstant() -> Bool {
        guard let byte = peek() else { return false }
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || isASCIIDigit(byte) {
            return true
        }
        // "style." starts a style constant; a view can never be named "style".
        return position + 6 <= bytes.count && spells(position..<position + 6, "style.")
    }

    mutating func signedConstant() throws(ExpressionError) -> LayoutConstant {
        var negate = false
        if let sign = peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negate = sign == UInt8(ascii: "-")
            position += 1
            skipSpaces()
        }
        let constant = try unsignedConstant()
        return negate ? negated(constant) : constant
    }

    mutating func unsignedConstant() throws(ExpressionError) -> LayoutConstant {
        guard let byte = peek() else { throw fail("expected a number or a style value", at: position) }
        if isASCIIDigit(byte) || byte == UInt8(ascii: ".") {
            return .points(try unsignedNumber(what: "constant"))
        }
        let start = position
        let word = try name(what: "a number or a style value")
        guard word == "style" else {
            throw fail("expected a number or 'style.name', found '\(word)'", at: start)
        }
        guard peek() == UInt8(ascii: ".") else {
            throw fail("expected '.' and a style name after 'style'", at: position)
        }
        position += 1
        let nameStart = position
        let styleName = try name(what: "a style name")
        guard let key = StyleKey(rawValue: styleName) else {
            let names = StyleKey.allCases.map(\.rawValue)
            throw fail("unknown style value '\(styleName)'\(suggestion(for: styleName, among: names))", at: nameStart)
        }
        return .style(key, negated: false)
    }

    mutating func signedNumber(what: String) throws(ExpressionError) -> Double {
        var negate = false
        if let sign = peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negate = sign == UInt8(ascii: "-")
            position += 1
            skipSpaces()
        }
        let value = try unsignedNumber(what: what)
        return negate ? -value : value
    }

    /// digits ["." digits] [("e"|"E") ["+"|"-"] digits]
    mutating func unsignedNumber(what: String) throws(ExpressionError) -> Double {
        let start = position
        guard let first = peek(), isASCIIDigit(first) else {
            throw fail("expected a number for the \(what), found \(describe(at: position))", at: position)
        }
        while let byte = peek(), isASCIIDigit(byte) { position += 1 }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard let digit = peek(), isASCIIDigit(digit) else {
                throw fail("expected a digit after the decimal point", at: position)
            }
            while let byte = peek(), isASCIIDigit(byte) { position += 1 }
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            position += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            guard let digit = peek(), isASCIIDigit(digit) else {
                throw fail("expected a digit in the exponent", at: position)
            }
            while let byte = peek(), isASCIIDigit(byte) { position += 1 }
        }
        let literal = text(start..<position)
        guard let value = Double(literal), value.isFinite else {
            throw fail("\(what) \(literal) is out of range", at: start)
        }
        return value
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
