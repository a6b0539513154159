internal import SwiftSyntax

/// Subscripts and dictionaries: elements of arrays read and set by index, dictionaries made from
/// literals and read and set by key, and the refusal of what depends on an order nothing promises.
extension DelegateInterpreter {
    func evaluateSubscript(_ node: SubscriptCallExprSyntax, in scope: Scope) throws(InterpretError) -> SymbolicValue {
        let base = try evaluate(node.calledExpression, in: scope)
        switch base {
        case .array(let elements, let unordered):
            return elements[try index(in: elements, unordered: unordered, node, in: scope)]
        case .dictionary(let entries):
            let (key, fallback) = try dictionaryKey(node, in: scope)
            if let entry = try entryIndex(of: key, in: entries, at: node) { return entries[entry].value }
            return fallback ?? .nilValue
        default:
            try requireKnown(base, for: "the subscript", at: node)
            throw refusal("only arrays and dictionaries are subscripted", at: node)
        }
    }

    /// `array[i] = value`, `dictionary[key] = value` (nil removes the key), and through them the
    /// in-place changes Swift makes (`constraints[key, default: []].append(c)`).
    func assign(_ value: SymbolicValue, toSubscript node: SubscriptCallExprSyntax, in scope: Scope)
        throws(InterpretError)
    {
        let base: SymbolicValue
        do {
            base = try evaluate(node.calledExpression, in: scope)
        } catch .nilChain {
            return  // `optional?[key] = value` does nothing on nil
        }
        switch base {
        case .array(var elements, let unordered):
            elements[try index(in: elements, unordered: unordered, node, in: scope)] = value
            try assign(.array(elements, unordered: unordered), to: node.calledExpression, in: scope)
        case .dictionary(var entries):
            let (key, _) = try dictionaryKey(node, in: scope)
            let existing = try entryIndex(of: key, in: entries, at: node)
            switch (existing, value) {
            case (let index?, .nilValue): entries.remove(at: index)
            case (let index?, _): entries[index].value = value
            case (nil, .nilValue): break
            case (nil, _):
                try checkGrowth(entries.count + 1, at: node)
                entries.append(DictionaryEntry(key: key, value: value))
            }
            try assign(.dictionary(entries), to: node.calledExpression, in: scope)
        default:
            try requireKnown(base, for: "the subscript", at: node)
            throw refusal("only elements of arrays and dictionaries are assigned by subscript", at: node)
        }
    }

    /// The position a subscript reads in an array, refused out of range or where the order is not
    /// promised.
    private func index(
        in elements: [SymbolicValue], unordered: UnpromisedOrder?, _ node: SubscriptCallExprSyntax, in scope: Scope
    ) throws(InterpretError) -> Int {
        if let unordered { throw orderRefusal("indexing", unordered, at: node) }
        guard node.arguments.count == 1, let argument = node.arguments.first, argument.label == nil,
            case .number(let index) = try evaluateFull(argument.expression, in: scope), index.isPlainNumber,
            let position = Int(exactly: index.constant)
        else {
            throw refusal("the index is not a number the interpreter knows", at: node)
        }
        guard elements.indices.contains(position) else {
            throw refusal("index \(position) is out of range: the array has \(elements.count) elements", at: node)
        }
        return position
    }

    /// The key of `dictionary[key]` and the value of `default:` when the subscript gives one.
    private func dictionaryKey(_ node: SubscriptCallExprSyntax, in scope: Scope) throws(InterpretError)
        -> (key: SymbolicValue, fallback: SymbolicValue?)
    {
        let arguments = Array(node.arguments)
        guard let first = arguments.first, first.label == nil,
            arguments.count == 1 || (arguments.count == 2 && arguments[1].label?.text == "default")
        else {
            throw refusal("a dictionary is read by [key] or [key, default: value]", at: node)
        }
        let key = try evaluateFull(first.expression, in: scope)
        try requireKnown(key, for: "the key", at: first)
        let fallback = arguments.count == 2 ? try evaluateFull(arguments[1].expression, in: scope) : nil
        return (key, fallback)
    }

    /// Where `key` is among the entries; keys are compared as `==` compares them.
    private func entryIndex(of key: SymbolicValue, in entries: [DictionaryEntry], at node: some SyntaxProtocol)
        throws(InterpretError) -> Int?
    {
        for (index, entry) in entries.enumerated() where try equal(entry.key, key, at: node) { return index }
        return nil
    }

    /// `[key: value, ...]` and `[:]`; a key written twice is refused, as Swift stops the app there.
    func evaluateDictionary(_ node: DictionaryExprSyntax, in scope: Scope) throws(InterpretError) -> SymbolicValue {
        guard case .elements(let elements) = node.content else { return .dictionary([]) }
        var entries: [DictionaryEntry] = []
        for element in elements {
            let key = try evaluateFull(element.key, in: scope)
            try requireKnown(key, for: "the key", at: element.key)
            if try entryIndex(of: key, in: entries, at: element.key) != nil {
                throw refusal("this key is written twice in the dictionary, which stops the app", at: element.key)
            }
            entries.append(DictionaryEntry(key: key, value: try evaluateFull(element.value, in: scope)))
        }
        return .dictionary(entries)
    }

    /// A dictionary's entries as Swift's `(key:, value:)` tuples, in the order the code added them.
    static func keyValuePairs(_ entries: [DictionaryEntry]) -> [SymbolicValue] {
        entries.map {
            .tuple([TupleElement(label: "key", value: $0.key), TupleElement(label: "value", value: $0.value)])
        }
    }

    /// `count`, `isEmpty`, `keys` and `values` of a dictionary (the last two in an order Swift does
    /// not promise); nil for any other name.
    func dictionaryMember(_ entries: [DictionaryEntry], _ name: String) -> SymbolicValue? {
        switch name {
        case "count": return .number(Quantity(Double(entries.count)))
        case "isEmpty": return .bool(entries.isEmpty)
        case "keys": return .array(entries.map(\.key), unordered: .dictionary)
        case "values": return .array(entries.map(\.value), unordered: .dictionary)
        default: return nil
        }
    }

    /// The methods that change a dictionary in place: the entries after the call and what it
    /// returns; nil for any other (which read its entries, as `(key:, value:)` tuples).
    func mutatedDictionary(
        _ entries: [DictionaryEntry], _ name: String, _ arguments: [CallArgument], at node: some SyntaxProtocol
    )
        throws(InterpretError) -> (changed: [DictionaryEntry], result: SymbolicValue)?
    {
        switch name {
        case "removeValue":
            guard arguments.count == 1, arguments[0].label == "forKey" else {
                throw refusal("removeValue takes forKey:", at: node)
            }
            try requireKnown(arguments[0].value, for: "the key", at: node)
            guard let index = try entryIndex(of: arguments[0].value, in: entries, at: node) else {
                return (entries, .nilValue)
            }
            var changed = entries
            let removed = changed.remove(at: index)
            return (changed, removed.value)
        case "removeAll" where arguments.isEmpty:
            return ([], .void)
        default:
            return nil
        }
    }

    /// The refusal of code whose result depends on an order (or, for the buttons, a number) that
    /// nothing promises.
    func orderRefusal(_ construct: String, _ order: UnpromisedOrder, at node: some SyntaxProtocol) -> InterpretError {
        switch order {
        case .buttons:
            return refusal(
                "\(construct) newState.buttons depends on their number and order, which the SDK does not promise: find a button by its type (newState.buttons.first { $0.type == .compass })",
                at: node)
        case .dictionary:
            return refusal(
                "\(construct) a dictionary's entries depends on their order, which Swift does not promise: read them by key, or keep them in an array",
                at: node)
        }
    }
}
