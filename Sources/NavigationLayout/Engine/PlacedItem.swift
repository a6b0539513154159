/// An item the layout places in the state being solved, with its solver variables.
struct PlacedItem: Sendable {
    enum Role: Sendable {
        case component(BuiltInItem)
        case view(CustomView)
        case guide
        case stack(HidingStack)
    }

    /// The name constraints use.
    let name: String
    /// The name the result reports (the Google logo is reported as "recenter" while it is that button).
    var outputName: String
    let role: Role
    let variables: ItemVariables
    /// The stack the item is arranged in, if any.
    var stack: String?

    var isGuide: Bool {
        switch role {
        case .guide: return true
        case .component(let item): return item.kind == .guide
        default: return false
        }
    }

    var isStack: Bool {
        if case .stack = role { return true }
        return false
    }

    var builtIn: BuiltInItem? {
        if case .component(let item) = role { return item }
        return nil
    }

    /// Whether the item has layout margins (views do, guides do not).
    var hasMargins: Bool { !isGuide }
}
