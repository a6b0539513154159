import Cassowary

/// Parses the constraint expression language of the service contract:
///
///     constraint := [id ":"] anchor relation rhs ["@" priority]
///     rhs        := anchor ["*" number] [("+" | "-") constant] | constant
///     anchor     := item "." attribute
///     item       := name | name ".margins" | name ".safeArea"
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

    /// Runs a scanner over the text's UTF-8 bytes.
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
