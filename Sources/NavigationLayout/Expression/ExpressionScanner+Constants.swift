/// Constants and numbers: points, `style.name` values, multipliers, each optionally signed.
extension ExpressionScanner {
    func negated(_ constant: LayoutConstant) -> LayoutConstant {
        switch constant {
        case .points(let value): return .points(-value)
        case .style(let key, let negated): return .style(key, negated: !negated)
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
        let maximum =
            what == "multiplier" ? LayoutConstraintSpec.maximumMultiplier : LayoutConstraintSpec.maximumConstant
        guard let value = Double(literal), value.isFinite, value <= maximum else {
            throw fail("\(what) \(literal) is out of range: at most \(formatNumber(maximum)) either way", at: start)
        }
        return value
    }
}
