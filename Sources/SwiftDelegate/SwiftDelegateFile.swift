internal import SwiftOperators
internal import SwiftParser
internal import SwiftSyntax

/// A Swift file read with the compiler's own parser (SwiftParser, from the toolchain), and the class
/// in it that adopts the Navigation SDK's `NavigationLayoutDelegate`.
///
/// Reading refuses, with an error at its position, what a compiler would refuse or what names no
/// single delegate: a file over ``maximumBytes``, bytes that are not UTF-8, a file nested deeper
/// than the parser reads in bounded time and stack (`ParserHazard`), syntax errors (at the
/// parser's positions, with its messages), no class adopting the protocol, several without a class
/// named to pick one, or a named class that is missing or does not adopt it.
public struct SwiftDelegateFile: Sendable {
    /// The largest file read, in bytes: as large as the service's default body limit.
    public static let maximumBytes = 1 << 20
    /// The protocol a layout delegate adopts (GoogleNavigation's Swift name).
    public static let protocolName = "NavigationLayoutDelegate"

    public let path: String
    /// The delegate class's name and where it is declared.
    public let className: String
    public let classPosition: SwiftSourcePosition
    /// The layout delegate callbacks the class implements (`enableNavigationUI`, `startGuidance`,
    /// `showPrompt`, ...), each at its `func`, in file order.
    public let callbacks: [(name: String, position: SwiftSourcePosition)]

    /// Reads `bytes` as the Swift file at `path` (the path is only printed); `className` picks the
    /// delegate when the file has several.
    public static func read(_ bytes: [UInt8], path: String, className: String? = nil)
        throws(SwiftImportError) -> SwiftDelegateFile
    {
        try ParsedDelegateFile.parse(bytes, path: path, className: className).summary
    }
}

/// A parsed file with its delegate class found: the syntax tree (operators folded into expressions),
/// where each line starts, and the declarations the interpreter looks up.
final class ParsedDelegateFile {
    let path: String
    let tree: SourceFileSyntax
    let lines: SourceLineTable
    let delegateClass: ClassDeclSyntax
    let summary: SwiftDelegateFile
    /// Every type declared in the file (nested ones too), by simple name; the first declaration wins.
    let types: [String: any DeclGroupSyntax]
    /// Every extension in the file, by the simple name of the type it extends.
    let extensions: [String: [ExtensionDeclSyntax]]
    /// Functions declared at the top level of the file.
    let globalFunctions: [String: [FunctionDeclSyntax]]

    private init(
        path: String, tree: SourceFileSyntax, lines: SourceLineTable, delegateClass: ClassDeclSyntax,
        summary: SwiftDelegateFile, collector: ClassCollector
    ) {
        self.path = path
        self.tree = tree
        self.lines = lines
        self.delegateClass = delegateClass
        self.summary = summary
        self.types = collector.types
        self.extensions = Dictionary(grouping: collector.extensions) {
            Self.simpleName($0.extendedType.trimmedDescription)
        }
        var functions: [String: [FunctionDeclSyntax]] = [:]
        for item in tree.statements {
            if case .decl(let decl) = item.item, let function = decl.as(FunctionDeclSyntax.self) {
                functions[function.name.text, default: []].append(function)
            }
        }
        self.globalFunctions = functions
    }

    /// The standard operators' precedence, read once (SwiftOperators builds it by parsing their
    /// declarations).
    private static let operators = OperatorTable.standardOperators

    /// `GoogleNavigation.NavigationLayoutDelegate` -> `NavigationLayoutDelegate`; generic arguments dropped.
    static func simpleName(_ typeName: String) -> String {
        let base = typeName.split(separator: "<").first.map(String.init) ?? typeName
        return base.split(separator: ".").last.map(String.init) ?? base
    }

    func position(of node: some SyntaxProtocol) -> SwiftSourcePosition {
        SwiftSourcePosition(path: path, offset: node.positionAfterSkippingLeadingTrivia.utf8Offset, in: lines)
    }

    static func parse(_ bytes: [UInt8], path: String, className: String?) throws(SwiftImportError) -> ParsedDelegateFile
    {
        let start = SwiftSourcePosition(path: path, line: 1, column: 1)
        guard bytes.count <= SwiftDelegateFile.maximumBytes else {
            throw SwiftImportError([
                .init(
                    .error, "the file is \(bytes.count) bytes; at most \(SwiftDelegateFile.maximumBytes) are read",
                    at: start)
            ])
        }
        let lines = SourceLineTable(bytes)
        if let invalid = firstInvalidUTF8(in: bytes) {
            let hex = String(bytes[invalid], radix: 16, uppercase: true)
            throw SwiftImportError([
                .init(
                    .error,
                    "the file is not UTF-8: byte 0x\(hex.count == 1 ? "0" : "")\(hex) cannot start or continue a character",
                    at: SwiftSourcePosition(path: path, offset: invalid, in: lines))
            ])
        }
        if let hazard = ParserHazard.first(in: bytes) {
            throw SwiftImportError([hazard.diagnostic(path: path, lines: lines)])
        }
        let parsed = Parser.parse(source: String(decoding: bytes, as: UTF8.self))
        func position(of node: some SyntaxProtocol) -> SwiftSourcePosition {
            SwiftSourcePosition(path: path, offset: node.positionAfterSkippingLeadingTrivia.utf8Offset, in: lines)
        }
        let syntaxErrors = SyntaxErrorCollector.errors(in: parsed, path: path, lines: lines)
        guard syntaxErrors.isEmpty else { throw SwiftImportError(syntaxErrors) }
        // Operators folded by the standard precedence table, so `a + b * c` is a tree; the tokens, and
        // with them every position, are unchanged. A file that declares its own operators gets the
        // standard ones only, and an expression the table cannot fold stays unfolded (read as unknown).
        let tree = Self.operators.foldAll(parsed) { _ in }.as(SourceFileSyntax.self) ?? parsed
        let classes = ClassCollector.collect(in: tree)
        let chosen: ClassDeclSyntax
        if let className {
            guard let named = classes.all.first(where: { $0.name.text == className }) else {
                let known = classes.all.map { "'\($0.name.text)'" }.joined(separator: ", ")
                throw SwiftImportError([
                    .init(
                        .error,
                        "no class '\(className)' in the file" + (known.isEmpty ? "" : " (it declares \(known))"),
                        at: start)
                ])
            }
            guard classes.adopting.contains(named.name.text) else {
                throw SwiftImportError([
                    .init(
                        .error,
                        "class '\(className)' does not adopt \(SwiftDelegateFile.protocolName): a layout delegate is declared `class \(className): NSObject, \(SwiftDelegateFile.protocolName)`",
                        at: position(of: named.name))
                ])
            }
            chosen = named
        } else {
            let delegates = classes.all.filter { classes.adopting.contains($0.name.text) }
            guard let first = delegates.first else {
                let message =
                    classes.all.isEmpty
                    ? "no class in the file: a layout delegate is a class adopting \(SwiftDelegateFile.protocolName)"
                    : "no class in the file adopts \(SwiftDelegateFile.protocolName) (it declares \(classes.all.map { "'\($0.name.text)'" }.joined(separator: ", ")))"
                throw SwiftImportError([.init(.error, message, at: start)])
            }
            guard delegates.count == 1 else {
                throw SwiftImportError(
                    delegates.map { delegate in
                        .init(
                            .error,
                            "'\(delegate.name.text)' is one of \(delegates.count) classes adopting \(SwiftDelegateFile.protocolName): name the one to read (--class NAME)",
                            at: position(of: delegate.name))
                    })
            }
            chosen = first
        }
        // The class's own members, then those of its extensions in the file.
        var memberBlocks = [chosen.memberBlock]
        for extensionDecl in classes.extensions where extensionDecl.extendedType.trimmedDescription == chosen.name.text
        {
            memberBlocks.append(extensionDecl.memberBlock)
        }
        var callbacks: [(name: String, position: SwiftSourcePosition)] = []
        for block in memberBlocks {
            for member in block.members {
                guard let function = member.decl.as(FunctionDeclSyntax.self),
                    LayoutDelegateCallbacks.names.contains(function.name.text)
                else { continue }
                callbacks.append((function.name.text, position(of: function.funcKeyword)))
            }
        }
        let summary = SwiftDelegateFile(
            path: path, className: chosen.name.text, classPosition: position(of: chosen.name), callbacks: callbacks)
        return ParsedDelegateFile(
            path: path, tree: tree, lines: lines, delegateClass: chosen, summary: summary, collector: classes)
    }

    /// The offset of the first byte that is not valid UTF-8.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var offset = 0
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

/// The callbacks of `NavigationLayoutDelegate`.
enum LayoutDelegateCallbacks {
    static let names: Set<String> = [
        "enableNavigationUI", "disableNavigationUI", "startGuidance", "stopGuidance", "showPrompt", "hidePrompt",
        "changePrompt",
    ]
}

/// Every class declared in a file (nested ones too), the names of those that adopt the delegate
/// protocol (in their own inheritance clause or in an extension's), and the extensions.
final class ClassCollector: SyntaxVisitor {
    var all: [ClassDeclSyntax] = []
    var adopting: Set<String> = []
    var extensions: [ExtensionDeclSyntax] = []
    var types: [String: any DeclGroupSyntax] = [:]

    static func collect(in tree: SourceFileSyntax) -> ClassCollector {
        let collector = ClassCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        all.append(node)
        if types[node.name.text] == nil { types[node.name.text] = node }
        if Self.adopts(node.inheritanceClause) { adopting.insert(node.name.text) }
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        if types[node.name.text] == nil { types[node.name.text] = node }
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        if types[node.name.text] == nil { types[node.name.text] = node }
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        extensions.append(node)
        if Self.adopts(node.inheritanceClause) { adopting.insert(node.extendedType.trimmedDescription) }
        return .visitChildren
    }

    /// The bodies of functions, accessors and closures declare no type the interpreter reads (it
    /// refuses a type declared inside a function where it meets one), so their code is not walked.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    private static func adopts(_ clause: InheritanceClauseSyntax?) -> Bool {
        clause?.inheritedTypes.contains { inherited in
            let name = inherited.type.trimmedDescription
            return name == SwiftDelegateFile.protocolName
                || name == "GoogleNavigation." + SwiftDelegateFile.protocolName
        } ?? false
    }
}
