/// An item the layout places in the state being solved, with its solver variables.
struct PlacedItem: Sendable {
    enum Role: Sendable {
        case component(BuiltInItem)
        case view(CustomView)
        case guide
        /// The safe-area guide of the placed item at `owner` (its `.safeArea`), which no result reports.
        case safeAreaGuide(owner: Int)
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
    /// Facts of `role`, settled when the item is made: read for every constraint and check.
    let isGuide: Bool
    let isStack: Bool
    let builtIn: BuiltInItem?
    /// For a guide: whether some constraint reads its horizontal or vertical position or size. A guide's
    /// placement on an axis nothing reads cannot change any frame (the seed's contentBottom has no x), so
    /// only these axes count for ambiguity.
    var horizontalAxisRead = false
    var verticalAxisRead = false

    init(name: String, outputName: String, role: Role, variables: ItemVariables) {
        self.name = name
        self.outputName = outputName
        self.role = role
        self.variables = variables
        switch role {
        case .guide, .safeAreaGuide:
            isGuide = true
            isStack = false
            builtIn = nil
        case .component(let item):
            isGuide = item.kind == .guide
            isStack = false
            builtIn = item
        case .stack:
            isGuide = false
            isStack = true
            builtIn = nil
        case .view:
            isGuide = false
            isStack = false
            builtIn = nil
        }
    }

    /// Whether the item has layout margins (views do, guides do not).
    var hasMargins: Bool { !isGuide }
}
