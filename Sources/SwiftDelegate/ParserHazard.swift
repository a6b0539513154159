/// A shape of source the toolchain's SwiftParser cannot read in bounded time and stack, found by a
/// light scan of the bytes before they are parsed.
///
/// The parser recurses once for each level of what is open at a point of the file: brackets,
/// string interpolations and `#if` blocks, but also the links of one expression that nest in its
/// tree (each `<` it tries as generic arguments, each `->`, `try`, assignment, `else if` and ternary,
/// and, in the tree it builds, each operator, member access and call). Several of those recursions
/// take kilobytes of stack a level (a run of `a<` about 9 KB, of `a<b<...>>` types 18 KB), none is
/// bounded, and some look ahead to the end of the run at each level, so one file of a few kilobytes
/// overflows the thread's stack (ending the process) and one of a few tens takes minutes. Such a file
/// is refused at the token where it passes the limit; layouts come nowhere near it.
///
/// The scan knows comments, string literals (interpolations are code) and statement ends (a `;`, a
/// comma outside unclosed `<`, or a new line that starts a statement rather than continuing one), and
/// counts the tokens of each statement still open at each level: where the parser's recursion can
/// only be less deep than that count, the count errs towards refusing.
enum ParserHazard {
    /// Square brackets nested past `squareBracketLimit`: the parser takes time exponential in their
    /// depth (14 nested `[` parse in about 90 ms, 20 in about 20 s). At the offset of the first too
    /// deep.
    case squareBrackets(offset: Int)
    /// More than `depthLimit` tokens open at once, counted as the type's summary says; at the offset
    /// of the first past the limit.
    case depth(offset: Int)

    static let squareBracketLimit = 10
    /// 256 levels of the parser's deepest recursion (closures in closures) take under 5 MB of stack
    /// (`navlayout-swift-bench --hazards`), within the 8 MB a thread has by default; the pool that
    /// imports gives its threads 16. The delegates of the test corpus stay under 40, the longest
    /// statement of this project's own sources (a string built of 20 parts) at 104, and none of the
    /// 902 files of swift-syntax, Alamofire and SnapKit reaches the limit (the deepest, a test of 60
    /// character ranges joined by `||`, passes 192).
    static let depthLimit = 256

    /// The error that refuses the file, at the hazard.
    func diagnostic(path: String, lines: SourceLineTable) -> SwiftImportDiagnostic {
        switch self {
        case .squareBrackets(let offset):
            return SwiftImportDiagnostic(
                .error,
                "square brackets nest more than \(Self.squareBracketLimit) deep here; the parser takes exponential time past that, so the file is not read: name the inner arrays",
                at: SwiftSourcePosition(path: path, offset: offset, in: lines))
        case .depth(let offset):
            return SwiftImportDiagnostic(
                .error,
                "more than \(Self.depthLimit) levels are open here (brackets, `#if` blocks, and the operators, generic arguments, `try`s, `else if`s, member accesses and calls of one statement, counted together); the parser recurses once for each, so the file is not read: split the statement or name its parts",
                at: SwiftSourcePosition(path: path, offset: offset, in: lines))
        }
    }

    /// The first hazard in `bytes`, if any.
    static func first(in bytes: [UInt8]) -> ParserHazard? {
        var scanner = HazardScanner(bytes: bytes)
        return scanner.scan()
    }
}

/// The scan behind `ParserHazard.first(in:)`: a lexer that only tells tokens apart as far as the
/// count needs.
private struct HazardScanner {
    enum Opener: Equatable {
        case file, parenthesis, squareBracket, brace, conditional
        /// `\(` in a string literal, which goes on after the matching `)`.
        case interpolation(hashes: Int, multiline: Bool)
    }

    /// One open level: what opened it, the tokens of its statement so far, and the `<` of that
    /// statement not yet closed by a `>`. A comma after an open `<` does not end the statement, as
    /// the parser may read both sides as generic arguments; a token no type holds (`:`, most
    /// operators) shows it will not, and ends the statement at the last such comma after all.
    struct Level {
        let opener: Opener
        var statementTokens = 0
        var openAngles = 0
        /// The statement's tokens up to its last comma passed with `<` open.
        var tokensBeforeComma = 0
    }

    let bytes: [UInt8]
    var index = 0
    var levels = [Level(opener: .file)]
    /// The tokens open at once: every level's statement, each level's opener among its parent's.
    var open = 0
    var squareBrackets = 0
    /// A line ended since the last token: the next one may start a statement.
    var newLine = false

    func at(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    mutating func scan() -> ParserHazard? {
        while index < bytes.count {
            let start = index
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                newLine = true
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0:
                index += 1
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""):
                if countToken(continuing: false) { return .depth(offset: start) }
                if let hazard = openString(hashes: 0, at: start) { return hazard }
            case UInt8(ascii: "#"):
                if let hazard = hash(at: start) { return hazard }
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                if let hazard = openBracket(byte, at: start) { return hazard }
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let hazard = closeBracket(byte) { return hazard }
            case UInt8(ascii: ","):
                index += 1
                newLine = false
                if levels[levels.count - 1].openAngles == 0 {
                    endStatement()
                } else {
                    if countToken(continuing: true) { return .depth(offset: start) }
                    levels[levels.count - 1].tokensBeforeComma = levels[levels.count - 1].statementTokens
                }
            case UInt8(ascii: ";"):
                index += 1
                newLine = false
                endStatement()
            case UInt8(ascii: "`"):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != UInt8(ascii: "\n") {
                    index += 1
                }
                if at(index) == UInt8(ascii: "`") { index += 1 }
                if countToken(continuing: false) { return .depth(offset: start) }
            case _ where Self.isOperator(byte):
                if operatorToken(at: start) { return .depth(offset: start) }
            case _ where Self.isWordStart(byte):
                let word = readWord()
                let continuing = Self.continuingWords.contains { bytes[word].elementsEqual($0) }
                if countToken(continuing: continuing) { return .depth(offset: start) }
            case _ where Self.isDigit(byte):
                while index < bytes.count,
                    Self.isWord(bytes[index]) || (bytes[index] == UInt8(ascii: ".") && Self.isDigit(at(index + 1)))
                {
                    index += 1
                }
                if countToken(continuing: false) { return .depth(offset: start) }
            case UInt8(ascii: ":"):
                index += 1
                closeAngles()
                if countToken(continuing: true) { return .depth(offset: start) }
            default:
                // `@`, `\`, `$` and the rest count as tokens.
                index += 1
                if countToken(continuing: false) { return .depth(offset: start) }
            }
        }
        return nil
    }

    // MARK: Counting

    /// Counts one token in the innermost level's statement, first ending the statement when the token
    /// starts a new line and does not continue the line before; true past the limit.
    mutating func countToken(continuing: Bool) -> Bool {
        if newLine {
            newLine = false
            if !continuing { endStatement() }
        }
        levels[levels.count - 1].statementTokens += 1
        open += 1
        return open > ParserHazard.depthLimit
    }

    mutating func endStatement() {
        open -= levels[levels.count - 1].statementTokens
        levels[levels.count - 1].statementTokens = 0
        levels[levels.count - 1].openAngles = 0
        levels[levels.count - 1].tokensBeforeComma = 0
    }

    /// A token no type holds ends the parser's look for generic arguments: the statement ends at the
    /// last comma passed with `<` open, and the tokens since carry on.
    mutating func closeAngles() {
        guard levels[levels.count - 1].openAngles > 0 else { return }
        let ended = levels[levels.count - 1].tokensBeforeComma
        levels[levels.count - 1].statementTokens -= ended
        open -= ended
        levels[levels.count - 1].openAngles = 0
        levels[levels.count - 1].tokensBeforeComma = 0
    }

    mutating func push(_ opener: Opener) {
        levels.append(Level(opener: opener))
    }

    mutating func pop() {
        open -= levels.removeLast().statementTokens
        newLine = false
    }

    // MARK: Brackets

    mutating func openBracket(_ byte: UInt8, at start: Int) -> ParserHazard? {
        index += 1
        // A `{` on a new line is a body or a trailing closure; a `(` or `[` starts a statement.
        if countToken(continuing: byte == UInt8(ascii: "{")) { return .depth(offset: start) }
        switch byte {
        case UInt8(ascii: "("): push(.parenthesis)
        case UInt8(ascii: "["):
            squareBrackets += 1
            if squareBrackets > ParserHazard.squareBracketLimit { return .squareBrackets(offset: start) }
            push(.squareBracket)
        default: push(.brace)
        }
        return nil
    }

    /// Closes the innermost level when the closer matches it; a stray closer closes nothing (the
    /// parser may not close anything on it either).
    mutating func closeBracket(_ byte: UInt8) -> ParserHazard? {
        index += 1
        switch (byte, levels[levels.count - 1].opener) {
        case (UInt8(ascii: ")"), .parenthesis), (UInt8(ascii: "}"), .brace):
            pop()
        case (UInt8(ascii: "]"), .squareBracket):
            squareBrackets -= 1
            pop()
        case (UInt8(ascii: ")"), .interpolation(let hashes, let multiline)):
            pop()
            return scanString(hashes: hashes, multiline: multiline)
        default:
            break
        }
        return nil
    }

    // MARK: `#`: directives, raw strings, keywords

    mutating func hash(at start: Int) -> ParserHazard? {
        var hashes = 0
        while at(start + hashes) == UInt8(ascii: "#") { hashes += 1 }
        if at(start + hashes) == UInt8(ascii: "\"") {
            if countToken(continuing: false) { return .depth(offset: start) }
            return openString(hashes: hashes, at: start + hashes)
        }
        index = start + 1
        guard hashes == 1, Self.isWordStart(at(index)) else {
            return countToken(continuing: false) ? .depth(offset: start) : nil
        }
        switch String(decoding: bytes[readWord()], as: UTF8.self) {
        case "if":
            if countToken(continuing: false) { return .depth(offset: start) }
            push(.conditional)
        case "elseif", "else":
            if levels[levels.count - 1].opener == .conditional { endStatement() }
        case "endif":
            if levels[levels.count - 1].opener == .conditional { pop() }
        default:
            // `#selector`, `#available`, a macro: a token like any other.
            if countToken(continuing: false) { return .depth(offset: start) }
        }
        return nil
    }

    // MARK: Strings

    /// At the opening quote of a string literal with `hashes` `#` before it.
    mutating func openString(hashes: Int, at quote: Int) -> ParserHazard? {
        let multiline = at(quote + 1) == UInt8(ascii: "\"") && at(quote + 2) == UInt8(ascii: "\"")
        index = quote + (multiline ? 3 : 1)
        return scanString(hashes: hashes, multiline: multiline)
    }

    /// Reads a string literal's text up to its closing delimiter, or into an interpolation, whose
    /// code is then scanned as a level of its own.
    mutating func scanString(hashes: Int, multiline: Bool) -> ParserHazard? {
        let quotes = multiline ? 3 : 1
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ at(index + 1 + $0) == UInt8(ascii: "#") }) {
                let escaped = index + 1 + hashes
                if at(escaped) == UInt8(ascii: "(") {
                    index = escaped + 1
                    if countToken(continuing: true) { return .depth(offset: escaped) }
                    push(.interpolation(hashes: hashes, multiline: multiline))
                    return nil
                }
                index = escaped + 1
                continue
            }
            // A single-line literal left open ends with its line.
            if current == UInt8(ascii: "\n"), !multiline { return nil }
            if current == UInt8(ascii: "\""),
                (0..<quotes).allSatisfy({ at(index + $0) == UInt8(ascii: "\"") }),
                (0..<hashes).allSatisfy({ at(index + quotes + $0) == UInt8(ascii: "#") })
            {
                index += quotes + hashes
                return nil
            }
            index += 1
        }
        return nil
    }

    // MARK: Comments, words and operators

    /// Block comments nest in Swift; one that spans lines ends the line before it.
    mutating func skipBlockComment() {
        var nesting = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") {
                nesting += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), at(index + 1) == UInt8(ascii: "/") {
                nesting -= 1
                index += 2
                if nesting == 0 { return }
            } else {
                if bytes[index] == UInt8(ascii: "\n") { newLine = true }
                index += 1
            }
        }
    }

    /// The bytes of the word at `index`, which moves past it.
    mutating func readWord() -> Range<Int> {
        let start = index
        while index < bytes.count, Self.isWord(bytes[index]) { index += 1 }
        return start..<index
    }

    /// An operator (a run of operator characters up to a comment): it continues the line before. A
    /// run of `<` may open generic arguments, a run of `>` closes them, and an operator no type holds
    /// ends the parser's look for them.
    mutating func operatorToken(at start: Int) -> Bool {
        while index < bytes.count, Self.isOperator(bytes[index]) {
            if bytes[index] == UInt8(ascii: "/"),
                at(index + 1) == UInt8(ascii: "/") || at(index + 1) == UInt8(ascii: "*")
            {
                break
            }
            index += 1
        }
        let token = bytes[start..<index]
        if token.allSatisfy({ $0 == UInt8(ascii: "<") }) {
            levels[levels.count - 1].openAngles += token.count
        } else if token.allSatisfy({ $0 == UInt8(ascii: ">") }) {
            levels[levels.count - 1].openAngles = max(0, levels[levels.count - 1].openAngles - token.count)
        } else if !Self.typeOperators.contains(where: { token.elementsEqual($0) }) {
            closeAngles()
        }
        return countToken(continuing: true)
    }

    /// The operators a type may hold: optionals, compositions, function arrows, variadics, members.
    static let typeOperators = ["?", "!", "&", "->", "...", ".", "?.", "!."].map { Array($0.utf8) }

    /// Words that continue the statement of the line before when they start a line.
    static let continuingWords = ["else", "catch", "as", "is", "where", "in"].map { Array($0.utf8) }

    static func isOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
            UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    /// Letters, `_`, `$`, and any byte of a multi-byte character (identifiers may use them).
    static func isWordStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    static func isWord(_ byte: UInt8) -> Bool { isWordStart(byte) || isDigit(byte) }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
