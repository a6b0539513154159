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

    /// A priority from its level; nil when the level is outside 1...1000.
    public init?(_ value: Int) {
        guard (1...1000).contains(value) else { return nil }
        self.value = value
    }

    private init(uncheckedValue: Int) {
        self.value = uncheckedValue
    }

    public var isRequired: Bool { value == 1000 }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.value < rhs.value }

    public var description: String {
        switch value {
        case 1000: return "required"
        case 750: return "high"
        case 250: return "low"
        case 50: return "fittingSize"
        default: return String(value)
        }
    }
}
