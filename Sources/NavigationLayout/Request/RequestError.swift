/// Everything wrong with a request that could not be read: each issue names the JSON path of the
/// offending field and, for constraint strings and JSON syntax, the position inside it.
///
/// The HTTP layer answers this with a 422 problem document whose `errors` are these issues, in order.

import JSON

public struct RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Issue: Sendable, Equatable, CustomStringConvertible {
        /// A JSON path such as `delegate.guidance.constraints[3]`; "" for the document itself.
        public var path: String
        public var message: String
        /// 1-based line in the document; only for JSON syntax errors.
        public var line: Int?
        /// 1-based column: inside the constraint string for expression errors, inside the line for
        /// JSON syntax errors.
        public var column: Int?

        public init(path: String, message: String, line: Int? = nil, column: Int? = nil) {
            self.path = path
            self.message = message
            self.line = line
            self.column = column
        }

        public var description: String {
            var text = path.isEmpty ? "(document)" : path
            if let line { text += " line \(line)" }
            if let column { text += (line == nil ? " column \(column)" : ", column \(column)") }
            return text + ": " + message
        }
    }

    /// At least one issue, in document order.
    public var issues: [Issue]

    public init(issues: [Issue]) {
        self.issues = issues
    }

    public init(path: String, message: String, column: Int? = nil) {
        issues = [Issue(path: path, message: message, column: column)]
    }

    public init(_ syntax: JSONParseError) {
        issues = [Issue(path: "", message: syntax.message, line: syntax.line, column: syntax.column)]
    }

    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
