/// The priority of a constraint, with Auto Layout's scale: 1...1000.
///
/// Priorities are strict levels, not weights: the solver satisfies every constraint at a higher
/// priority as well as it can before it looks at any lower priority, so no amount of error at
/// priority 250 can outweigh a single point of error at 251. Errors at the same priority add up.
public struct Priority: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The level, 1...1000. 1000 means the constraint must hold.
    public let value: Int

    public static let required = Priority(uncheckedValue: 1000)
    public static let high = Priority(uncheckedValue: 750)
    public static let low = Priority(uncheckedValue: 250)
    public static let fittingSize = Priority(uncheckedValue: 50)
    /// Above every optional level and below required: for edit variables that stand for givens (a
    /// window's size), which no optional constraint may outweigh and only a required one contradicts.
    /// No constraint is written at it (`init?(_:)` takes 1...1000); it ranks between 999 and required.
    public static let aboveOptional = Priority(uncheckedValue: 1003)
    /// Below ``aboveOptional`` and above every optional level: a bound that a value derived from the
    /// givens keeps where it can (a view's safe-area guide stays inside the window's safe area), which
    /// gives way to the givens but to no optional constraint.
    public static let derivedBound = Priority(uncheckedValue: 1002)
    /// Below ``derivedBound`` and above every optional level: where a derived value sits when its
    /// bounds leave it room (a view's safe-area guide is the view itself where it can be).
    public static let derivedPreference = Priority(uncheckedValue: 1001)

    /// A priority from its level; nil when the level is outside 1...1000.
    public init?(_ value: Int) {
        guard (1...1000).contains(value) else { return nil }
        self.value = value
    }

    private init(uncheckedValue: Int) {
        self.value = uncheckedValue
    }

    public var isRequired: Bool { value == 1000 }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rank < rhs.rank }

    /// The order of the levels: required above everything, then ``aboveOptional``, ``derivedBound``
    /// and ``derivedPreference``.
    private var rank: Int { isRequired ? Int.max : value }

    public var description: String {
        switch value {
        case 1000: return "required"
        case 750: return "high"
        case 250: return "low"
        case 50: return "fittingSize"
        case 1003: return "aboveOptional"
        case 1002: return "derivedBound"
        case 1001: return "derivedPreference"
        default: return String(value)
        }
    }
}
