internal import NavigationLayout
internal import SwiftSyntax

/// What an expression of the delegate evaluates to when the callbacks run on symbolic objects: plain
/// values the file computes (numbers, booleans, arrays), and stand-ins for what UIKit and the SDK hand
/// over (views, guides, anchors, constraints, the navigation state).
indirect enum SymbolicValue {
    case void
    case nilValue
    case bool(Bool)
    case number(Quantity)
    case string(String)
    /// A view, a layout guide or a hiding stack; `guide` for its `layoutMarginsGuide` or
    /// `safeAreaLayoutGuide`.
    case item(LayoutItem, guide: ItemReference.OwnGuide?)
    case anchor(LayoutAnchor)
    case constraint(ConstraintRecord)
    /// An array; `unordered` when nothing promises the order of its elements (they come from
    /// `newState.buttons`, or from a dictionary's keys or values).
    case array([SymbolicValue], unordered: UnpromisedOrder?)
    /// A dictionary, its entries in the order the code added them.
    case dictionary([DictionaryEntry])
    /// A tuple, `(offset: 0, element: view)`: elements read by position (`.0`) or label.
    case tuple([TupleElement])
    case object(ObjectInstance)
    /// `newState` / `oldState`: the navigation state a callback receives.
    case navigationState(NavigationStateValue)
    /// One of `newState.buttons`: a `NavigationUIButton` of the given type (`compass`, `reporting`).
    case button(String)
    /// An implicit member such as `.bottom`, `.compass` or `.defaultHigh`, read in its context.
    case enumCase(String)
    /// A case of one of the file's enums with associated values: `.floating(inset: 12)`.
    case enumValue(String, [TupleElement])
    case priority(Double)
    case closure(Closure)
    /// A function declared inside a function, with the scope it is declared in.
    case localFunction(LocalFunction)
    /// An operator passed as a function (`sorted(by: >)`).
    case operatorFunction(String)
    /// A key path such as `\.view`, applied as a function by `map` and friends.
    case keyPath([String])
    /// A method of a value, named without a call (`forEach(navMap.addSubview)`).
    case boundMethod(receiver: SymbolicValue, name: String, at: SwiftSourcePosition)
    /// A type used as a value: `NSLayoutConstraint`, `UIView`, `Self`, a class of the file.
    case type(String)
    /// A value only known while the app runs (geometry such as `navMap.bounds.width`): harmless until
    /// the layout depends on it, and then an error at the place it was read.
    case unknown(reason: String, at: SwiftSourcePosition)
}

/// A number the file computes: a constant, or a NavigationStyleValues property (times a coefficient)
/// plus a constant, so that `NavigationStyleValues.headerTopPadding` stays `style.headerTopPadding` in
/// the document and follows a request's style overrides.
struct Quantity: Equatable {
    var constant: Double
    var style: StyleKey?
    var styleCoefficient: Double = 0

    init(_ constant: Double) {
        self.constant = constant
    }

    init(style: StyleKey) {
        constant = 0
        self.style = style
        styleCoefficient = 1
    }

    /// The value with the style's default: what an expression the document cannot spell evaluates to.
    var folded: Double {
        guard let style else { return constant }
        return constant + styleCoefficient * StyleValues.defaults[style]
    }

    var isPlainNumber: Bool { style == nil }
}

/// The navigation state a callback receives: ready or guidance, in wide mode or not.
struct NavigationStateValue {
    enum Kind {
        case ready
        case guidance
    }

    var kind: Kind
    var wideMode: Bool

    private var handed: Set<String> {
        DelegateHandOver.items(kind == .ready ? .ready : .guidance, promptShown: false)
    }

    /// The buttons the SDK hands over, in its order.
    var buttonTypes: [String] { DelegateHandOver.buttons.filter(handed.contains) }

    /// The components the state's type has, by property name.
    var components: [String] { DelegateHandOver.stateComponents.filter(handed.contains) }

    var typeName: String { kind == .ready ? "NavigationReadyUIState" : "ActiveGuidanceUIState" }
}

/// An anchor: an item's (or one of its own guides') attribute, as the expression language names it.
struct LayoutAnchor {
    var item: LayoutItem
    var guide: ItemReference.OwnGuide?
    var attribute: String

    var isDimension: Bool { attribute == "width" || attribute == "height" }
}

/// A closure of the file with the scope it captured.
struct Closure {
    var syntax: ClosureExprSyntax
    var scope: Scope
}

/// Where the elements of an array come from when nothing promises their order: the SDK does not
/// promise the number or order of `newState.buttons`, nor Swift the order of a dictionary's keys and
/// values. The interpreter runs them in one order, so what depends on it is refused.
enum UnpromisedOrder {
    case buttons
    case dictionary
}

/// A key of a dictionary and its value.
struct DictionaryEntry {
    var key: SymbolicValue
    var value: SymbolicValue
}

/// A function declared inside another, with the scope it sees.
struct LocalFunction {
    var syntax: FunctionDeclSyntax
    var scope: Scope
}

/// An element of a tuple, and its label when it has one.
struct TupleElement {
    var label: String?
    var value: SymbolicValue
}

/// A view, layout guide, hiding stack or SDK component, with identity: UIKit's objects are references.
final class LayoutItem {
    enum Kind: Equatable {
        /// The map view (`navMap`), `map` in the document.
        case map
        /// An SDK component or the map's safe area, named as the document names it.
        case builtIn(String)
        /// A view the app makes (`UIView()`, `UILabel()`, ...), of that class.
        case appView(className: String)
        case guide
        /// `GMSNavigationHidingStackView(position:alignment:)`.
        case stack
    }

    let kind: Kind
    /// Where the code made it; nil for what the SDK hands over.
    let madeAt: SwiftSourcePosition?
    /// The property or local it was first stored in: its name in the document.
    var bindingName: String?
    /// Stacks: position, alignment, arranged subviews and spacing.
    var stackPosition = "bottom"
    var stackAlignment = "trailing"
    var arranged: [LayoutItem] = []
    var spacing: Quantity?
    /// App views: the app view it was added to, when not the map.
    var superview: LayoutItem?
    /// App views: content hugging and compression resistance per axis, when the code sets them.
    var hugging: [String: Double] = [:]
    var compression: [String: Double] = [:]

    init(kind: Kind, madeAt: SwiftSourcePosition?, bindingName: String? = nil) {
        self.kind = kind
        self.madeAt = madeAt
        self.bindingName = bindingName
    }

    var isView: Bool {
        switch kind {
        case .guide: return false
        case .builtIn(let name): return name != "safeArea"
        default: return true
        }
    }

    /// Whether the item has guides of its own (`layoutMarginsGuide`, `safeAreaLayoutGuide`): views do,
    /// layout guides (the app's, the viewport, the safe area) do not.
    var hasOwnGuides: Bool {
        switch kind {
        case .guide: return false
        case .builtIn(let name): return BuiltInItem(rawValue: name)?.hasLayoutMargins ?? false
        case .map, .appView, .stack: return true
        }
    }

    var builtInName: String? {
        switch kind {
        case .map: return "map"
        case .builtIn(let name): return name
        default: return nil
        }
    }
}

/// An `NSLayoutConstraint` the code made: its terms, priority, and whether it is active.
final class ConstraintRecord {
    var first: LayoutAnchor
    var relation: String
    var second: LayoutAnchor?
    var multiplier: Double
    var constant: SymbolicValue
    var priority: Double = 1000
    var identifier: String?
    var isActive = false
    /// Increases each time the constraint is activated: the order of a state's constraint list.
    var activationOrder = 0
    let madeAt: SwiftSourcePosition
    /// For a copy a snapshot keeps: the live constraint it was taken from.
    private var original: ConstraintRecord?

    init(
        first: LayoutAnchor, relation: String, second: LayoutAnchor?, multiplier: Double, constant: SymbolicValue,
        madeAt: SwiftSourcePosition
    ) {
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.madeAt = madeAt
    }

    /// The live constraint, whichever copy of it this is: the same in every snapshot.
    var identity: ObjectIdentifier { ObjectIdentifier(original ?? self) }

    /// A copy with the values the constraint has now, for a snapshot: a later callback may change the
    /// constant or the priority of the same constraint, and the state it ended keeps what it had.
    func frozen() -> ConstraintRecord {
        let copy = ConstraintRecord(
            first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
            madeAt: madeAt)
        copy.priority = priority
        copy.identifier = identifier
        copy.isActive = isActive
        copy.activationOrder = activationOrder
        copy.original = original ?? self
        return copy
    }
}

/// An instance of a class (or struct) declared in the file, the delegate itself included.
final class ObjectInstance {
    let typeName: String
    var fields: [String: SymbolicValue] = [:]

    init(typeName: String) {
        self.typeName = typeName
    }
}

/// A lexical scope: locals, and the `self` and type the code runs in.
final class Scope {
    private var values: [String: SymbolicValue] = [:]
    let parent: Scope?
    /// `self` in methods and closures inside them.
    let selfValue: SymbolicValue?
    /// The type whose members unqualified names and `Self` refer to.
    let typeName: String?

    init(parent: Scope?, selfValue: SymbolicValue? = nil, typeName: String? = nil) {
        self.parent = parent
        self.selfValue = selfValue ?? parent?.selfValue
        self.typeName = typeName ?? parent?.typeName
    }

    func declare(_ name: String, _ value: SymbolicValue) {
        values[name] = value
    }

    /// Whether a closure or a local function holds this scope (the interpreter then lets go of its
    /// values when it is done).
    var isCaptured = false

    /// Declares this scope's names in `target` too: the names a pattern bound, once it matched.
    func declareAll(in target: Scope) {
        for (name, value) in values { target.declare(name, value) }
    }

    /// Lets go of the locals, breaking the cycle of a closure stored in the scope it captured.
    func forgetValues() {
        values.removeAll()
    }

    func lookup(_ name: String) -> SymbolicValue? {
        values[name] ?? parent?.lookup(name)
    }

    /// Assigns an existing local; false when no scope declares it.
    func assign(_ name: String, _ value: SymbolicValue) -> Bool {
        if values[name] != nil {
            values[name] = value
            return true
        }
        return parent?.assign(name, value) ?? false
    }

    /// Whether `name` is declared in this scope or one inside `outer` (not in `outer` or beyond).
    func declaresBelow(_ outer: Scope, _ name: String) -> Bool {
        var scope: Scope? = self
        while let current = scope, current !== outer {
            if current.values[name] != nil { return true }
            scope = current.parent
        }
        return false
    }
}
