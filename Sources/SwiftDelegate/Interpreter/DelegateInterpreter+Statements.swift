internal import SwiftSyntax

/// Statements: declarations of locals and local functions, conditions, loops and `return`.
extension DelegateInterpreter {
    func execute(_ statements: CodeBlockItemListSyntax, in scope: Scope) throws(InterpretError) -> ControlFlow {
        for statement in statements {
            let flow = try execute(statement.item, in: scope)
            if case .normal = flow { continue }
            return flow
        }
        return .normal
    }

    private func execute(_ item: CodeBlockItemSyntax.Item, in scope: Scope) throws(InterpretError) -> ControlFlow {
        try step(item)
        switch item {
        case .decl(let declaration):
            if let variable = declaration.as(VariableDeclSyntax.self) {
                try declare(variable, in: scope)
                return .normal
            }
            // A local function sees the locals of the scope it is declared in, those declared after
            // it included (Swift lets local functions call each other whatever their order).
            if let function = declaration.as(FunctionDeclSyntax.self) {
                scope.declare(
                    function.name.text, .localFunction(LocalFunction(syntax: function, scope: captured(scope))))
                return .normal
            }
            throw refusal(
                "\(quoted(declaration)) is not read inside a function: move it to a method of the class",
                at: declaration)
        case .stmt(let statement):
            return try execute(statement, in: scope)
        case .expr(let expression):
            return try executeExpression(expression, in: scope)
        @unknown default:
            throw refusal("\(quoted(item)) is not read", at: item)
        }
    }

    private func execute(_ statement: StmtSyntax, in scope: Scope) throws(InterpretError) -> ControlFlow {
        if let expression = statement.as(ExpressionStmtSyntax.self) {
            return try executeExpression(expression.expression, in: scope)
        }
        if let returned = statement.as(ReturnStmtSyntax.self) {
            guard let expression = returned.expression else { return .returned(.void) }
            return .returned(try evaluateFull(expression, in: scope))
        }
        if let guardStatement = statement.as(GuardStmtSyntax.self) {
            if try conditionsHold(guardStatement.conditions, in: scope, bindingInto: scope) { return .normal }
            let flow = try execute(guardStatement.body.statements, in: Scope(parent: scope))
            if case .normal = flow {
                throw refusal("a guard's else must leave the scope (return, break or continue)", at: guardStatement)
            }
            return flow
        }
        if let loop = statement.as(ForStmtSyntax.self) {
            return try executeFor(loop, in: scope)
        }
        if let loop = statement.as(WhileStmtSyntax.self) {
            while true {
                let body = Scope(parent: scope)
                guard try conditionsHold(loop.conditions, in: scope, bindingInto: body) else { return .normal }
                if let flow = Self.loopExit(try execute(loop.body.statements, in: body)) { return flow }
            }
        }
        if let loop = statement.as(RepeatStmtSyntax.self) {
            repeat {
                if let flow = Self.loopExit(try execute(loop.body.statements, in: Scope(parent: scope))) {
                    return flow
                }
            } while try truth(of: try evaluateFull(loop.condition, in: scope), at: loop.condition)
            return .normal
        }
        if statement.is(BreakStmtSyntax.self) { return .breakLoop }
        if statement.is(ContinueStmtSyntax.self) { return .continueLoop }
        throw refusal(
            "\(quoted(statement)) is not read in a layout delegate: write it with if, guard, switch or a loop",
            at: statement)
    }

    /// How a loop ends after one pass of its body: nil to go on, `.normal` after `break`, or the
    /// `return` that leaves the function. The step limit ends a loop that never does.
    static func loopExit(_ flow: ControlFlow) -> ControlFlow? {
        switch flow {
        case .normal, .continueLoop: return nil
        case .breakLoop: return .normal
        case .returned: return flow
        }
    }

    /// An expression used as a statement: `if` and `switch` may return from the function.
    private func executeExpression(_ expression: ExprSyntax, in scope: Scope) throws(InterpretError) -> ControlFlow {
        if let ifExpression = expression.as(IfExprSyntax.self) {
            return try executeIf(ifExpression, in: scope)
        }
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            guard let chosen = try chosenCase(switchExpression, in: scope) else { return .normal }
            let flow = try execute(chosen.statements, in: chosen.scope)
            if case .breakLoop = flow { return .normal }  // `break` ends a switch case
            return flow
        }
        _ = try evaluateFull(expression, in: scope)
        return .normal
    }

    private func declare(_ variable: VariableDeclSyntax, in scope: Scope) throws(InterpretError) {
        for binding in variable.bindings {
            guard let initializer = binding.initializer else {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    throw refusal("a name declared without a value is one name", at: binding.pattern)
                }
                scope.declare(name, .nilValue)
                continue
            }
            try bind(binding.pattern, to: try evaluateFull(initializer.value, in: scope), in: scope)
        }
    }

    /// Declares the names of a pattern: one name, `_`, or a tuple of patterns taking a tuple's elements
    /// in order (`let (offset, view) = pair`, `for (index, card) in cards.enumerated()`). A declaration
    /// names the views it binds; a loop variable, which takes many, does not.
    func bind(_ pattern: PatternSyntax, to value: SymbolicValue, in scope: Scope, naming: Bool = true)
        throws(InterpretError)
    {
        if let name = pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            scope.declare(name, naming ? named(value, name) : value)
            return
        }
        if pattern.is(WildcardPatternSyntax.self) { return }
        guard let tuple = pattern.as(TuplePatternSyntax.self) else {
            throw refusal("this pattern is not read: bind names, `_` or a tuple of them", at: pattern)
        }
        guard case .tuple(let elements) = value else {
            try requireKnown(value, for: "the tuple pattern", at: pattern)
            throw refusal("this tuple pattern takes apart a value that is not a tuple", at: pattern)
        }
        guard elements.count == tuple.elements.count else {
            throw refusal(
                "this pattern has \(tuple.elements.count) elements and the tuple \(elements.count)", at: pattern)
        }
        for (element, part) in zip(tuple.elements, elements) {
            try bind(element.pattern, to: part.value, in: scope, naming: naming)
        }
    }

    func executeIf(_ node: IfExprSyntax, in scope: Scope) throws(InterpretError) -> ControlFlow {
        let branch = Scope(parent: scope)
        if try conditionsHold(node.conditions, in: scope, bindingInto: branch) {
            return try execute(node.body.statements, in: branch)
        }
        switch node.elseBody {
        case .ifExpr(let next): return try executeIf(next, in: scope)
        case .codeBlock(let block): return try execute(block.statements, in: Scope(parent: scope))
        case nil: return .normal
        @unknown default: throw refusal("this else is not read", at: node)
        }
    }

    /// The statements of the case a `switch` takes on a known value (nil when none matches), and the
    /// scope they run in, holding the names the case's pattern bound.
    func chosenCase(_ node: SwitchExprSyntax, in scope: Scope) throws(InterpretError)
        -> (statements: CodeBlockItemListSyntax, scope: Scope)?
    {
        let subject = try evaluateFull(node.subject, in: scope)
        try requireKnown(subject, for: "switch", at: node.subject)
        for element in node.cases {
            guard case .switchCase(let switchCase) = element else {
                throw refusal("#if inside a switch is not read", at: element)
            }
            switch switchCase.label {
            case .default:
                return (switchCase.statements, Scope(parent: scope))
            case .case(let label):
                for item in label.caseItems {
                    let caseScope = Scope(parent: scope)
                    guard try matches(item.pattern, subject, in: scope, bindingInto: caseScope) else { continue }
                    if let whereClause = item.whereClause {
                        let condition = try evaluateFull(whereClause.condition, in: caseScope)
                        guard try truth(of: condition, at: whereClause.condition) else { continue }
                    }
                    return (switchCase.statements, caseScope)
                }
            @unknown default:
                throw refusal("this case is not read", at: switchCase)
            }
        }
        return nil
    }

    /// Whether a pattern (a `case`'s, or an `if case`'s) matches the subject, as Swift matches it:
    /// `_` matches anything, a tuple matches element by element, a case of the file's enums matches
    /// the same case with its associated values matched in turn, and any other expression is a value
    /// compared with `==`. The names the pattern binds (`.floating(let inset)`, `case let
    /// .floating(inset)`) are declared in `bindings`; `binds` is set below a `let` or `var`.
    func matches(
        _ pattern: PatternSyntax, _ subject: SymbolicValue, in scope: Scope, bindingInto bindings: Scope,
        binds: Bool = false
    ) throws(InterpretError) -> Bool {
        if pattern.is(WildcardPatternSyntax.self) { return true }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            return try matches(binding.pattern, subject, in: scope, bindingInto: bindings, binds: true)
        }
        if binds, let identifier = pattern.as(IdentifierPatternSyntax.self) {
            bindings.declare(identifier.identifier.text, named(subject, identifier.identifier.text))
            return true
        }
        if let expression = pattern.as(ExpressionPatternSyntax.self) {
            return try matches(expression.expression, subject, in: scope, bindingInto: bindings, binds: binds)
        }
        throw refusal(
            "this pattern is not read: match a value, `_`, a tuple, or a case of the file's enums (`.floating(let inset)`)",
            at: pattern)
    }

    private func matches(
        _ pattern: ExprSyntax, _ subject: SymbolicValue, in scope: Scope, bindingInto bindings: Scope, binds: Bool
    ) throws(InterpretError) -> Bool {
        if pattern.is(DiscardAssignmentExprSyntax.self) { return true }
        if let inner = pattern.as(PatternExprSyntax.self) {
            return try matches(inner.pattern, subject, in: scope, bindingInto: bindings, binds: binds)
        }
        if binds, let reference = pattern.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            bindings.declare(reference.baseName.text, named(subject, reference.baseName.text))
            return true
        }
        if let tuple = pattern.as(TupleExprSyntax.self), tuple.elements.count > 1, case .tuple(let values) = subject {
            guard values.count == tuple.elements.count else {
                throw refusal(
                    "this pattern has \(tuple.elements.count) elements and the value \(values.count)", at: tuple)
            }
            for (element, value) in zip(tuple.elements, values) {
                guard try matches(element.expression, value.value, in: scope, bindingInto: bindings, binds: binds)
                else { return false }
            }
            return true
        }
        if let call = pattern.as(FunctionCallExprSyntax.self),
            let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            case let caseName = access.declName.baseName.text,
            caseHasValues(caseName, of: access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text)
        {
            switch subject {
            case .enumValue(let name, let values):
                guard name == caseName else { return false }
                guard values.count == call.arguments.count else {
                    let count = call.arguments.count
                    throw refusal(
                        "this pattern matches \(count) value\(count == 1 ? "" : "s") and the case has \(values.count)",
                        at: call)
                }
                for (argument, value) in zip(call.arguments, values) {
                    guard try matches(argument.expression, value.value, in: scope, bindingInto: bindings, binds: binds)
                    else { return false }
                }
                return true
            case .enumCase: return false
            default: throw refusal("a case of an enum is matched against a value that is not one", at: call)
            }
        }
        return try equal(subject, try evaluateFull(pattern, in: scope), at: pattern)
    }

    /// Evaluates the conditions of an `if`, `guard` or `while`; `if let` binds into `bindingInto`.
    func conditionsHold(_ conditions: ConditionElementListSyntax, in scope: Scope, bindingInto target: Scope)
        throws(InterpretError) -> Bool
    {
        for element in conditions {
            switch element.condition {
            case .expression(let expression):
                let value = try evaluateFull(expression, in: target)
                guard try truth(of: value, at: expression) else { return false }
            case .optionalBinding(let binding):
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    throw refusal("bind one name in an if let", at: binding.pattern)
                }
                let value: SymbolicValue
                if let initializer = binding.initializer {
                    value = try evaluateFull(initializer.value, in: target)
                } else {
                    value = try valueOfName(name, in: target, at: binding)
                }
                if case .nilValue = value { return false }
                try requireKnown(value, for: "if let", at: binding)
                target.declare(name, named(value, name))
            case .matchingPattern(let condition):
                let value = try evaluateFull(condition.initializer.value, in: target)
                try requireKnown(value, for: "if case", at: condition.initializer.value)
                let bindings = Scope(parent: target)
                guard try matches(condition.pattern, value, in: target, bindingInto: bindings) else { return false }
                bindings.declareAll(in: target)
            default:
                throw refusal(
                    "this kind of condition is not read: test a Bool, unwrap with if let, or match with if case",
                    at: element)
            }
        }
        return true
    }

    func truth(of value: SymbolicValue, at node: some SyntaxProtocol) throws(InterpretError) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .unknown(let reason, let position):
            throw refusal(
                "a condition depends on \(reason), which is only known while the app runs: decide the layout from the state (wideMode, the components) instead",
                at: position)
        default:
            throw refusal("the condition is not a Bool the interpreter knows", at: node)
        }
    }

    func requireKnown(_ value: SymbolicValue, for construct: String, at node: some SyntaxProtocol)
        throws(InterpretError)
    {
        if case .unknown(let reason, let position) = value {
            throw refusal(
                "\(construct) depends on \(reason), which is only known while the app runs", at: position)
        }
    }

    private func executeFor(_ loop: ForStmtSyntax, in scope: Scope) throws(InterpretError) -> ControlFlow {
        if loop.tryKeyword != nil || loop.awaitKeyword != nil || loop.caseKeyword != nil {
            throw refusal("only plain for-in loops are read", at: loop)
        }
        let sequence = try evaluateFull(loop.sequence, in: scope)
        let elements: [SymbolicValue]
        let unordered: UnpromisedOrder?
        switch sequence {
        case .array(let values, let order):
            elements = values
            unordered = order
        case .dictionary(let entries):
            elements = Self.keyValuePairs(entries)
            unordered = .dictionary
        default:
            try requireKnown(sequence, for: "the loop", at: loop.sequence)
            throw refusal("the loop runs over something that is not an array the interpreter knows", at: loop.sequence)
        }
        if let unordered { unorderedLoops.append((scope, unordered)) }
        defer { if unordered != nil { unorderedLoops.removeLast() } }
        for element in elements {
            let body = Scope(parent: scope)
            try bind(loop.pattern, to: element, in: body, naming: false)
            if let whereClause = loop.whereClause {
                guard try truth(of: try evaluateFull(whereClause.condition, in: body), at: whereClause) else {
                    continue
                }
            }
            guard let flow = Self.loopExit(try execute(loop.body.statements, in: body)) else { continue }
            if let unordered, case .returned = flow {
                throw orderRefusal("returning from a loop over", unordered, at: loop)
            }
            return flow
        }
        return .normal
    }
}
