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
    /// The longest expression accepted; real constraints are well under 200 characters.
    public static let maximumLength = 1_000

    public static func parse(_ text: String) throws(ExpressionError) -> ParsedConstraint {
        var parser = ExpressionScanner(text)
        return try parser.constraint()
    }

    /// Parses a lone anchor such as `turnCard.margins.bottom` (the JSON object form's first and second).
    public static func parseAnchor(_ text: String) throws(ExpressionError) -> Anchor {
        var parser = ExpressionScanner(text)
        parser.skipSpaces()
        let anchor = try parser.anchor()
        try parser.expectEnd()
        return anchor
    }

    /// Parses a lone constant: a number or `style.name`, optionally negated (the JSON object form).
    public static func parseConstant(_ text: String) throws(ExpressionError) -> LayoutConstant {
        var parser = ExpressionScanner(text)
        parser.skipSpaces()
        let constant = try parser.signedConstant()
        try parser.expectEnd()
        return constant
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
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isNameStart(first) else { return false }
        while let scalar = scalars.next() {
            guard isNameContinuation(scalar) else { return false }
        }
        return true
    }

    /// Whether `text` is a valid constraint id: name characters plus "-" and ".", not starting with a digit.
    public static func isConstraintID(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isNameStart(first) else { return false }
        while let scalar = scalars.next() {
            guard isNameContinuation(scalar) || scalar == "-" || scalar == "." else { return false }
        }
        return true
    }
}

func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
    (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_"
}

func isNameContinuation(_ scalar: Unicode.Scalar) -> Bool {
    isNameStart(scalar) || isASCIIDigit(scalar)
}

func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

/// The hand-written recursive-descent scanner behind `ConstraintParser`. Positions are indexes into the
/// scalars; columns reported are position + 1.
struct ExpressionScanner {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    var column: Int { position + 1 }

    func fail(_ message: String, at position: Int) -> ExpressionError {
        ExpressionError(column: position + 1, message: message)
    }

    mutating func constraint() throws(ExpressionError) -> ParsedConstraint {
        guard scalars.count <= ConstraintParser.maximumLength else {
            throw fail("constraint is longer than \(ConstraintParser.maximumLength) characters", at: 0)
        }
        skipSpaces()
        guard position < scalars.count else { throw fail("empty constraint", at: position) }
        let id = try optionalID()
        skipSpaces()
        let firstColumn = column
        let first = try anchor()
        skipSpaces()
        let relation = try self.relation()
        skipSpaces()
        var columns = ParsedConstraint.Columns(first: firstColumn)
        var second: Anchor? = nil
        var multiplier = 1.0
        var constant = LayoutConstant.zero
        if startsConstant() {
            columns.constant = column
            constant = try signedConstant()
        } else {
            guard position < scalars.count else {
                throw fail("expected an anchor or a constant after '\(relation.rawValue)'", at: position)
            }
            columns.second = column
            second = try anchor()
            skipSpaces()
            if peek() == "*" {
                position += 1
                skipSpaces()
                let numberStart = position
                multiplier = try signedNumber(what: "multiplier")
                guard multiplier != 0 else {
                    throw fail("a multiplier of 0 drops the second anchor; write a constant instead", at: numberStart)
                }
                skipSpaces()
            }
            if let sign = peek(), sign == "+" || sign == "-" {
                position += 1
                skipSpaces()
                columns.constant = column
                let negate = sign == "-"
                guard peek() != "+", peek() != "-" else {
                    throw fail("expected a number or style value after '\(sign)'", at: position)
                }
                constant = try unsignedConstant()
                if negate {
                    switch constant {
                    case .points(let value): constant = .points(-value)
                    case .style(let key, _): constant = .style(key, negated: true)
                    }
                }
            }
        }
        skipSpaces()
        var priority = Priority.required
        if peek() == "@" {
            position += 1
            skipSpaces()
            priority = try self.priority()
        }
        skipSpaces()
        try expectEnd()
        let spec = LayoutConstraintSpec(
            id: id, first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
            priority: priority)
        return ParsedConstraint(spec: spec, columns: columns)
    }

    /// `id ":"` if the text has a colon; ids may contain "-" and ".", which anchors never mix with ":".
    mutating func optionalID() throws(ExpressionError) -> String? {
        guard let colon = scalars[position...].firstIndex(of: ":") else { return nil }
        let start = position
        var end = colon
        while end > start, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
        let id = String(String.UnicodeScalarView(scalars[start..<end]))
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
        let start = position
        guard let first = peek(), isNameStart(first) else {
            throw fail("expected \(what), found \(describe(at: position))", at: position)
        }
        position += 1
        while let scalar = peek(), isNameContinuation(scalar) { position += 1 }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }

    mutating func anchor() throws(ExpressionError) -> Anchor {
        let itemName = try name(what: "an item name")
        if itemName == "style" {
            throw fail("'style' names a style value, not an item; a style value is a constant", at: position - 5)
        }
        guard peek() == "." else {
            throw fail("expected '.' and an attribute after '\(itemName)'", at: position)
        }
        position += 1
        let attributeStart = position
        var word = try name(what: "an attribute")
        var margins = false
        if word == "margins" {
            margins = true
            guard peek() == "." else {
                throw fail("expected '.' and an attribute after '\(itemName).margins'", at: position)
            }
            position += 1
            word = try name(what: "an attribute")
        }
        guard let attribute = LayoutAttribute(rawValue: word) else {
            let start = margins ? position - word.unicodeScalars.count : attributeStart
            throw fail(
                "unknown attribute '\(word)'\(suggestion(for: word, among: LayoutAttribute.allCases.map(\.rawValue))); attributes: \(LayoutAttribute.allCases.map(\.rawValue).joined(separator: ", "))",
                at: start)
        }
        return Anchor(item: ItemReference(name: itemName, margins: margins), attribute: attribute)
    }

    mutating func relation() throws(ExpressionError) -> LayoutRelation {
        let start = position
        guard let first = peek() else { throw fail("expected '==', '<=' or '>=' after the anchor", at: position) }
        let second = position + 1 < scalars.count ? scalars[position + 1] : nil
        switch (first, second) {
        case ("=", "="):
            position += 2
            return .equal
        case ("<", "="):
            position += 2
            return .lessThanOrEqual
        case (">", "="):
            position += 2
            return .greaterThanOrEqual
        case ("=", _): throw fail("write '==' for equality", at: start)
        case ("<", _), (">", _):
            throw fail("strict inequalities do not exist in Auto Layout; write '\(first)='", at: start)
        default: throw fail("expected '==', '<=' or '>=', found \(describe(at: start))", at: start)
        }
    }

    /// Whether the right-hand side starts with a constant rather than an anchor.
    func startsConstant() -> Bool {
        guard let scalar = peek() else { return false }
        if scalar == "-" || scalar == "+" || isASCIIDigit(scalar) || scalar == "." { return true }
        // "style." starts a style constant; a view can never be named "style".
        let word = "style."
        let end = position + word.unicodeScalars.count
        return end <= scalars.count && String(String.UnicodeScalarView(scalars[position..<end])) == word
    }

    mutating func signedConstant() throws(ExpressionError) -> LayoutConstant {
        var negate = false
        if let sign = peek(), sign == "-" || sign == "+" {
            negate = sign == "-"
            position += 1
            skipSpaces()
        }
        let constant = try unsignedConstant()
        guard negate else { return constant }
        switch constant {
        case .points(let value): return .points(-value)
        case .style(let key, _): return .style(key, negated: true)
        }
    }

    mutating func unsignedConstant() throws(ExpressionError) -> LayoutConstant {
        guard let scalar = peek() else { throw fail("expected a number or a style value", at: position) }
        if isASCIIDigit(scalar) || scalar == "." {
            return .points(try unsignedNumber(what: "constant"))
        }
        let start = position
        let word = try name(what: "a number or a style value")
        guard word == "style" else {
            throw fail("expected a number or 'style.name', found '\(word)'", at: start)
        }
        guard peek() == "." else { throw fail("expected '.' and a style name after 'style'", at: position) }
        position += 1
        let nameStart = position
        let styleName = try name(what: "a style name")
        guard let key = StyleKey(rawValue: styleName) else {
            throw fail(
                "unknown style value '\(styleName)'\(suggestion(for: styleName, among: StyleKey.allCases.map(\.rawValue)))",
                at: nameStart)
        }
        return .style(key, negated: false)
    }

    mutating func signedNumber(what: String) throws(ExpressionError) -> Double {
        var negate = false
        if let sign = peek(), sign == "-" || sign == "+" {
            negate = sign == "-"
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
        while let scalar = peek(), isASCIIDigit(scalar) { position += 1 }
        if peek() == "." {
            position += 1
            guard let digit = peek(), isASCIIDigit(digit) else {
                throw fail("expected a digit after the decimal point", at: position)
            }
            while let scalar = peek(), isASCIIDigit(scalar) { position += 1 }
        }
        if let e = peek(), e == "e" || e == "E" {
            position += 1
            if let sign = peek(), sign == "+" || sign == "-" { position += 1 }
            guard let digit = peek(), isASCIIDigit(digit) else {
                throw fail("expected a digit in the exponent", at: position)
            }
            while let scalar = peek(), isASCIIDigit(scalar) { position += 1 }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        guard let value = Double(text), value.isFinite else {
            throw fail("\(what) \(text) is out of range", at: start)
        }
        return value
    }

    mutating func priority() throws(ExpressionError) -> Priority {
        let start = position
        while let scalar = peek(), isNameContinuation(scalar) || scalar == "." || scalar == "-" { position += 1 }
        let word = String(String.UnicodeScalarView(scalars[start..<position]))
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
        while let scalar = peek(), scalar == " " || scalar == "\t" { position += 1 }
    }

    func expectEnd() throws(ExpressionError) {
        var end = position
        while end < scalars.count, scalars[end] == " " || scalars[end] == "\t" { end += 1 }
        guard end == scalars.count else {
            throw fail("unexpected \(describe(at: end))", at: end)
        }
    }

    func peek() -> Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    func describe(at index: Int) -> String {
        guard index < scalars.count else { return "end of constraint" }
        let scalar = scalars[index]
        if scalar.value < 0x20 || scalar.value == 0x7F {
            return "control character U+\(String(scalar.value, radix: 16, uppercase: true))"
        }
        return "'\(Character(scalar))'"
    }
}
