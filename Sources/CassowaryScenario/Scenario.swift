import Cassowary

/// A solver benchmark scenario: a constraint system in the plain-text format shared with the peer
/// harness (see ../shared/bench/README.md of the project's workspace):
///
///     c <strength> <op> <constant> <coef>:<var> ...   # Σ coef·var + constant <op> 0
///     edit <var> <strength> <initial>                 # after all constraints
///     resize <var> <v1> <v2> ...                      # values cycled by the resize benchmark
///
/// Variables are numbered in order of first appearance. Parsing is pure: the caller reads the file.
public struct Scenario: Sendable {
    public struct ConstraintLine: Sendable {
        public var priority: Priority
        public var relation: Relation
        public var constant: Double
        /// (variable index, coefficient)
        public var terms: [(variable: Int, coefficient: Double)]
    }

    public struct EditLine: Sendable {
        public var variable: Int
        public var priority: Priority
        public var initialValue: Double
    }

    public struct ResizeLine: Sendable {
        public var variable: Int
        public var values: [Double]
    }

    public var variableNames: [String] = []
    public var constraints: [ConstraintLine] = []
    public var edits: [EditLine] = []
    public var resizes: [ResizeLine] = []

    public init(parsing text: String) throws(ScenarioError) {
        var indexOfName: [String: Int] = [:]
        func variable(_ name: Substring) -> Int {
            let key = String(name)
            if let index = indexOfName[key] { return index }
            indexOfName[key] = variableNames.count
            variableNames.append(key)
            return variableNames.count - 1
        }
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let tokens = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let keyword = tokens.first, !keyword.hasPrefix("#") else { continue }
            func fail(_ message: String) -> ScenarioError { ScenarioError(line: lineNumber, message: message) }
            func number(_ token: Substring) throws(ScenarioError) -> Double {
                guard let value = Double(token) else { throw fail("'\(token)' is not a number") }
                return value
            }
            func priority(_ token: Substring) throws(ScenarioError) -> Priority {
                guard let priority = Scenario.priority(forStrength: token) else {
                    throw fail("unknown strength '\(token)'")
                }
                return priority
            }
            switch keyword {
            case "c":
                guard tokens.count >= 4 else { throw fail("a constraint needs a strength, an operator and a constant") }
                let relation: Relation
                switch tokens[2] {
                case "==": relation = .equal
                case "<=": relation = .lessThanOrEqual
                case ">=": relation = .greaterThanOrEqual
                default: throw fail("unknown operator '\(tokens[2])'")
                }
                var terms: [(variable: Int, coefficient: Double)] = []
                for token in tokens[4...] {
                    guard let colon = token.firstIndex(of: ":") else { throw fail("term '\(token)' is not coef:var") }
                    let coefficient = try number(token[..<colon])
                    terms.append((variable(token[token.index(after: colon)...]), coefficient))
                }
                constraints.append(
                    ConstraintLine(
                        priority: try priority(tokens[1]), relation: relation, constant: try number(tokens[3]),
                        terms: terms))
            case "edit":
                guard tokens.count == 4 else { throw fail("edit needs a variable, a strength and a value") }
                edits.append(
                    EditLine(
                        variable: variable(tokens[1]), priority: try priority(tokens[2]),
                        initialValue: try number(tokens[3])))
            case "resize":
                guard tokens.count >= 3 else { throw fail("resize needs a variable and values") }
                var values: [Double] = []
                for token in tokens[2...] { values.append(try number(token)) }
                resizes.append(ResizeLine(variable: variable(tokens[1]), values: values))
            default:
                throw fail("unknown statement '\(keyword)'")
            }
        }
    }

    /// The priority of a scenario strength. Names map to Auto Layout levels: required 1000,
    /// strong 750, medium 500, weak 250. Numbers are on the peer's scale (required 1001001000,
    /// strong 1e6, medium 1e3, weak 1) and map logarithmically through the same anchors,
    /// priority = 250 + 250 · log10(number) / 3, rounded and kept in 1...999; numbers at or above the
    /// peer's required value are required. So 100000 -> 667 and 1250 -> 508: the order of every
    /// strength is kept.
    public static func priority<S: StringProtocol>(forStrength strength: S) -> Priority? {
        switch strength {
        case "required": return .required
        case "strong": return Priority(750)
        case "medium": return Priority(500)
        case "weak": return Priority(250)
        default:
            guard let number = Double(String(strength)), number > 0 else { return nil }
            if number >= 1_001_001_000 { return .required }
            let level = (250 + 250 * decimalLogarithm(number) / 3).rounded()
            return Priority(Int(min(999, max(1, level))))
        }
    }

    /// log10 for positive finite numbers, without Foundation: the binary exponent plus a fast
    /// converging atanh series for the significand in [1, 2).
    static func decimalLogarithm(_ value: Double) -> Double {
        let ratio = (value.significand - 1) / (value.significand + 1)
        let square = ratio * ratio
        var power = ratio
        var series = 0.0
        var denominator = 1.0
        for _ in 0..<30 {
            series += power / denominator
            power *= square
            denominator += 2
        }
        let naturalLogarithmOfTwo = 0.693_147_180_559_945_3
        let natural = 2 * series + Double(value.exponent) * naturalLogarithmOfTwo
        return natural / 2.302_585_092_994_045_7
    }
}
