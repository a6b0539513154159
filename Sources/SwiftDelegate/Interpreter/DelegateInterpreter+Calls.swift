internal import SwiftSyntax

/// An argument of a call: its label, its value, and whether it is a trailing closure (which fills
/// the next closure parameter whatever its label).
struct CallArgument {
    var label: String?
    var value: SymbolicValue
    var isTrailingClosure = false
}

extension TupleElement {
    /// An argument kept as an associated value of an enum case.
    init(_ argument: CallArgument) {
        self.init(label: argument.label, value: argument.value)
    }
}

/// Calls: functions and methods of the file, closures, initializers, and the methods of what UIKit
/// and the SDK hand over.
extension DelegateInterpreter {
    func evaluateCall(_ call: FunctionCallExprSyntax, in scope: Scope) throws(InterpretError) -> SymbolicValue {
        var arguments: [CallArgument] = []
        for argument in call.arguments {
            arguments.append(
                CallArgument(label: argument.label?.text, value: try evaluateFull(argument.expression, in: scope)))
        }
        if let closure = call.trailingClosure {
            arguments.append(
                CallArgument(
                    label: nil, value: self.closure(closure, in: scope), isTrailingClosure: true))
        }
        for extra in call.additionalTrailingClosures {
            arguments.append(
                CallArgument(label: extra.label.text, value: self.closure(extra.closure, in: scope)))
        }
        let callee = call.calledExpression
        if let access = callee.as(MemberAccessExprSyntax.self) {
            let name = access.declName.baseName.text
            guard let baseSyntax = access.base else {
                if caseHasValues(name, of: nil) { return .enumValue(name, arguments.map(TupleElement.init)) }
                throw refusal(".\(name)(...) is not read: name the type", at: access)
            }
            if baseSyntax.is(SuperExprSyntax.self) { return .void }
            let receiver = try evaluate(baseSyntax, in: scope)
            if case .type(let typeName) = receiver, caseHasValues(name, of: typeName) {
                return .enumValue(name, arguments.map(TupleElement.init))
            }
            if case .array(let elements, let unordered) = receiver,
                let changed = try mutatedArray(elements, name, arguments, at: call)
            {
                try assign(.array(changed, unordered: unordered), to: baseSyntax, in: scope)
                return .void
            }
            if case .dictionary(let entries) = receiver,
                let mutation = try mutatedDictionary(entries, name, arguments, at: call)
            {
                try assign(.dictionary(mutation.changed), to: baseSyntax, in: scope)
                return mutation.result
            }
            return try callMethod(name, on: receiver, arguments, at: call)
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let local = scope.lookup(name) { return try apply(local, arguments, at: call) }
            let labels = arguments.map(\.label)
            if let selfValue = scope.selfValue, case .object(let object) = selfValue,
                let function = method(named: name, of: object.typeName, labels: labels)
            {
                return try self.call(
                    function, receiver: selfValue, typeName: object.typeName, arguments: arguments,
                    at: file.position(of: call))
            }
            if let typeName = scope.typeName, let function = method(named: name, of: typeName, labels: labels) {
                return try self.call(
                    function, receiver: .type(typeName), typeName: typeName, arguments: arguments,
                    at: file.position(of: call))
            }
            if let functions = file.globalFunctions[name] {
                let function =
                    functions.first { Self.accepts($0.signature.parameterClause.parameters, labels: labels) }
                    ?? functions[0]
                return try self.call(
                    function, receiver: nil, typeName: nil, arguments: arguments, at: file.position(of: call))
            }
            if let value = try callStandardFunction(name, arguments, at: call) { return value }
            // Inside an extension of a UIKit type: `addSubview(view)` on `self`.
            if let selfValue = scope.selfValue, name.first?.isLowercase == true {
                switch selfValue {
                case .item, .constraint, .anchor: return try callMethod(name, on: selfValue, arguments, at: call)
                default: break
                }
            }
            return try construct(name, arguments, at: call)
        }
        if callee.is(ArrayExprSyntax.self), arguments.isEmpty { return .array([], unordered: nil) }
        if let generic = callee.as(GenericSpecializationExprSyntax.self),
            let reference = generic.expression.as(DeclReferenceExprSyntax.self)
        {
            return try construct(reference.baseName.text, arguments, at: call)
        }
        return try apply(try evaluate(callee, in: scope), arguments, at: call)
    }

    /// Calls a value: a closure, a method named without a call, or a type (its initializer).
    func apply(_ function: SymbolicValue, _ arguments: [CallArgument], at node: some SyntaxProtocol)
        throws(InterpretError) -> SymbolicValue
    {
        switch function {
        case .closure(let closure): return try callClosure(closure, arguments.map(\.value), at: node)
        case .localFunction(let local):
            return try call(
                local.syntax, receiver: nil, typeName: nil, arguments: arguments, enclosing: local.scope,
                at: file.position(of: node))
        case .operatorFunction(let symbol):
            guard arguments.count == 2 else { throw refusal("\(symbol) takes two values", at: node) }
            return try binaryOperation(symbol, arguments[0].value, arguments[1].value, at: node)
        case .boundMethod(let receiver, let name, _): return try callMethod(name, on: receiver, arguments, at: node)
        case .type(let name): return try construct(name, arguments, at: node)
        case .keyPath(let names):
            guard arguments.count == 1 else { throw refusal("a key path takes one value", at: node) }
            var value = arguments[0].value
            for name in names { value = try member(of: value, name, at: node) }
            return value
        case .unknown: return function
        default: throw refusal("this value cannot be called", at: node)
        }
    }

    /// Runs a function of the file with arguments matched to its parameters (a trailing closure fills
    /// the next parameter).
    func call(
        _ function: FunctionDeclSyntax, receiver: SymbolicValue?, typeName: String?, arguments: [CallArgument],
        enclosing: Scope? = nil, at position: SwiftSourcePosition
    ) throws(InterpretError) -> SymbolicValue {
        var labelled: [(label: String?, value: SymbolicValue)] = []
        let parameters = Array(function.signature.parameterClause.parameters)
        for (index, argument) in arguments.enumerated() {
            if argument.isTrailingClosure, index < parameters.count {
                let parameter = parameters[index]
                labelled.append(
                    (parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text, argument.value))
            } else {
                labelled.append((argument.label, argument.value))
            }
        }
        return try call(
            function, receiver: receiver, typeName: typeName, arguments: labelled, enclosing: enclosing, at: position)
    }

    /// The standard library's free functions a layout uses: `zip` over two arrays, `min` and `max` of
    /// plain numbers; nil for any other name.
    private func callStandardFunction(_ name: String, _ arguments: [CallArgument], at node: some SyntaxProtocol)
        throws(InterpretError) -> SymbolicValue?
    {
        switch name {
        case "zip":
            guard arguments.count == 2, case .array(let first, let firstOrder) = arguments[0].value,
                case .array(let second, let secondOrder) = arguments[1].value
            else {
                throw refusal("zip takes two arrays the interpreter knows", at: node)
            }
            if let order = firstOrder ?? secondOrder { throw orderRefusal("pairing", order, at: node) }
            return .array(
                zip(first, second).map {
                    .tuple([TupleElement(label: nil, value: $0), TupleElement(label: nil, value: $1)])
                },
                unordered: nil)
        case "min", "max":
            var numbers: [Double] = []
            for argument in arguments {
                if case .unknown = argument.value { return argument.value }
                guard argument.label == nil, case .number(let number) = argument.value, number.isPlainNumber else {
                    throw refusal(
                        "\(name) is read on plain numbers only (not style values, which a request may override)",
                        at: node)
                }
                numbers.append(number.constant)
            }
            guard numbers.count >= 2 else { throw refusal("\(name) takes two numbers or more", at: node) }
            return .number(Quantity(numbers.dropFirst().reduce(numbers[0], name == "min" ? Swift.min : Swift.max)))
        default:
            return nil
        }
    }

    // MARK: Methods

    /// The type names under which the file may extend a value (`extension UIView { ... }`).
    func extendedTypeNames(of value: SymbolicValue) -> [String] {
        switch value {
        case .item(let item, let guide):
            if guide != nil { return ["UILayoutGuide"] }
            switch item.kind {
            case .map: return ["GMSMapView", "UIView"]
            case .builtIn(let name):
                if name == "safeArea" { return ["UILayoutGuide"] }
                if name == "prompt" { return ["NavigationPromptView", "UIView"] }
                return ["UIView"]
            case .appView(let className): return [className, "UIView"]
            case .guide: return ["UILayoutGuide"]
            case .stack: return ["GMSNavigationHidingStackView", "UIStackView", "UIView"]
            }
        case .anchor(let anchor):
            let axis =
                anchor.isDimension
                ? "NSLayoutDimension"
                : ["top", "bottom", "centerY"].contains(anchor.attribute)
                    ? "NSLayoutYAxisAnchor" : "NSLayoutXAxisAnchor"
            return [axis, "NSLayoutAnchor"]
        case .constraint: return ["NSLayoutConstraint"]
        case .array: return ["Array", "Collection", "Sequence", "RandomAccessCollection", "BidirectionalCollection"]
        case .priority: return ["UILayoutPriority"]
        case .number: return ["CGFloat", "Double"]
        case .button: return ["NavigationUIButton"]
        default: return []
        }
    }

    func callMethod(
        _ name: String, on receiver: SymbolicValue, _ arguments: [CallArgument], at node: some SyntaxProtocol
    )
        throws(InterpretError) -> SymbolicValue
    {
        let labels = arguments.map(\.label)
        switch receiver {
        case .object(let object):
            if let function = method(named: name, of: object.typeName, labels: labels) {
                return try call(
                    function, receiver: receiver, typeName: object.typeName, arguments: arguments,
                    at: file.position(of: node))
            }
            throw refusal("'\(object.typeName)' has no method '\(name)' in this file", at: node)
        case .type(let typeName):
            if let value = try callStatic(name, of: typeName, arguments, at: node) { return value }
        case .unknown:
            return receiver
        case .nilValue:
            throw refusal("'\(name)' is called on nil here", at: node)
        default:
            if let value = try callBuiltIn(name, on: receiver, arguments, at: node) { return value }
        }
        for typeName in extendedTypeNames(of: receiver) {
            if let function = method(named: name, of: typeName, labels: labels) {
                return try call(
                    function, receiver: receiver, typeName: typeName, arguments: arguments, at: file.position(of: node))
            }
        }
        throw refusal(
            "'\(name)' is not a method the interpreter knows on \(describe(receiver)), and this file does not declare it: the interpreter cannot follow code outside the file",
            at: node)
    }

    func describe(_ value: SymbolicValue) -> String {
        switch value {
        case .item(let item, let guide): return describe(item) + (guide.map { "'s \($0.uiKitProperty)" } ?? "")
        case .anchor(let anchor): return "an anchor of \(describe(anchor.item))"
        case .constraint: return "a constraint"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        case .tuple: return "a tuple"
        case .enumValue(let name, _): return "the case .\(name)(...)"
        case .navigationState(let state): return "a \(state.typeName)"
        case .button: return "a NavigationUIButton"
        case .type(let name): return "'\(name)'"
        case .number: return "a number"
        case .priority: return "a UILayoutPriority"
        default: return "this value"
        }
    }

    /// Static methods: `NSLayoutConstraint.activate`, `UIView.animate`, a type of the file's own.
    private func callStatic(
        _ name: String, of typeName: String, _ arguments: [CallArgument], at node: some SyntaxProtocol
    )
        throws(InterpretError) -> SymbolicValue?
    {
        switch (typeName, name) {
        case ("NSLayoutConstraint", "activate"), ("NSLayoutConstraint", "deactivate"):
            guard arguments.count == 1, case .array(let elements, _) = arguments[0].value else {
                throw refusal("NSLayoutConstraint.\(name) takes an array of constraints", at: node)
            }
            for element in elements {
                guard case .constraint(let constraint) = element else {
                    throw refusal(
                        "NSLayoutConstraint.\(name) is passed \(describe(element)), not a constraint", at: node)
                }
                if name == "activate" { world.activate(constraint) } else { world.deactivate(constraint) }
            }
            return .void
        case ("NSLayoutConstraint", "constraints"):
            throw refusal(
                "visual-format constraints are not read: write each with anchors (a.leadingAnchor.constraint(equalTo: b.leadingAnchor, constant: 8))",
                at: node)
        case ("UIView", "animate"), ("UIView", "performWithoutAnimation"), ("UIView", "transition"),
            ("UIView", "animateKeyframes"):
            // The animation blocks run now, then the completion: the layout that stays is where the
            // animation rests.
            var completion: Closure?
            for argument in arguments {
                guard case .closure(let closure) = argument.value else { continue }
                if argument.label == "completion" {
                    completion = closure
                } else {
                    _ = try callClosure(closure, [], at: node)
                }
            }
            if let completion { _ = try callClosure(completion, [.bool(true)], at: node) }
            return .void
        case ("DispatchQueue.main", _):
            throw refusal(
                "work dispatched to run later is not part of the callback's layout: do it in the callback", at: node)
        default:
            break
        }
        if typeName.isEmpty, let functions = file.globalFunctions[name] {
            return try call(
                functions[0], receiver: nil, typeName: nil, arguments: arguments, at: file.position(of: node))
        }
        if let function = method(named: name, of: typeName, labels: arguments.map(\.label)) {
            return try call(
                function, receiver: .type(typeName), typeName: typeName, arguments: arguments,
                at: file.position(of: node))
        }
        if name == "init" { return try construct(typeName, arguments, at: node) }
        return nil
    }

    /// The methods of views, guides, anchors and arrays; nil when the interpreter does not know it.
    private func callBuiltIn(
        _ name: String, on receiver: SymbolicValue, _ arguments: [CallArgument], at node: some SyntaxProtocol
    ) throws(InterpretError) -> SymbolicValue? {
        switch receiver {
        case .anchor(let anchor):
            guard name == "constraint" else { return nil }
            return .constraint(try makeConstraint(from: anchor, arguments, at: node))
        case .item(let item, nil):
            return try callViewMethod(name, on: item, arguments, at: node)
        case .array(let elements, let unordered):
            return try callArrayMethod(name, on: elements, unordered: unordered, arguments, at: node)
        case .dictionary(let entries):
            // What reads a dictionary reads its entries as `(key:, value:)` tuples.
            return try callArrayMethod(
                name, on: Self.keyValuePairs(entries), unordered: .dictionary, arguments, at: node)
        default:
            return nil
        }
    }

    /// `a.constraint(equalTo: b, multiplier: m, constant: c)` and the `...ToConstant:` forms.
    private func makeConstraint(from anchor: LayoutAnchor, _ arguments: [CallArgument], at node: some SyntaxProtocol)
        throws(InterpretError) -> ConstraintRecord
    {
        guard let first = arguments.first, let label = first.label else {
            throw refusal("constraint(...) needs equalTo:, lessThanOrEqualTo: or greaterThanOrEqualTo:", at: node)
        }
        let relations = [
            "equalTo": "==", "lessThanOrEqualTo": "<=", "greaterThanOrEqualTo": ">=", "equalToConstant": "==",
            "lessThanOrEqualToConstant": "<=", "greaterThanOrEqualToConstant": ">=",
        ]
        guard let relation = relations[label] else {
            if label.contains("SystemSpacing") {
                throw refusal(
                    "system spacing is not read: write the spacing as a constant (constant: 8) or NavigationStyleValues",
                    at: node)
            }
            throw refusal("constraint(\(label):) is not a constraint the interpreter reads", at: node)
        }
        var second: LayoutAnchor?
        var constant = SymbolicValue.number(Quantity(0))
        var multiplier = 1.0
        if label.hasSuffix("Constant") {
            constant = first.value
        } else {
            guard case .anchor(let other) = first.value else {
                throw refusal("constraint(\(label):) is passed \(describe(first.value)), not an anchor", at: node)
            }
            second = other
        }
        for argument in arguments.dropFirst() {
            switch argument.label {
            case "constant":
                constant = argument.value
            case "multiplier":
                guard case .number(let value) = argument.value else {
                    try requireKnown(argument.value, for: "the multiplier", at: node)
                    throw refusal("the multiplier is not a number the interpreter knows", at: node)
                }
                if !value.isPlainNumber {
                    warn(
                        "a multiplier made from NavigationStyleValues is folded to a number with the default style values",
                        at: node)
                }
                multiplier = value.folded
            default:
                throw refusal("constraint(...) does not take '\(argument.label ?? "_")'", at: node)
            }
        }
        switch constant {
        case .number, .unknown: break
        default: throw refusal("the constant is not a number the interpreter knows", at: node)
        }
        let record = ConstraintRecord(
            first: anchor, relation: relation, second: second, multiplier: multiplier, constant: constant,
            madeAt: file.position(of: node))
        world.record(record)
        return record
    }

    private func callViewMethod(
        _ name: String, on item: LayoutItem, _ arguments: [CallArgument], at node: some SyntaxProtocol
    )
        throws(InterpretError) -> SymbolicValue?
    {
        func view(_ index: Int) throws(InterpretError) -> LayoutItem {
            guard index < arguments.count, case .item(let view, nil) = arguments[index].value, view.isView else {
                throw refusal("\(name) is passed something that is not a view", at: node)
            }
            return view
        }
        func guide() throws(InterpretError) -> LayoutItem {
            guard arguments.count == 1, case .item(let guide, nil) = arguments[0].value, guide.kind == .guide else {
                throw refusal("\(name) is passed something that is not a UILayoutGuide of this file", at: node)
            }
            return guide
        }
        switch name {
        case "addSubview", "insertSubview":
            let subview = try view(0)
            try requireContainer(item, for: name, at: node)
            try requireOutside(subview, of: item, at: node)
            var index: Int?
            if arguments.count == 2 {
                switch arguments[1].label {
                case "at":
                    guard case .number(let at) = arguments[1].value, let position = Int(exactly: at.folded) else {
                        throw refusal("insertSubview(_:at:) needs a whole number", at: node)
                    }
                    index = position
                case "aboveSubview", "belowSubview":
                    let other = try view(1)
                    index = world.subviews.firstIndex { $0 === other }.map {
                        arguments[1].label == "aboveSubview" ? $0 + 1 : $0
                    }
                default:
                    throw refusal("\(name) does not take '\(arguments[1].label ?? "_")'", at: node)
                }
            }
            world.add(subview, to: item, at: index, from: file.position(of: node))
            return .void
        case "bringSubviewToFront", "sendSubviewToBack":
            let subview = try view(0)
            try requireOutside(subview, of: item, at: node)
            world.add(subview, to: item, at: name == "sendSubviewToBack" ? 0 : nil, from: file.position(of: node))
            return .void
        case "removeFromSuperview":
            world.removeFromSuperview(item)
            return .void
        case "addLayoutGuide":
            world.addGuide(try guide())
            return .void
        case "removeLayoutGuide":
            world.removeGuide(try guide())
            return .void
        case "layoutIfNeeded", "setNeedsLayout", "updateConstraintsIfNeeded", "setNeedsUpdateConstraints",
            "layoutSubviews", "sizeToFit", "invalidateIntrinsicContentSize":
            return .void
        case "setContentHuggingPriority", "setContentCompressionResistancePriority":
            guard case .appView = item.kind else {
                throw refusal("\(name) on \(describe(item)): the SDK sizes its own components", at: node)
            }
            guard arguments.count == 2, arguments[1].label == "for", case .enumCase(let axis) = arguments[1].value,
                axis == "horizontal" || axis == "vertical"
            else {
                throw refusal("\(name) takes a priority and for: .horizontal or .vertical", at: node)
            }
            let priority = try priorityValue(arguments[0].value, at: node)
            if name == "setContentHuggingPriority" {
                item.hugging[axis] = priority
            } else {
                item.compression[axis] = priority
            }
            return .void
        case "addArrangedSubview", "insertArrangedSubview", "removeArrangedSubview":
            guard item.kind == .stack else { return nil }
            let subview = try view(0)
            if name != "removeArrangedSubview" { try requireOutside(subview, of: item, at: node) }
            item.arranged.removeAll { $0 === subview }
            if name == "addArrangedSubview" {
                item.arranged.append(subview)
            } else if name == "insertArrangedSubview" {
                guard arguments.count == 2, case .number(let at) = arguments[1].value,
                    let position = Int(exactly: at.folded), (0...item.arranged.count).contains(position)
                else {
                    throw refusal("insertArrangedSubview(_:at:) needs an index within the stack", at: node)
                }
                item.arranged.insert(subview, at: position)
            }
            return .void
        default:
            return nil
        }
    }

    /// Views are added to the map or to an app view; the SDK's components and stacks arrange their own.
    /// UIKit raises when a view is added to itself or to a view inside it (a stack's arranged views
    /// are its subviews), so the interpreter never builds a hierarchy that loops.
    func requireOutside(_ view: LayoutItem, of parent: LayoutItem, at node: some SyntaxProtocol)
        throws(InterpretError)
    {
        var pending = [view]
        var seen: Set<ObjectIdentifier> = []
        while let current = pending.popLast() {
            if current === parent {
                throw refusal(
                    "\(describe(view)) is added to itself or to a view inside it, which UIKit refuses", at: node)
            }
            guard seen.insert(ObjectIdentifier(current)).inserted else { continue }
            pending += current.arranged
            pending += world.nestedViews.filter { $0.superview === current }
        }
    }

    private func requireContainer(_ item: LayoutItem, for name: String, at node: some SyntaxProtocol)
        throws(InterpretError)
    {
        switch item.kind {
        case .map, .appView: return
        default:
            throw refusal(
                "\(name) on \(describe(item)) is not read: add views to the map view or to a view of your own", at: node
            )
        }
    }

    func priorityValue(_ value: SymbolicValue, at node: some SyntaxProtocol) throws(InterpretError) -> Double {
        switch value {
        case .priority(let priority): return priority
        case .number(let number) where number.isPlainNumber: return number.constant
        case .enumCase(let name):
            if let priority = Self.priorityNames[name] { return priority }
        default: break
        }
        try requireKnown(value, for: "the priority", at: node)
        throw refusal("this is not a UILayoutPriority the interpreter knows", at: node)
    }

    // MARK: Arrays

    /// Methods that change an array in place; nil for any other.
    private func mutatedArray(
        _ elements: [SymbolicValue], _ name: String, _ arguments: [CallArgument], at node: some SyntaxProtocol
    ) throws(InterpretError) -> [SymbolicValue]? {
        if name == "append" || name == "insert" {
            let added = arguments.first.map { argument -> Int in
                if argument.label == "contentsOf", case .array(let more, _) = argument.value { return more.count }
                return 1
            }
            try checkGrowth(elements.count + (added ?? 0), at: node)
        }
        switch name {
        case "append":
            guard arguments.count == 1 else { return nil }
            if arguments[0].label == "contentsOf" {
                guard case .array(let more, _) = arguments[0].value else {
                    throw refusal("append(contentsOf:) is passed something that is not an array", at: node)
                }
                return elements + more
            }
            return elements + [arguments[0].value]
        case "removeAll":
            guard arguments.isEmpty else {
                throw refusal("removeAll(where:) is not read: rebuild the array instead", at: node)
            }
            return []
        case "insert":
            guard arguments.count == 2, arguments[1].label == "at", case .number(let at) = arguments[1].value,
                let position = Int(exactly: at.folded), (0...elements.count).contains(position)
            else {
                throw refusal("insert(_:at:) needs an index within the array", at: node)
            }
            var changed = elements
            changed.insert(arguments[0].value, at: position)
            return changed
        default:
            return nil
        }
    }

    private func callArrayMethod(
        _ name: String, on elements: [SymbolicValue], unordered: UnpromisedOrder?, _ arguments: [CallArgument],
        at node: some SyntaxProtocol
    ) throws(InterpretError) -> SymbolicValue? {
        func function() throws(InterpretError) -> SymbolicValue {
            guard arguments.count == 1 else { throw refusal("\(name) takes one closure", at: node) }
            return arguments[0].value
        }
        switch name {
        case "map", "compactMap", "flatMap":
            let transform = try function()
            var result: [SymbolicValue] = []
            for element in elements {
                let value = try apply(transform, [CallArgument(label: nil, value: element)], at: node)
                switch (name, value) {
                case ("compactMap", .nilValue): continue
                case ("flatMap", .array(let inner, _)): result.append(contentsOf: inner)
                default: result.append(value)
                }
                try checkGrowth(result.count, at: node)
            }
            return .array(result, unordered: unordered)
        case "forEach":
            let body = try function()
            let loop: (Scope, UnpromisedOrder)? =
                if let unordered, case .closure(let closure) = body { (closure.scope, unordered) } else { nil }
            if let loop { unorderedLoops.append(loop) }
            defer { if loop != nil { unorderedLoops.removeLast() } }
            for element in elements { _ = try apply(body, [CallArgument(label: nil, value: element)], at: node) }
            return .void
        case "filter", "first", "contains", "allSatisfy":
            if name == "contains", arguments.count == 1, arguments[0].label == nil {
                for element in elements where try equal(element, arguments[0].value, at: node) { return .bool(true) }
                return .bool(false)
            }
            if name == "first", arguments.isEmpty {
                if let unordered { throw orderRefusal("taking the first of", unordered, at: node) }
                return elements.first ?? .nilValue
            }
            let predicate = try function()
            var matches: [SymbolicValue] = []
            for element in elements {
                let verdict = try apply(predicate, [CallArgument(label: nil, value: element)], at: node)
                if try truth(of: verdict, at: node) { matches.append(element) }
            }
            switch name {
            case "filter": return .array(matches, unordered: unordered)
            case "contains": return .bool(!matches.isEmpty)
            case "allSatisfy": return .bool(matches.count == elements.count)
            default:
                if let unordered, matches.count > 1 {
                    throw orderRefusal("first(where:) matching more than one of", unordered, at: node)
                }
                return matches.first ?? .nilValue
            }
        case "reduce":
            if let unordered { throw orderRefusal("reduce over", unordered, at: node) }
            guard arguments.count == 2, arguments[0].label == nil else {
                throw refusal("reduce takes a first value and a combining function, reduce(0, +)", at: node)
            }
            var result = arguments[0].value
            for element in elements {
                result = try apply(
                    arguments[1].value,
                    [CallArgument(label: nil, value: result), CallArgument(label: nil, value: element)],
                    at: node)
            }
            return result
        case "sorted" where unordered != .buttons:
            return .array(try sorted(elements, arguments, at: node), unordered: nil)
        case "reversed", "sorted", "shuffled", "dropFirst", "dropLast", "prefix", "suffix", "last", "firstIndex",
            "enumerated":
            if let unordered { throw orderRefusal("\(name) over", unordered, at: node) }
            switch name {
            case "reversed": return .array(elements.reversed(), unordered: nil)
            case "enumerated" where arguments.isEmpty:
                let pairs = elements.enumerated().map { offset, element in
                    SymbolicValue.tuple([
                        TupleElement(label: "offset", value: .number(Quantity(Double(offset)))),
                        TupleElement(label: "element", value: element),
                    ])
                }
                return .array(pairs, unordered: nil)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `sorted()` of plain numbers or strings, or `sorted(by:)` with the file's comparison; the
    /// result's order is known whatever the order of the elements was (a dictionary's keys).
    private func sorted(_ elements: [SymbolicValue], _ arguments: [CallArgument], at node: some SyntaxProtocol)
        throws(InterpretError) -> [SymbolicValue]
    {
        guard let comparison = arguments.first?.value else {
            var numbers: [Double] = []
            var texts: [String] = []
            for element in elements {
                switch element {
                case .number(let number) where number.isPlainNumber: numbers.append(number.constant)
                case .string(let text): texts.append(text)
                default:
                    throw refusal("sorted() is read on plain numbers or strings: compare with sorted(by:)", at: node)
                }
            }
            guard numbers.isEmpty || texts.isEmpty else {
                throw refusal("sorted() is read on numbers or on strings, not both", at: node)
            }
            return numbers.isEmpty
                ? texts.sorted().map(SymbolicValue.string) : numbers.sorted().map { .number(Quantity($0)) }
        }
        guard arguments.count == 1, arguments[0].label == "by" || arguments[0].isTrailingClosure else {
            throw refusal("sorted takes one comparison, sorted(by:)", at: node)
        }
        // An insertion sort: stable, and it calls the comparison the way the elements are met.
        var result: [SymbolicValue] = []
        for element in elements {
            var position = result.count
            while position > 0 {
                let verdict = try apply(
                    comparison,
                    [CallArgument(label: nil, value: element), CallArgument(label: nil, value: result[position - 1])],
                    at: node)
                guard try truth(of: verdict, at: node) else { break }
                position -= 1
            }
            result.insert(element, at: position)
        }
        return result
    }

    // MARK: Initializers

    static let viewClasses: Set<String> = [
        "UIView", "UILabel", "UIButton", "UIImageView", "UIVisualEffectView", "UIScrollView", "UITextField",
        "UISwitch", "UISegmentedControl", "UIActivityIndicatorView", "UIProgressView",
    ]

    /// `UIView()`, `UILayoutGuide()`, `GMSNavigationHidingStackView(position:alignment:)`,
    /// `UILayoutPriority(999)`, number conversions, `NSLayoutConstraint(item:...)`, and the file's types.
    func construct(_ typeName: String, _ arguments: [CallArgument], at node: some SyntaxProtocol)
        throws(InterpretError) -> SymbolicValue
    {
        let position = file.position(of: node)
        if typeDeclaration(typeName) != nil {
            return .object(try instantiate(typeName, arguments: arguments.map { ($0.label, $0.value) }, at: position))
        }
        if Self.viewClasses.contains(typeName) {
            return .item(LayoutItem(kind: .appView(className: typeName), madeAt: position), guide: nil)
        }
        switch typeName {
        case "UIStackView":
            throw refusal(
                "UIStackView is not read: arrange the views with constraints, or in a GMSNavigationHidingStackView",
                at: node)
        case "UILayoutGuide":
            return .item(LayoutItem(kind: .guide, madeAt: position), guide: nil)
        case "GMSNavigationHidingStackView":
            let stack = LayoutItem(kind: .stack, madeAt: position)
            for argument in arguments {
                guard case .enumCase(let value) = argument.value else {
                    throw refusal("GMSNavigationHidingStackView takes position: and alignment: as cases", at: node)
                }
                switch argument.label {
                case "position" where ["top", "center", "bottom"].contains(value): stack.stackPosition = value
                case "alignment" where ["leading", "trailing"].contains(value): stack.stackAlignment = value
                default:
                    throw refusal(
                        "GMSNavigationHidingStackView takes position: .top, .center or .bottom and alignment: .leading or .trailing",
                        at: node)
                }
            }
            return .item(stack, guide: nil)
        case "UILayoutPriority":
            guard arguments.count == 1, arguments[0].label == nil || arguments[0].label == "rawValue" else {
                throw refusal("UILayoutPriority takes one number", at: node)
            }
            return .priority(try priorityValue(arguments[0].value, at: node))
        case "CGFloat", "Double", "Float", "TimeInterval", "Int":
            guard arguments.count == 1 else { throw refusal("\(typeName)(...) takes one number", at: node) }
            let value = arguments[0].value
            if case .number(let number) = value, typeName == "Int" {
                return .number(Quantity(number.folded.rounded(.towardZero)))
            }
            if case .priority(let priority) = value { return .number(Quantity(priority)) }
            return value
        case "NSLayoutConstraint":
            return .constraint(try makeItemConstraint(arguments, at: node))
        default:
            throw refusal(
                "'\(typeName)' is not declared in this file; the interpreter reads only this file and the UIKit and Navigation SDK API a layout uses",
                at: node)
        }
    }

    /// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`.
    private func makeItemConstraint(_ arguments: [CallArgument], at node: some SyntaxProtocol) throws(InterpretError)
        -> ConstraintRecord
    {
        let labels = arguments.map { $0.label ?? "_" }
        guard labels == ["item", "attribute", "relatedBy", "toItem", "attribute", "multiplier", "constant"] else {
            throw refusal(
                "NSLayoutConstraint(...) is read in its full form (item:attribute:relatedBy:toItem:attribute:multiplier:constant:)",
                at: node)
        }
        func anchor(item: SymbolicValue, attribute: SymbolicValue) throws(InterpretError) -> LayoutAnchor? {
            if case .nilValue = item { return nil }
            guard case .item(let target, let guide) = item, case .enumCase(let name) = attribute else {
                throw refusal("the item and attribute are not a view and an attribute the interpreter knows", at: node)
            }
            let attributes = [
                "leading", "trailing", "left", "right", "top", "bottom", "width", "height", "centerX", "centerY",
            ]
            guard attributes.contains(name) else {
                throw refusal("the attribute .\(name) is not read (margins and baselines are not modelled)", at: node)
            }
            return LayoutAnchor(item: target, guide: guide, attribute: name)
        }
        guard let first = try anchor(item: arguments[0].value, attribute: arguments[1].value) else {
            throw refusal("the first item of a constraint cannot be nil", at: node)
        }
        let relations = ["equal": "==", "lessThanOrEqual": "<=", "greaterThanOrEqual": ">="]
        guard case .enumCase(let relationName) = arguments[2].value, let relation = relations[relationName] else {
            throw refusal("relatedBy: takes .equal, .lessThanOrEqual or .greaterThanOrEqual", at: node)
        }
        var second: LayoutAnchor?
        if case .enumCase("notAnAttribute") = arguments[4].value {
            second = nil
        } else {
            second = try anchor(item: arguments[3].value, attribute: arguments[4].value)
        }
        guard case .number(let multiplier) = arguments[5].value else {
            throw refusal("the multiplier is not a number the interpreter knows", at: node)
        }
        let record = ConstraintRecord(
            first: first, relation: relation, second: second, multiplier: multiplier.folded,
            constant: arguments[6].value, madeAt: file.position(of: node))
        world.record(record)
        return record
    }
}
