/// Why a constraint expression was rejected, and where: the 1-based column (in Unicode scalars) inside
/// the constraint string.
public struct ExpressionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The part of a constraint a check failed on; the JSON object form reports it as a field name.
    public enum Part: String, Sendable {
        case first
        case second
        case constant
    }

    public var column: Int
    public var message: String
    public var part: Part?

    public init(column: Int, part: Part? = nil, message: String) {
        self.column = column
        self.message = message
        self.part = part
    }

    public var description: String { "column \(column): \(message)" }
}
