internal import SwiftSyntax

/// Statements: declarations of locals, conditions, loops and `return`.
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
        if statement.is(BreakStmtSyntax.self) { return .breakLoop }
        if statement.is(ContinueStmtSyntax.self) { return .continueLoop }
        throw refusal(
            "\(quoted(statement)) is not read in a layout delegate: write it with if, guard, switch or for",
            at: statement)
    }

    /// An expression used as a statement: `if` and `switch` may return from the function.
    private func executeExpression(_ expression: ExprSyntax, in scope: Scope) throws(InterpretError) -> ControlFlow {
        if let ifExpression = expression.as(IfExprSyntax.self) {
            return try executeIf(ifExpression, in: scope)
        }
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            guard let statements = try chosenCase(switchExpression, in: scope) else { return .normal }
            let flow = try execute(statements, in: Scope(parent: scope))
            if case .breakLoop = flow { return .normal }  // `break` ends a switch case
            return flow
        }
        _ = try evaluateFull(expression, in: scope)
        return .normal
    }

    private func declare(_ variable: VariableDeclSyntax, in scope: Scope) throws(InterpretError) {
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                if binding.pattern.is(WildcardPatternSyntax.self), let initializer = binding.initializer {
                    _ = try evaluateFull(initializer.value, in: scope)
                    continue
                }
                throw refusal("declare one name per binding (tuple patterns are not read)", at: binding.pattern)
            }
            if let initializer = binding.initializer {
                scope.declare(name, named(try evaluateFull(initializer.value, in: scope), name))
            } else {
                scope.declare(name, .nilValue)
            }
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

    /// The statements of the case a `switch` takes on a known value (nil when none matches).
    func chosenCase(_ node: SwitchExprSyntax, in scope: Scope) throws(InterpretError) -> CodeBlockItemListSyntax? {
        let subject = try evaluateFull(node.subject, in: scope)
        try requireKnown(subject, for: "switch", at: node.subject)
        for element in node.cases {
            guard case .switchCase(let switchCase) = element else {
                throw refusal("#if inside a switch is not read", at: element)
            }
            switch switchCase.label {
            case .default:
                return switchCase.statements
            case .case(let label):
                for item in label.caseItems {
                    if item.whereClause != nil {
                        throw refusal("a case with a where clause is not read: test the value with if", at: item)
                    }
                    guard let pattern = item.pattern.as(ExpressionPatternSyntax.self) else {
                        throw refusal(
                            "only cases that name values are read (binding patterns are not)", at: item.pattern)
                    }
                    let candidate = try evaluateFull(pattern.expression, in: scope)
                    if try equal(subject, candidate, at: pattern) { return switchCase.statements }
                }
            @unknown default:
                throw refusal("this case is not read", at: switchCase)
            }
        }
        return nil
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
            default:
                throw refusal("this kind of condition is not read: test a Bool or unwrap with if let", at: element)
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
        let fromButtons: Bool
        switch sequence {
        case .array(let values, let buttons):
            elements = values
            fromButtons = buttons
        default:
            try requireKnown(sequence, for: "the loop", at: loop.sequence)
            throw refusal("the loop runs over something that is not an array the interpreter knows", at: loop.sequence)
        }
        let name = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        if name == nil, !loop.pattern.is(WildcardPatternSyntax.self) {
            throw refusal("loop over one name (tuple patterns are not read)", at: loop.pattern)
        }
        if fromButtons { buttonLoops.append(scope) }
        defer { if fromButtons { buttonLoops.removeLast() } }
        for element in elements {
            let body = Scope(parent: scope)
            if let name { body.declare(name, element) }
            if let whereClause = loop.whereClause {
                guard try truth(of: try evaluateFull(whereClause.condition, in: body), at: whereClause) else {
                    continue
                }
            }
            switch try execute(loop.body.statements, in: body) {
            case .normal, .continueLoop: continue
            case .breakLoop: return .normal
            case .returned(let value):
                if fromButtons {
                    throw refusal(
                        "returning from a loop over newState.buttons depends on their order, which the SDK does not promise: find a button by its type",
                        at: loop)
                }
                return .returned(value)
            }
        }
        return .normal
    }
}
