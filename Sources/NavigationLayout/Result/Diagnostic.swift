/// How bad a diagnostic is; the result's status is the worst one present.

import JSON

public enum Severity: String, Sendable, Comparable, CaseIterable {
    case info
    case warning
    case error

    private var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One finding about a layout: what is wrong (or worth knowing), which items it concerns, and the rule.
public struct Diagnostic: Sendable, Equatable {
    public var code: DiagnosticCode
    public var message: String
    /// The items the finding concerns, in the order the message names them.
    public var items: [String]
    /// The constraint at fault, as written, when there is one.
    public var constraint: String?
    /// The navigation state the finding belongs to ("disabled", "ready", "guidance").
    public var state: String
    /// unsatisfiable-constraints only: the required constraints that cannot all hold together with
    /// `constraint`; `constraint` is the one broken (left out) to recover.
    public var conflicting: [String]?
    /// Where the delegate's Swift made what the finding is about, for a delegate read from Swift.
    public var source: DiagnosticSource?

    public var severity: Severity { code.severity }

    public init(
        code: DiagnosticCode, message: String, items: [String], constraint: String? = nil, state: String,
        conflicting: [String]? = nil, source: DiagnosticSource? = nil
    ) {
        self.code = code
        self.message = message
        self.items = items
        self.constraint = constraint
        self.state = state
        self.conflicting = conflicting
        self.source = source
    }

    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["severity"] = .string(severity.rawValue)
        object["code"] = .string(code.rawValue)
        object["message"] = .string(message)
        object["items"] = .array(items.map(JSONValue.string))
        if let constraint { object["constraint"] = .string(constraint) }
        object["state"] = .string(state)
        if let conflicting {
            object["conflicting"] = .array(conflicting.map(JSONValue.string))
            if let constraint { object["brokenToRecover"] = .string(constraint) }
        }
        object["rule"] = .string(code.rule)
        if let source { object["source"] = source.jsonValue }
        return .object(object)
    }
}

/// A place in a Swift file: `{path, line, column}`, lines and columns from 1.
///
/// A class, immutable: a finding holds a reference, so that findings without a source (all but those
/// of a delegate read from Swift) stay as small as before and arrays of them grow as often.
public final class DiagnosticSource: Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let line: Int
    public let column: Int

    public static func == (lhs: DiagnosticSource, rhs: DiagnosticSource) -> Bool {
        lhs.path == rhs.path && lhs.line == rhs.line && lhs.column == rhs.column
    }

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// Reads `path:line:column`: a path that is not empty (it may itself hold colons), then a line and
    /// a column from 1.
    public convenience init?(parsing text: String) {
        guard let columnColon = text.utf8.lastIndex(of: UInt8(ascii: ":")),
            let lineColon = text.utf8[..<columnColon].lastIndex(of: UInt8(ascii: ":")),
            lineColon > text.startIndex,
            let line = Int(text[text.utf8.index(after: lineColon)..<columnColon]),
            let column = Int(text[text.utf8.index(after: columnColon)...]), line >= 1, column >= 1
        else { return nil }
        self.init(path: String(text[..<lineColon]), line: line, column: column)
    }

    /// `path:line:column`, as compilers print a place.
    public var description: String { "\(path):\(line):\(column)" }

    public var jsonValue: JSONValue {
        ["path": .string(path), "line": .number(Double(line)), "column": .number(Double(column))]
    }
}
