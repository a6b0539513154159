internal import NavigationLayout
internal import SwiftSyntax

/// Expressions: literals, names, members, operators, arrays, closures and assignment.
extension DelegateInterpreter {
    /// The value of a whole expression: a `nil` met by optional chaining makes it `nil`.
    func evaluateFull(_ expression: ExprSyntax, in scope: Scope) throws(InterpretError) -> SymbolicValue {
        do {
            return try evaluate(expression, in: scope)
        } catch .nilChain {
            return .nilValue
        }
    }

    /// The value of an expression inside an optional chain (a `nil` ends the chain by throwing).
    func evaluate(_ expression: ExprSyntax, in scope: Scope) throws(InterpretError) -> SymbolicValue {
        try step(expression)
        if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            let digits = literal.literal.text.filter { $0 != "_" }
            let value: Int? =
                digits.hasPrefix("0x")
                ? Int(digits.dropFirst(2), radix: 16)
                : digits.hasPrefix("0b") ? Int(digits.dropFirst(2), radix: 2) : Int(digits)
            guard let value else { throw refusal("the number \(literal.literal.text) is not read", at: literal) }
            return .number(Quantity(Double(value)))
        }
        if let literal = expression.as(FloatLiteralExprSyntax.self) {
            guard let value = Double(literal.literal.text.filter { $0 != "_" }) else {
                throw refusal("the number \(literal.literal.text) is not read", at: literal)
            }
            return .number(Quantity(value))
        }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            return .bool(literal.literal.tokenKind == .keyword(.true))
        }
        if expression.is(NilLiteralExprSyntax.self) { return .nilValue }
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            var text = ""
            for segment in literal.segments {
                guard let plain = segment.as(StringSegmentSyntax.self) else {
                    return .unknown(reason: "an interpolated string", at: file.position(of: segment))
                }
                text += plain.content.text
            }
            return .string(text)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return try valueOfName(reference.baseName.text, in: scope, at: reference)
        }
        if let access = expression.as(MemberAccessExprSyntax.self) {
            let name = access.declName.baseName.text
            guard let base = access.base else { return .enumCase(name) }
            return try member(of: try evaluate(base, in: scope), name, at: access)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return try evaluateCall(call, in: scope)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            return try evaluateInfix(infix, in: scope)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) {
            let operand = try evaluateFull(prefix.expression, in: scope)
            switch (prefix.operator.text, operand) {
            case ("-", .number(let quantity)):
                var negated = quantity
                negated.constant = -quantity.constant
                negated.styleCoefficient = -quantity.styleCoefficient
                return .number(negated)
            case ("+", .number): return operand
            case ("!", .bool(let flag)): return .bool(!flag)
            case (_, .unknown): return operand
            default:
                throw refusal("prefix \(prefix.operator.text) is not read on this value", at: prefix)
            }
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            let condition = try evaluateFull(ternary.condition, in: scope)
            return try evaluateFull(
                try truth(of: condition, at: ternary.condition) ? ternary.thenExpression : ternary.elseExpression,
                in: scope)
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            var values: [SymbolicValue] = []
            for element in array.elements { values.append(try evaluateFull(element.expression, in: scope)) }
            return .array(values, unordered: nil)
        }
        if let tuple = expression.as(TupleExprSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
                return try evaluateFull(only.expression, in: scope)
            }
            var elements: [TupleElement] = []
            for element in tuple.elements {
                elements.append(
                    TupleElement(label: element.label?.text, value: try evaluateFull(element.expression, in: scope)))
            }
            return .tuple(elements)
        }
        if let closure = expression.as(ClosureExprSyntax.self) {
            return self.closure(closure, in: scope)
        }
        if let chain = expression.as(OptionalChainingExprSyntax.self) {
            let value = try evaluate(chain.expression, in: scope)
            if case .nilValue = value { throw .nilChain }
            return value
        }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
            let value = try evaluate(unwrap.expression, in: scope)
            if case .nilValue = value {
                throw refusal("this force unwrap finds nil when the callbacks run in the SDK's order", at: unwrap)
            }
            return value
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
            return try evaluateSubscript(subscriptCall, in: scope)
        }
        if let cast = expression.as(AsExprSyntax.self) {
            return try evaluate(cast.expression, in: scope)
        }
        if let tryExpression = expression.as(TryExprSyntax.self) {
            return try evaluate(tryExpression.expression, in: scope)
        }
        if let keyPath = expression.as(KeyPathExprSyntax.self), keyPath.root == nil {
            var names: [String] = []
            for component in keyPath.components {
                guard case .property(let property) = component.component else {
                    throw refusal("only key paths of properties are read", at: component)
                }
                names.append(property.declName.baseName.text)
            }
            return .keyPath(names)
        }
        if let ifExpression = expression.as(IfExprSyntax.self) {
            let branch = Scope(parent: scope)
            if try conditionsHold(ifExpression.conditions, in: scope, bindingInto: branch) {
                return try runBody(ifExpression.body.statements, in: branch)
            }
            switch ifExpression.elseBody {
            case .ifExpr(let next): return try evaluate(ExprSyntax(next), in: scope)
            case .codeBlock(let block): return try runBody(block.statements, in: Scope(parent: scope))
            case nil: return .void
            @unknown default: throw refusal("this else is not read", at: ifExpression)
            }
        }
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            guard let chosen = try chosenCase(switchExpression, in: scope) else { return .void }
            return try runBody(chosen.statements, in: chosen.scope)
        }
        if expression.is(SuperExprSyntax.self) { return .type("super") }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            return try evaluateDictionary(dictionary, in: scope)
        }
        throw refusal(
            "\(quoted(expression)) is not read by the interpreter: write the layout with anchors, constraints and plain values",
            at: expression)
    }

    // MARK: Names

    /// A name: a local, `self`, a property or method of `self`, a static property of the type, a type.
    func valueOfName(_ name: String, in scope: Scope, at node: some SyntaxProtocol) throws(InterpretError)
        -> SymbolicValue
    {
        if let value = scope.lookup(name) { return value }
        if name == "self", let value = scope.selfValue { return value }
        if name == "Self", let typeName = scope.typeName { return .type(typeName) }
        if let selfValue = scope.selfValue, case .object(let object) = selfValue {
            if let value = object.fields[name] { return value }
            if let value = try computedProperty(name, of: object) { return value }
            if method(named: name, of: object.typeName) != nil {
                return .boundMethod(receiver: selfValue, name: name, at: file.position(of: node))
            }
        }
        // Inside an extension of a UIKit type, `self` is a view, guide or constraint.
        if let selfValue = scope.selfValue, Self.isImplicitMember(name, of: selfValue) {
            return try member(of: selfValue, name, at: node)
        }
        if let typeName = scope.typeName, let value = try staticProperty(name, of: typeName) { return value }
        if typeDeclaration(name) != nil || Self.knownTypes.contains(name) { return .type(name) }
        if file.globalFunctions[name] != nil {
            return .boundMethod(receiver: .type(""), name: name, at: file.position(of: node))
        }
        if Self.operatorFunctions.contains(name) { return .operatorFunction(name) }
        throw refusal(
            "'\(name)' is not declared in this file; the interpreter reads only this file and the UIKit and Navigation SDK API a layout uses",
            at: node)
    }

    /// Whether `name` is a property of a UIKit value that code in an extension reads without `self.`.
    static func isImplicitMember(_ name: String, of value: SymbolicValue) -> Bool {
        switch value {
        case .item:
            return anchorAttributes[name] != nil
                || ["layoutMarginsGuide", "safeAreaLayoutGuide", "arrangedSubviews", "superview"].contains(name)
        case .constraint:
            return ["constant", "priority", "isActive", "multiplier", "firstAnchor", "secondAnchor"].contains(name)
        default:
            return false
        }
    }

    /// The UIKit, Foundation and Navigation SDK types a layout names.
    static let knownTypes: Set<String> = [
        "NSLayoutConstraint", "UIView", "UILayoutGuide", "UILayoutPriority", "NavigationStyleValues",
        "GMSNavigationHidingStackView", "UILabel", "UIButton", "UIImageView", "UIStackView", "UIVisualEffectView",
        "UIScrollView", "UITextField", "UISwitch", "UISegmentedControl", "UIActivityIndicatorView", "UIProgressView",
        "CGFloat", "Double", "Float", "Int", "TimeInterval", "DispatchQueue", "NavigationUIButton",
        "NavigationPromptView", "GMSMapView", "NSObject", "String", "Bool", "Array",
    ]

    // MARK: Operators

    private func evaluateInfix(_ infix: InfixOperatorExprSyntax, in scope: Scope) throws(InterpretError)
        -> SymbolicValue
    {
        if infix.operator.is(AssignmentExprSyntax.self) {
            let value = try evaluateFull(infix.rightOperand, in: scope)
            try assign(value, to: infix.leftOperand, in: scope)
            return .void
        }
        guard let binary = infix.operator.as(BinaryOperatorExprSyntax.self) else {
            throw refusal("this operator is not read", at: infix.operator)
        }
        let symbol = binary.operator.text
        switch symbol {
        case "&&", "||":
            let left = try truth(of: try evaluateFull(infix.leftOperand, in: scope), at: infix.leftOperand)
            if symbol == "&&" ? !left : left { return .bool(left) }
            return .bool(try truth(of: try evaluateFull(infix.rightOperand, in: scope), at: infix.rightOperand))
        case "??":
            let left = try evaluateFull(infix.leftOperand, in: scope)
            if case .nilValue = left { return try evaluateFull(infix.rightOperand, in: scope) }
            return left
        case "+=", "-=", "*=", "/=":
            let current = try evaluateFull(infix.leftOperand, in: scope)
            let right = try evaluateFull(infix.rightOperand, in: scope)
            let value = try arithmetic(String(symbol.dropLast()), current, right, at: infix)
            try assign(value, to: infix.leftOperand, in: scope)
            return .void
        default:
            let left = try evaluateFull(infix.leftOperand, in: scope)
            let right = try evaluateFull(infix.rightOperand, in: scope)
            return try binaryOperation(symbol, left, right, at: infix)
        }
    }

    /// The operators a file may also pass as functions (`sorted(by: >)`).
    static let operatorFunctions: Set<String> = ["==", "!=", "<", ">", "<=", ">=", "+", "-", "*", "/"]

    /// A binary operator on two values: equality, comparison of numbers and strings, arithmetic.
    func binaryOperation(_ symbol: String, _ left: SymbolicValue, _ right: SymbolicValue, at node: some SyntaxProtocol)
        throws(InterpretError) -> SymbolicValue
    {
        switch symbol {
        case "==", "===": return .bool(try equal(left, right, at: node))
        case "!=", "!==": return .bool(!(try equal(left, right, at: node)))
        case "<", ">", "<=", ">=":
            if case .string(let a) = left, case .string(let b) = right {
                return .bool(Self.compare(symbol, a, b))
            }
            guard case .number(let a) = left, case .number(let b) = right else {
                if case .unknown = left { return left }
                if case .unknown = right { return right }
                throw refusal("\(symbol) compares numbers or strings only", at: node)
            }
            if !a.isPlainNumber || !b.isPlainNumber {
                warn(
                    "this comparison reads NavigationStyleValues with the default style values; a request's style overrides do not change which branch runs",
                    at: node)
            }
            return .bool(Self.compare(symbol, a.folded, b.folded))
        default:
            return try arithmetic(symbol, left, right, at: node)
        }
    }

    private static func compare<T: Comparable>(_ symbol: String, _ x: T, _ y: T) -> Bool {
        switch symbol {
        case "<": return x < y
        case ">": return x > y
        case "<=": return x <= y
        default: return x >= y
        }
    }

    /// `+ - * /` on numbers (style values kept where the document can spell them), `+` on arrays, and
    /// priorities plus or minus a number.
    func arithmetic(_ symbol: String, _ left: SymbolicValue, _ right: SymbolicValue, at node: some SyntaxProtocol)
        throws(InterpretError) -> SymbolicValue
    {
        switch (left, right) {
        case (.unknown, _): return left
        case (_, .unknown): return right
        case (.array(let a, let aOrder), .array(let b, let bOrder)) where symbol == "+":
            try checkGrowth(a.count + b.count, at: node)
            return .array(a + b, unordered: aOrder ?? bOrder)
        case (.string(let a), .string(let b)) where symbol == "+":
            try checkGrowth(a.utf8.count + b.utf8.count, at: node)
            return .string(a + b)
        case (.number(let a), .number(let b)):
            return .number(try combine(symbol, a, b, at: node))
        case (.priority(let a), .number(let b)), (.number(let b), .priority(let a)):
            guard symbol == "+" || symbol == "-", b.isPlainNumber else { break }
            return .priority(symbol == "+" ? a + b.constant : a - b.constant)
        case (.enumCase(let name), .number(let b)):
            guard let a = Self.priorityNames[name], symbol == "+" || symbol == "-", b.isPlainNumber else { break }
            return .priority(symbol == "+" ? a + b.constant : a - b.constant)
        default: break
        }
        throw refusal("\(symbol) is not read on these values", at: node)
    }

    private func combine(_ symbol: String, _ a: Quantity, _ b: Quantity, at node: some SyntaxProtocol)
        throws(InterpretError) -> Quantity
    {
        var result = Quantity(0)
        switch symbol {
        case "+", "-":
            let sign: Double = symbol == "+" ? 1 : -1
            if a.style == nil || b.style == nil || a.style == b.style {
                result.constant = a.constant + sign * b.constant
                result.style = a.style ?? b.style
                result.styleCoefficient = a.styleCoefficient + sign * b.styleCoefficient
                if result.styleCoefficient == 0 { result.style = nil }
                return result
            }
        case "*":
            if a.isPlainNumber || b.isPlainNumber {
                let (factor, other) = a.isPlainNumber ? (a.constant, b) : (b.constant, a)
                result.constant = other.constant * factor
                result.style = factor == 0 ? nil : other.style
                result.styleCoefficient = other.styleCoefficient * factor
                return result
            }
        case "/":
            guard b.folded != 0 else { throw refusal("division by zero", at: node) }
            if b.isPlainNumber {
                result.constant = a.constant / b.constant
                result.style = a.style
                result.styleCoefficient = a.styleCoefficient / b.constant
                return result
            }
        default:
            throw refusal("\(symbol) is not read on numbers", at: node)
        }
        warn(
            "this arithmetic on NavigationStyleValues is folded to a number with the default style values; a request's style overrides do not move it",
            at: node)
        let x = a.folded
        let y = b.folded
        switch symbol {
        case "+": return Quantity(x + y)
        case "-": return Quantity(x - y)
        case "*": return Quantity(x * y)
        default: return Quantity(x / y)
        }
    }

    /// The most elements an array (or bytes a string) may reach: far beyond any layout, and small
    /// enough that code doubling a value in a few lines cannot exhaust memory.
    static let maximumGrowth = 10_000

    func checkGrowth(_ count: Int, at node: some SyntaxProtocol) throws(InterpretError) {
        if count > Self.maximumGrowth {
            throw refusal(
                "this value grows past \(Self.maximumGrowth) elements; a layout never needs that many", at: node)
        }
    }

    static let priorityNames: [String: Double] = [
        "required": 1000, "defaultHigh": 750, "defaultLow": 250, "fittingSizeLevel": 50,
        "dragThatCanResizeScene": 510, "sceneSizeStayPut": 500, "dragThatCannotResizeScene": 490,
    ]

    /// `==` on values the interpreter knows: numbers, booleans, strings, cases, nil and identity.
    func equal(_ left: SymbolicValue, _ right: SymbolicValue, at node: some SyntaxProtocol) throws(InterpretError)
        -> Bool
    {
        switch (left, right) {
        case (.unknown(let reason, let position), _), (_, .unknown(let reason, let position)):
            throw refusal("a comparison depends on \(reason), which is only known while the app runs", at: position)
        case (.nilValue, .nilValue): return true
        case (.nilValue, _), (_, .nilValue): return false
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a.folded == b.folded
        case (.string(let a), .string(let b)): return a == b
        case (.enumCase(let a), .enumCase(let b)): return a == b
        case (.priority(let a), .priority(let b)): return a == b
        case (.priority(let a), .enumCase(let b)), (.enumCase(let b), .priority(let a)):
            return Self.priorityNames[b] == a
        case (.item(let a, let am), .item(let b, let bm)): return a === b && am == bm
        case (.constraint(let a), .constraint(let b)): return a === b
        case (.object(let a), .object(let b)): return a === b
        case (.button(let a), .button(let b)): return a == b
        case (.tuple(let a), .tuple(let b)) where a.count == b.count:
            return try equalElements(a, b, at: node)
        case (.enumValue(let a, let aValues), .enumValue(let b, let bValues)):
            guard a == b, aValues.count == bValues.count else { return false }
            return try equalElements(aValues, bValues, at: node)
        case (.enumValue, .enumCase), (.enumCase, .enumValue): return false
        default:
            throw refusal("these two values cannot be compared by the interpreter", at: node)
        }
    }

    /// `==` on the elements of two tuples, or the associated values of two cases, of one count.
    private func equalElements(_ left: [TupleElement], _ right: [TupleElement], at node: some SyntaxProtocol)
        throws(InterpretError) -> Bool
    {
        for (x, y) in zip(left, right) where !(try equal(x.value, y.value, at: node)) { return false }
        return true
    }

    // MARK: Assignment

    /// Stores `value` where `target` names: a local, a property, or a property UIKit or the SDK reads.
    func assign(_ value: SymbolicValue, to target: ExprSyntax, in scope: Scope) throws(InterpretError) {
        if target.is(DiscardAssignmentExprSyntax.self) { return }
        if let reference = target.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let loop = unorderedLoops.last, !scope.declaresBelow(loop.scope, name), scope.lookup(name) != nil {
                throw orderRefusal("a loop that carries '\(name)' from one of", loop.order, at: reference)
            }
            if scope.assign(name, named(value, name)) { return }
            if let selfValue = scope.selfValue, case .object(let object) = selfValue {
                try assignField(name, of: object, value, at: reference)
                return
            }
            throw refusal("'\(name)' is not declared in this file", at: reference)
        }
        if let subscriptCall = target.as(SubscriptCallExprSyntax.self) {
            try assign(value, toSubscript: subscriptCall, in: scope)
            return
        }
        if let access = target.as(MemberAccessExprSyntax.self), let baseSyntax = access.base {
            let base: SymbolicValue
            do {
                base = try evaluate(baseSyntax, in: scope)
            } catch .nilChain {
                return  // `optional?.property = value` does nothing on nil
            }
            try setMember(access.declName.baseName.text, of: base, to: value, at: access)
            return
        }
        throw refusal(
            "this assignment target is not read: assign a local, a property or an element", at: target)
    }

    func assignField(_ name: String, of object: ObjectInstance, _ value: SymbolicValue, at node: some SyntaxProtocol)
        throws(InterpretError)
    {
        if let loop = unorderedLoops.last {
            throw orderRefusal("a loop that stores '\(name)' from one of", loop.order, at: node)
        }
        object.fields[name] = named(value, name)
    }
}
