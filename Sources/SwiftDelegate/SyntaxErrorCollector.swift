internal import SwiftSyntax

/// The syntax errors of a parsed file, where the parser marked them in the tree: each token it expected
/// and did not find, and each run of code it could not place.
///
/// Read from the tree itself rather than through SwiftParserDiagnostics, whose generator stops the
/// process on some malformed input (a precondition on Fix-Its); a service that reads files from
/// anyone cannot call it.
final class SyntaxErrorCollector: SyntaxVisitor {
    /// More errors than this are not listed: the first ones are what a reader fixes first.
    static let limit = 20

    private let path: String
    private let lines: SourceLineTable
    private var errors: [SwiftImportDiagnostic] = []

    private init(path: String, lines: SourceLineTable) {
        self.path = path
        self.lines = lines
        super.init(viewMode: .all)
    }

    static func errors(in tree: SourceFileSyntax, path: String, lines: SourceLineTable) -> [SwiftImportDiagnostic] {
        guard tree.hasError else { return [] }
        let collector = SyntaxErrorCollector(path: path, lines: lines)
        collector.walk(tree)
        return collector.errors
    }

    private func report(_ message: String, at position: AbsolutePosition) {
        guard errors.count < Self.limit else { return }
        errors.append(
            SwiftImportDiagnostic(
                .error, message, at: SwiftSourcePosition(path: path, offset: position.utf8Offset, in: lines)))
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        let text = node.trimmedDescription
        let shown = text.count > 40 ? String(text.prefix(40)) + "..." : text
        report("unexpected code '\(shown)'", at: node.positionAfterSkippingLeadingTrivia)
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        guard token.presence == .missing else { return .skipChildren }
        let expected: String
        switch token.tokenKind {
        case .identifier:
            // A missing name or a placeholder for a missing node: name what the node is.
            let parent = token.parent.map { "\($0.kind)" } ?? "code"
            expected = Self.describe(kind: parent)
        default:
            expected = "'\(token.text)'"
        }
        report("expected \(expected)", at: token.positionAfterSkippingLeadingTrivia)
        return .skipChildren
    }

    /// `missingExpr` -> `expression`, `identifierPattern` -> `name`, and so on.
    private static func describe(kind: String) -> String {
        let lowered = kind.lowercased()
        if lowered.contains("expr") { return "expression" }
        if lowered.contains("type") { return "type" }
        if lowered.contains("pattern") || lowered.contains("identifier") { return "name" }
        if lowered.contains("decl") { return "declaration" }
        if lowered.contains("stmt") { return "statement" }
        return "code"
    }
}
