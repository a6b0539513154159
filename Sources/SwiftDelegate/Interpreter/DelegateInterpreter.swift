internal import SwiftSyntax

/// Why interpreting stopped: a construct whose effect cannot be known from the file (an error at its
/// position), or a `nil` met by optional chaining, which ends the chain as Swift does.
enum InterpretError: Error {
    case refused(SwiftImportDiagnostic)
    case nilChain
}

/// How a statement ended: normally, or by `return`, `break` or `continue`.
enum ControlFlow {
    case normal
    case returned(SymbolicValue)
    case breakLoop
    case continueLoop
}

/// A small abstract interpreter over the delegate file: it runs the callbacks in the SDK's order on
/// symbolic objects, as UIKit would, and records the views and constraints each leaves in place.
///
/// It follows what a delegate is made of: stored properties, locals, arrays and `+`, tuples,
/// dictionaries, methods, local functions, nested classes, extension helpers, conditions and loops
/// over known values, closures, `UIView.animate` (whose blocks end where the animation rests).
/// Whatever it cannot know (code outside the file, geometry read at run time, recursion, the order of
/// `newState.buttons` or of a dictionary) stops it with an error at the construct, never a silent drop.
final class DelegateInterpreter {
    let file: ParsedDelegateFile
    let world = LayoutWorld()
    let wideMode: Bool
    /// Whether the file read `wideMode` from a state: then it runs again in wide mode.
    var readsWideMode = false
    /// Corners set on the prompt (`roundedCorners`), as the document names them.
    var promptCorners: String?
    /// Findings that do not stop the import (a style value folded into a number).
    var warnings: [SwiftImportDiagnostic] = []

    /// Evaluation steps taken; a file that loops without end is refused at `stepLimit`.
    private var steps = 0
    static let stepLimit = 1_000_000
    /// The functions running now, by their position in the file, to refuse recursion.
    private var running: [Int] = []
    static let callDepthLimit = 64
    /// Scopes of the loops running now over elements whose order nothing promises.
    var unorderedLoops: [(scope: Scope, order: UnpromisedOrder)] = []
    /// Static properties already evaluated, by type and name.
    var statics: [String: SymbolicValue] = [:]
    let globalScope = Scope(parent: nil)
    /// The scopes closures and local functions captured, and the instances made: a program may build
    /// cycles of them (a closure stored in the scope it captured, an object that refers back to its
    /// owner), which the interpreter breaks when it is done; what it read has been copied out then.
    private var capturedScopes: [Scope] = []
    private var instances: [ObjectInstance] = []
    /// The members and methods of each type of the file, gathered once.
    private var membersByType: [String: [MemberBlockItemSyntax]] = [:]
    private var methodsByType: [String: [String: [FunctionDeclSyntax]]] = [:]
    private(set) var delegate: ObjectInstance!

    init(file: ParsedDelegateFile, wideMode: Bool) {
        self.file = file
        self.wideMode = wideMode
    }

    deinit {
        for scope in capturedScopes { scope.forgetValues() }
        for object in instances { object.fields.removeAll() }
    }

    /// A closure of the file, holding the scope it was written in.
    func closure(_ syntax: ClosureExprSyntax, in scope: Scope) -> SymbolicValue {
        .closure(Closure(syntax: syntax, scope: captured(scope)))
    }

    /// `scope`, kept until the interpreter is done.
    func captured(_ scope: Scope) -> Scope {
        if !scope.isCaptured {
            scope.isCaptured = true
            capturedScopes.append(scope)
        }
        return scope
    }

    /// The layouts the callbacks leave: ready after `enableNavigationUI`, guidance after
    /// `startGuidance`, the prompt after `showPrompt`; nil for a callback the class does not implement.
    struct Layouts {
        var ready: LayoutSnapshot?
        var guidance: LayoutSnapshot?
        var prompt: LayoutSnapshot?
        var guidanceCallback: SwiftSourcePosition?
        var promptCallback: SwiftSourcePosition?
        /// What the callbacks that end a layout leave, run after the others in the SDK's order:
        /// `hidePrompt` after the prompt (it should give back the guidance layout), `stopGuidance` after
        /// guidance and any prompt (it should give back the ready layout), `disableNavigationUI` last
        /// (it should leave nothing the delegate added); nil when not run or not read.
        var afterHidePrompt: Ending?
        var afterStopGuidance: Ending?
        var afterDisableNavigationUI: Ending?
    }

    /// The layout a callback that ends a layout leaves, and where that callback is.
    struct Ending {
        var layout: LayoutSnapshot
        var callback: SwiftSourcePosition
    }

    func run() throws(InterpretError) -> Layouts {
        let className = file.delegateClass.name.text
        delegate = try instantiate(className, arguments: [], at: file.position(of: file.delegateClass.name))
        let delegateValue = SymbolicValue.object(delegate)
        let navMap = SymbolicValue.item(world.map, guide: nil)
        let ready = SymbolicValue.navigationState(NavigationStateValue(kind: .ready, wideMode: wideMode))
        let guidance = SymbolicValue.navigationState(NavigationStateValue(kind: .guidance, wideMode: wideMode))
        var layouts = Layouts()
        if let callback = method(named: "enableNavigationUI", of: className) {
            _ = try call(
                callback, receiver: delegateValue, typeName: className,
                arguments: [("navMap", navMap), ("newState", ready)], at: file.position(of: callback.name))
            layouts.ready = try checkedSnapshot(after: callback)
        }
        if let callback = method(named: "startGuidance", of: className) {
            _ = try call(
                callback, receiver: delegateValue, typeName: className,
                arguments: [("navMap", navMap), ("newState", guidance), ("oldState", ready)],
                at: file.position(of: callback.name))
            layouts.guidance = try checkedSnapshot(after: callback)
            layouts.guidanceCallback = file.position(of: callback.funcKeyword)
        }
        if let callback = method(named: "showPrompt", of: className) {
            let prompt = SymbolicValue.item(world.builtIn("prompt"), guide: nil)
            _ = try call(
                callback, receiver: delegateValue, typeName: className,
                arguments: [("navMap", navMap), ("newPrompt", prompt)], at: file.position(of: callback.name))
            layouts.prompt = try checkedSnapshot(after: callback)
            layouts.promptCallback = file.position(of: callback.funcKeyword)
            if let hide = method(named: "hidePrompt", of: className) {
                layouts.afterHidePrompt = ending(hide, [("navMap", navMap), ("oldPrompt", prompt)])
            }
        }
        // Guidance ends after its prompt has gone: with a prompt the file does not take away, what
        // stopGuidance leaves says nothing of it.
        if layouts.guidance != nil, layouts.prompt == nil || layouts.afterHidePrompt != nil,
            let stop = method(named: "stopGuidance", of: className)
        {
            layouts.afterStopGuidance = ending(
                stop, [("navMap", navMap), ("newState", ready), ("oldState", guidance)])
        }
        // Navigation ends from the ready state, once guidance has stopped.
        if layouts.ready != nil, layouts.guidance == nil || layouts.afterStopGuidance != nil,
            let disable = method(named: "disableNavigationUI", of: className)
        {
            layouts.afterDisableNavigationUI = ending(disable, [("navMap", navMap), ("oldState", ready)])
        }
        return layouts
    }

    /// Runs a callback that ends a layout and returns what it leaves. One the interpreter cannot read
    /// is a warning that it is not checked, at the construct, and leaves nothing to compare.
    private func ending(_ callback: FunctionDeclSyntax, _ arguments: [(String, SymbolicValue)]) -> Ending? {
        let className = file.delegateClass.name.text
        do throws(InterpretError) {
            _ = try call(
                callback, receiver: .object(delegate), typeName: className, arguments: arguments,
                at: file.position(of: callback.name))
            return Ending(layout: world.snapshot(), callback: file.position(of: callback.funcKeyword))
        } catch {
            if case .refused(let diagnostic) = error {
                warn(
                    "\(callback.name.text) is not checked against the layout it gives back: \(diagnostic.message)",
                    at: diagnostic.position)
            }
            return nil
        }
    }

    /// The layout at the end of a callback, refused when an active constraint depends on a value only
    /// known at run time or relates an item that is not in the view hierarchy (UIKit raises there).
    private func checkedSnapshot(after callback: FunctionDeclSyntax) throws(InterpretError) -> LayoutSnapshot {
        let snapshot = world.snapshot()
        let callbackName = callback.name.text
        for constraint in snapshot.constraints {
            if case .unknown(let reason, let position) = constraint.constant {
                throw refusal(
                    "the constraint made at \(constraint.madeAt.line):\(constraint.madeAt.column) is active at the end of \(callbackName) with a constant computed from \(reason), which is only known while the app runs: relate anchors instead (for a fraction of the map, `widthAnchor.constraint(equalTo: navMap.widthAnchor, multiplier: 1.0 / 3)`)",
                    at: position)
            }
            for anchor in [constraint.first] + (constraint.second.map { [$0] } ?? []) {
                guard !world.isInHierarchy(anchor.item) else { continue }
                throw refusal(
                    "this constraint is active at the end of \(callbackName) but relates \(describe(anchor.item)), which is not in the map view's hierarchy then (UIKit raises when it is activated): add it with addSubview or addLayoutGuide first",
                    at: constraint.madeAt)
            }
        }
        return snapshot
    }

    func describe(_ item: LayoutItem) -> String {
        if let name = item.builtInName { return "'\(name)'" }
        if let name = item.bindingName { return "'\(name)'" }
        return "a view made at \(item.madeAt.map { "\($0.line):\($0.column)" } ?? "an unknown place")"
    }

    // MARK: Errors

    func refusal(_ message: String, at position: SwiftSourcePosition) -> InterpretError {
        .refused(SwiftImportDiagnostic(.error, message, at: position))
    }

    func refusal(_ message: String, at node: some SyntaxProtocol) -> InterpretError {
        refusal(message, at: file.position(of: node))
    }

    func warn(_ message: String, at node: some SyntaxProtocol) {
        warn(message, at: file.position(of: node))
    }

    /// Adds a warning once, however many times the code that earns it runs.
    func warn(_ message: String, at position: SwiftSourcePosition) {
        let diagnostic = SwiftImportDiagnostic(.warning, message, at: position)
        if !warnings.contains(diagnostic) { warnings.append(diagnostic) }
    }

    /// Counts one evaluation step and refuses a file that runs too long.
    func step(_ node: some SyntaxProtocol) throws(InterpretError) {
        steps += 1
        if steps > Self.stepLimit {
            throw refusal(
                "the callbacks take more than \(Self.stepLimit) steps to run; the interpreter stops here (a loop that does not end?)",
                at: node)
        }
    }

    // MARK: Declarations

    /// The type declared in the file under that name.
    func typeDeclaration(_ name: String) -> (any DeclGroupSyntax)? {
        file.types[name]
    }

    /// The members of a type: its declaration's and those of its extensions in the file.
    func members(of typeName: String) -> [MemberBlockItemSyntax] {
        if let known = membersByType[typeName] { return known }
        var members: [MemberBlockItemSyntax] = []
        if let declaration = typeDeclaration(typeName) { members.append(contentsOf: declaration.memberBlock.members) }
        for extensionDecl in file.extensions[typeName] ?? [] {
            members.append(contentsOf: extensionDecl.memberBlock.members)
        }
        membersByType[typeName] = members
        return members
    }

    /// The methods of a type (and its extensions) by name, in file order.
    private func methods(of typeName: String) -> [String: [FunctionDeclSyntax]] {
        if let known = methodsByType[typeName] { return known }
        var methods: [String: [FunctionDeclSyntax]] = [:]
        for member in members(of: typeName) {
            if let function = member.decl.as(FunctionDeclSyntax.self) {
                methods[function.name.text, default: []].append(function)
            }
        }
        methodsByType[typeName] = methods
        return methods
    }

    /// A method of the type (or its extensions), by name and, when given, argument labels.
    func method(named name: String, of typeName: String, labels: [String?]? = nil) -> FunctionDeclSyntax? {
        let candidates = methods(of: typeName)[name] ?? []
        guard let labels else { return candidates.first }
        return candidates.first { Self.accepts($0.signature.parameterClause.parameters, labels: labels) }
            ?? candidates.first
    }

    /// Whether parameters take arguments with these labels (parameters with defaults may be left out).
    static func accepts(_ parameters: FunctionParameterListSyntax, labels: [String?]) -> Bool {
        var remaining = labels[...]
        for parameter in parameters {
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            if let next = remaining.first, next == label {
                remaining = remaining.dropFirst()
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return remaining.isEmpty
    }

    /// Makes an instance of a type of the file: stored properties from their initial values, then the
    /// initializer that takes the arguments (or, without one, the arguments by property name).
    func instantiate(
        _ typeName: String, arguments: [(label: String?, value: SymbolicValue)], at position: SwiftSourcePosition
    ) throws(InterpretError) -> ObjectInstance {
        let object = ObjectInstance(typeName: typeName)
        instances.append(object)
        let scope = Scope(parent: globalScope, selfValue: .object(object), typeName: typeName)
        for member in members(of: typeName) {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !Self.isStatic(variable.modifiers) else {
                continue
            }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    throw refusal("a stored property must be one name (tuple patterns are not read)", at: binding)
                }
                if binding.accessorBlock != nil, binding.initializer == nil { continue }  // computed
                if let initializer = binding.initializer {
                    let value = try evaluateFull(initializer.value, in: scope)
                    object.fields[name] = named(value, name)
                } else if let type = binding.typeAnnotation?.type,
                    type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
                {
                    object.fields[name] = .nilValue
                }
            }
        }
        let labels = arguments.map(\.label)
        let initializers = members(of: typeName).compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        if let initializer = initializers.first(where: {
            Self.accepts($0.signature.parameterClause.parameters, labels: labels)
        }) {
            try enter(initializer, at: position)
            defer { leave() }
            let body = Scope(parent: globalScope, selfValue: .object(object), typeName: typeName)
            try bind(initializer.signature.parameterClause.parameters, arguments, in: body, at: position)
            if let statements = initializer.body?.statements { _ = try execute(statements, in: body) }
        } else if !arguments.isEmpty {
            guard initializers.isEmpty, typeDeclaration(typeName)?.is(StructDeclSyntax.self) == true else {
                throw refusal(
                    "no initializer of '\(typeName)' takes (\(labels.map { ($0 ?? "_") + ":" }.joined()))",
                    at: position)
            }
            for argument in arguments {
                guard let label = argument.label else {
                    throw refusal("a memberwise initializer of '\(typeName)' takes labelled arguments", at: position)
                }
                object.fields[label] = named(argument.value, label)
            }
        }
        return object
    }

    static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// A static property of a type of the file, evaluated once.
    func staticProperty(_ name: String, of typeName: String) throws(InterpretError) -> SymbolicValue? {
        let key = typeName + "." + name
        if let value = statics[key] { return value }
        for member in members(of: typeName) {
            guard let variable = member.decl.as(VariableDeclSyntax.self), Self.isStatic(variable.modifiers) else {
                continue
            }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                let scope = Scope(parent: globalScope, selfValue: .type(typeName), typeName: typeName)
                let value: SymbolicValue
                if let initializer = binding.initializer {
                    value = try evaluateFull(initializer.value, in: scope)
                } else if let getter = Self.getterBody(binding) {
                    value = try runBody(getter, in: scope)
                } else {
                    value = .nilValue
                }
                statics[key] = value
                return value
            }
        }
        // An enum case of the file's own enums: `AppLayout.compact`.
        if let enumDecl = typeDeclaration(typeName)?.as(EnumDeclSyntax.self) {
            for member in enumDecl.memberBlock.members {
                if let cases = member.decl.as(EnumCaseDeclSyntax.self),
                    cases.elements.contains(where: { $0.name.text == name })
                {
                    return .enumCase(name)
                }
            }
        }
        return nil
    }

    /// Whether the enum `typeName` of the file declares a case `name` with associated values; with no
    /// type (an implicit member, `.floating(inset: 12)`), whether exactly one enum of the file does.
    func caseHasValues(_ name: String, of typeName: String?) -> Bool {
        func declares(_ declaration: (any DeclGroupSyntax)?) -> Bool {
            guard let enumDecl = declaration?.as(EnumDeclSyntax.self) else { return false }
            return enumDecl.memberBlock.members.contains { member in
                member.decl.as(EnumCaseDeclSyntax.self)?.elements.contains {
                    $0.name.text == name && $0.parameterClause != nil
                } ?? false
            }
        }
        if let typeName { return declares(typeDeclaration(typeName)) }
        return file.types.values.filter { declares($0) }.count == 1
    }

    /// The statements of a computed property's getter.
    static func getterBody(_ binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        switch binding.accessorBlock?.accessors {
        case .getter(let statements): return statements
        case .accessors(let accessors):
            return accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        case nil: return nil
        @unknown default: return nil
        }
    }

    /// A computed property of an instance, run.
    func computedProperty(_ name: String, of object: ObjectInstance) throws(InterpretError) -> SymbolicValue? {
        for member in members(of: object.typeName) {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !Self.isStatic(variable.modifiers) else {
                continue
            }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                guard binding.initializer == nil, let getter = Self.getterBody(binding) else { return nil }
                let scope = Scope(parent: globalScope, selfValue: .object(object), typeName: object.typeName)
                return try runBody(getter, in: scope)
            }
        }
        return nil
    }

    // MARK: Calls

    func enter(_ function: some SyntaxProtocol, at position: SwiftSourcePosition) throws(InterpretError) {
        let identity = function.position.utf8Offset
        if running.contains(identity) {
            throw refusal(
                "recursion: this call runs a function that is already running; the interpreter reads straight-line layout code, so unroll it",
                at: position)
        }
        if running.count >= Self.callDepthLimit {
            throw refusal("calls nest more than \(Self.callDepthLimit) deep", at: position)
        }
        running.append(identity)
    }

    func leave() {
        running.removeLast()
    }

    /// Runs a function of the file with `receiver` as `self`; a local function runs in the scope it
    /// was declared in (`enclosing`), with that scope's `self`.
    func call(
        _ function: FunctionDeclSyntax, receiver: SymbolicValue?, typeName: String?,
        arguments: [(label: String?, value: SymbolicValue)], enclosing: Scope? = nil,
        at position: SwiftSourcePosition
    ) throws(InterpretError) -> SymbolicValue {
        try enter(function, at: position)
        defer { leave() }
        guard let body = function.body else {
            throw refusal("'\(function.name.text)' has no body to run", at: position)
        }
        let scope = Scope(parent: enclosing ?? globalScope, selfValue: receiver, typeName: typeName)
        try bind(function.signature.parameterClause.parameters, arguments, in: scope, at: position)
        return try runBody(body.statements, in: scope)
    }

    /// Binds arguments to parameters by label, filling the parameters left out with their defaults.
    func bind(
        _ parameters: FunctionParameterListSyntax, _ arguments: [(label: String?, value: SymbolicValue)],
        in scope: Scope, at position: SwiftSourcePosition
    ) throws(InterpretError) {
        var remaining = arguments[...]
        for parameter in parameters {
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            let name = (parameter.secondName ?? parameter.firstName).text
            if let next = remaining.first, next.label == label {
                scope.declare(name, next.value)
                remaining = remaining.dropFirst()
            } else if let defaultValue = parameter.defaultValue {
                scope.declare(name, try evaluateFull(defaultValue.value, in: scope))
            } else {
                throw refusal("the call does not pass '\(label ?? name)'", at: position)
            }
        }
        if let extra = remaining.first {
            throw refusal("the call passes '\(extra.label ?? "_")', which the function does not take", at: position)
        }
    }

    /// Runs a closure with its arguments (`$0`, `$1` or its named parameters).
    func callClosure(_ closure: Closure, _ arguments: [SymbolicValue], at node: some SyntaxProtocol)
        throws(InterpretError) -> SymbolicValue
    {
        try enter(closure.syntax, at: file.position(of: node))
        defer { leave() }
        let scope = Scope(parent: closure.scope)
        var names: [String] = []
        switch closure.syntax.signature?.parameterClause {
        case .simpleInput(let parameters): names = parameters.map(\.name.text)
        case .parameterClause(let clause): names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: break
        @unknown default: break
        }
        for (index, argument) in arguments.enumerated() {
            scope.declare("$\(index)", argument)
            if index < names.count, names[index] != "_" { scope.declare(names[index], argument) }
        }
        return try runBody(closure.syntax.statements, in: scope)
    }

    /// Runs statements as a function body: the value returned, or the value of a body that is a single
    /// expression (Swift's implicit return), or void.
    func runBody(_ statements: CodeBlockItemListSyntax, in scope: Scope) throws(InterpretError) -> SymbolicValue {
        if statements.count == 1, let only = statements.first, let expression = Self.expression(of: only.item),
            !expression.is(IfExprSyntax.self), !expression.is(SwitchExprSyntax.self)
        {
            return try evaluateFull(expression, in: scope)
        }
        switch try execute(statements, in: scope) {
        case .returned(let value): return value
        default: return .void
        }
    }

    static func expression(of item: CodeBlockItemSyntax.Item) -> ExprSyntax? {
        switch item {
        case .expr(let expression): return expression
        case .stmt(let statement): return statement.as(ExpressionStmtSyntax.self)?.expression
        case .decl: return nil
        @unknown default: return nil
        }
    }

    /// The start of the code a message is about, quoted: its first line, at most 40 characters.
    func quoted(_ node: some SyntaxProtocol) -> String {
        let firstLine = node.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
        return "`" + (firstLine.count > 40 ? firstLine.prefix(40) + "..." : firstLine) + "`"
    }

    // MARK: Names

    /// Names an item after the property or local it is first stored in.
    func named(_ value: SymbolicValue, _ name: String) -> SymbolicValue {
        if case .item(let item, nil) = value, item.bindingName == nil, item.builtInName == nil {
            item.bindingName = name
        }
        return value
    }
}
