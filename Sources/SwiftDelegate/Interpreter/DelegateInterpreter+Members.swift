internal import NavigationLayout
internal import SwiftSyntax

/// Properties: reading and setting the members of objects of the file and of what UIKit and the SDK
/// hand over (anchors, guides, the state's components, a constraint's constant and priority).
extension DelegateInterpreter {
    static let anchorAttributes: [String: String] = [
        "leadingAnchor": "leading", "trailingAnchor": "trailing", "leftAnchor": "left", "rightAnchor": "right",
        "topAnchor": "top", "bottomAnchor": "bottom", "widthAnchor": "width", "heightAnchor": "height",
        "centerXAnchor": "centerX", "centerYAnchor": "centerY",
    ]

    func member(of base: SymbolicValue, _ name: String, at node: some SyntaxProtocol) throws(InterpretError)
        -> SymbolicValue
    {
        let position = file.position(of: node)
        switch base {
        case .object(let object):
            if let value = object.fields[name] { return value }
            if let value = try computedProperty(name, of: object) { return value }
            if method(named: name, of: object.typeName) != nil {
                return .boundMethod(receiver: base, name: name, at: position)
            }
            throw refusal("'\(object.typeName)' has no property '\(name)' set when this runs", at: node)
        case .type(let typeName):
            return try staticMember(name, of: typeName, at: node)
        case .item(let item, let guide):
            if let attribute = Self.anchorAttributes[name] {
                return .anchor(LayoutAnchor(item: item, guide: guide, attribute: attribute))
            }
            if name.hasSuffix("BaselineAnchor") {
                throw refusal("baseline anchors are not modelled: use topAnchor or bottomAnchor", at: node)
            }
            if let guide {
                throw refusal("a \(guide.uiKitProperty) is read for its anchors only", at: node)
            }
            switch name {
            case "layoutMarginsGuide":
                return .item(item, guide: .margins)
            case "safeAreaLayoutGuide":
                if item.kind == .map { return .item(world.builtIn("safeArea"), guide: nil) }
                guard item.hasOwnGuides else {
                    throw refusal(
                        "\(describe(item)) is a layout guide and has no safeAreaLayoutGuide: relate the guide itself",
                        at: node)
                }
                return .item(item, guide: .safeArea)
            case "translatesAutoresizingMaskIntoConstraints", "isHidden":
                return .bool(false)
            case "arrangedSubviews" where item.kind == .stack:
                return .array(item.arranged.map { .item($0, guide: nil) }, unordered: nil)
            case "superview":
                if let parent = item.superview { return .item(parent, guide: nil) }
                return world.isInHierarchy(item) ? .item(world.map, guide: nil) : .nilValue
            default:
                // Geometry (bounds, frame) and other state only known while the app runs.
                return .unknown(reason: "`\(node.trimmedDescription)`", at: position)
            }
        case .constraint(let constraint):
            switch name {
            case "constant": return constraint.constant
            case "priority": return .priority(constraint.priority)
            case "isActive": return .bool(constraint.isActive)
            case "multiplier": return .number(Quantity(constraint.multiplier))
            case "identifier": return constraint.identifier.map(SymbolicValue.string) ?? .nilValue
            case "firstAnchor": return .anchor(constraint.first)
            case "secondAnchor": return constraint.second.map(SymbolicValue.anchor) ?? .nilValue
            default: throw refusal("'\(name)' of a constraint is not read", at: node)
            }
        case .array(let elements, let unordered):
            switch name {
            case "count", "isEmpty", "first", "last":
                // A dictionary's keys and values have a known number, newState.buttons does not.
                if let unordered, unordered == .buttons || name == "first" || name == "last" {
                    throw orderRefusal("reading \(name) of", unordered, at: node)
                }
                switch name {
                case "count": return .number(Quantity(Double(elements.count)))
                case "isEmpty": return .bool(elements.isEmpty)
                case "first": return elements.first ?? .nilValue
                default: return elements.last ?? .nilValue
                }
            default:
                return .boundMethod(receiver: base, name: name, at: position)
            }
        case .navigationState(let state):
            if name == "wideMode" {
                readsWideMode = true
                return .bool(state.wideMode)
            }
            if name == "buttons" {
                return .array(state.buttonTypes.map(SymbolicValue.button), unordered: .buttons)
            }
            guard state.components.contains(name) else {
                throw refusal(
                    "\(state.typeName) has no '\(name)' (it has \(state.components.joined(separator: ", ")), buttons and wideMode)",
                    at: node)
            }
            return .item(world.builtIn(name), guide: nil)
        case .button(let type):
            switch name {
            case "view": return .item(world.builtIn(type), guide: nil)
            case "type": return .enumCase(type)
            default: throw refusal("NavigationUIButton has no '\(name)' the interpreter reads (view, type)", at: node)
            }
        case .priority(let priority):
            if name == "rawValue" { return .number(Quantity(priority)) }
        case .dictionary(let entries):
            if let value = dictionaryMember(entries, name) { return value }
            return .boundMethod(receiver: base, name: name, at: position)
        case .tuple(let elements):
            if let index = Int(name), elements.indices.contains(index) { return elements[index].value }
            if let element = elements.first(where: { $0.label == name }) { return element.value }
            throw refusal("this tuple has no element '\(name)'", at: node)
        case .unknown:
            return base
        case .nilValue:
            throw refusal("'\(name)' is read from nil here", at: node)
        default:
            break
        }
        throw refusal("'\(name)' of \(describe(base)) is not read by the interpreter", at: node)
    }

    /// `NavigationStyleValues.headerTopPadding`, `UILayoutPriority.defaultHigh`, `Self.duration`,
    /// `AppLayout.compact`, `NSLayoutConstraint.Attribute.top`.
    private func staticMember(_ name: String, of typeName: String, at node: some SyntaxProtocol) throws(InterpretError)
        -> SymbolicValue
    {
        switch typeName {
        case "NavigationStyleValues":
            let published = StyleKey.allCases.prefix(7)
            guard let key = StyleKey(rawValue: name), published.contains(key) else {
                throw refusal(
                    "NavigationStyleValues has no '\(name)' (it has \(published.map(\.rawValue).joined(separator: ", ")))",
                    at: node)
            }
            return .number(Quantity(style: key))
        case "UILayoutPriority":
            if let priority = Self.priorityNames[name] { return .priority(priority) }
        case "DispatchQueue":
            return .type("DispatchQueue." + name)
        default:
            if typeDeclaration(typeName) != nil {
                if let value = try staticProperty(name, of: typeName) { return value }
                if method(named: name, of: typeName) != nil {
                    return .boundMethod(receiver: .type(typeName), name: name, at: file.position(of: node))
                }
                if name == "init" { return .type(typeName) }
            } else if Self.knownTypes.contains(typeName) || typeName.contains(".") {
                // Nested UIKit types and their cases: NSLayoutConstraint.Attribute.top.
                if let first = name.first, first.isUppercase { return .type(typeName + "." + name) }
                if typeName.contains(".") { return .enumCase(name) }
            }
        }
        throw refusal("'\(typeName).\(name)' is not read by the interpreter", at: node)
    }

    /// `base.name = value` on what UIKit and the SDK hand over, or on an object of the file.
    func setMember(_ name: String, of base: SymbolicValue, to value: SymbolicValue, at node: some SyntaxProtocol)
        throws(InterpretError)
    {
        switch base {
        case .object(let object):
            try assignField(name, of: object, value, at: node)
        case .constraint(let constraint):
            switch name {
            case "constant":
                switch value {
                case .number, .unknown: constraint.constant = value
                default: throw refusal("the constant is not a number the interpreter knows", at: node)
                }
            case "priority":
                constraint.priority = try priorityValue(value, at: node)
            case "isActive":
                guard case .bool(let active) = value else {
                    try requireKnown(value, for: "isActive", at: node)
                    throw refusal("isActive is set to something that is not a Bool the interpreter knows", at: node)
                }
                if active { world.activate(constraint) } else { world.deactivate(constraint) }
            case "identifier":
                if case .string(let identifier) = value { constraint.identifier = identifier }
            default:
                throw refusal("'\(name)' of a constraint is not read", at: node)
            }
        case .item(let item, nil):
            try setViewProperty(name, of: item, to: value, at: node)
        case .unknown:
            return  // a property of something the layout does not read (view.layer.cornerRadius)
        default:
            throw refusal("setting '\(name)' on \(describe(base)) is not read by the interpreter", at: node)
        }
    }

    private func setViewProperty(
        _ name: String, of item: LayoutItem, to value: SymbolicValue, at node: some SyntaxProtocol
    )
        throws(InterpretError)
    {
        switch name {
        case "arrangedSubviews" where item.kind == .stack:
            guard case .array(let elements, _) = value else {
                throw refusal("arrangedSubviews is set to something that is not an array of views", at: node)
            }
            var views: [LayoutItem] = []
            for element in elements {
                guard case .item(let view, nil) = element, view.isView else {
                    throw refusal("arrangedSubviews is set to \(describe(element)), which is not a view", at: node)
                }
                try requireOutside(view, of: item, at: node)
                views.append(view)
            }
            item.arranged = views
        case "spacing" where item.kind == .stack:
            guard case .number(let spacing) = value else {
                try requireKnown(value, for: "the spacing", at: node)
                throw refusal("the spacing is not a number the interpreter knows", at: node)
            }
            item.spacing = spacing
        case "roundedCorners" where item.builtInName == "prompt":
            promptCorners = try corners(value, at: node)
        case "isHidden":
            if case .bool(false) = value { return }
            throw refusal(
                item.builtInName != nil
                    ? "never set isHidden on the SDK's views: leave them out of the layout instead"
                    : "isHidden is not modelled: add the view only in the states that show it",
                at: node)
        case "frame", "bounds", "center", "layoutMargins", "directionalLayoutMargins",
            "insetsLayoutMarginsFromSafeArea", "preservesSuperviewLayoutMargins", "transform":
            throw refusal(
                "setting \(name) is not modelled: the layout is read from constraints (layout margins are 8 points)",
                at: node)
        default:
            return  // appearance (colours, text, corner radius) does not move anything
        }
    }

    /// The document's name for the corners a prompt rounds.
    private func corners(_ value: SymbolicValue, at node: some SyntaxProtocol) throws(InterpretError) -> String {
        guard case .array(let elements, _) = value else {
            throw refusal("roundedCorners is set to something the interpreter does not know", at: node)
        }
        var names: Set<String> = []
        for element in elements {
            guard case .enumCase(let name) = element else {
                throw refusal("roundedCorners takes .layerMinXMinYCorner and its siblings", at: node)
            }
            names.insert(name)
        }
        switch names {
        case ["layerMinXMinYCorner", "layerMaxXMinYCorner", "layerMinXMaxYCorner", "layerMaxXMaxYCorner"]: return "all"
        case ["layerMinXMinYCorner", "layerMaxXMinYCorner"]: return "top"
        case ["layerMinXMaxYCorner", "layerMaxXMaxYCorner"]: return "bottom"
        case []: return "none"
        default:
            throw refusal(
                "these rounded corners are not one of the prompt's styles (the top two, the bottom two, all four or none)",
                at: node)
        }
    }
}
