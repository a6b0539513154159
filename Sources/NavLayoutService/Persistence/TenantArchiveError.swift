/// A tenant archive (JSON lines) that cannot be imported: what is wrong and where. Nothing is
/// written when an import throws this.
public struct TenantArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// A line that is not a JSON object.
        case malformed
        /// A record the schema refuses: a missing or mistyped field, a bad value, out of order.
        case invalid
        /// The tenant, or an id the archive brings, exists in the database.
        case conflict
    }

    /// One problem: the line (counted from 1), the field when one is to blame, and why.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        public var line: Int
        public var field: String?
        public var message: String

        public init(line: Int, field: String?, message: String) {
            self.line = line
            self.field = field
            self.message = message
        }

        /// `line 7, createdAt` (or `line 7`): where a client looks.
        public var location: String {
            "line \(line)" + (field.map { ", \($0)" } ?? "")
        }

        public var description: String {
            "\(location): \(message)"
        }
    }

    public var kind: Kind
    /// In line order; at most `maximumProblems`.
    public var problems: [Problem]

    /// Enough to fix a file in one go without flooding the answer.
    public static let maximumProblems = 50

    public init(kind: Kind, problems: [Problem]) {
        self.kind = kind
        self.problems = problems
    }

    public init(_ kind: Kind, line: Int, field: String? = nil, _ message: String) {
        self.init(kind: kind, problems: [Problem(line: line, field: field, message: message)])
    }

    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
