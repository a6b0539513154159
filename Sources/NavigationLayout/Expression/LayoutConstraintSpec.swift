import Cassowary
import JSON

/// The item an anchor belongs to: a view or guide by name, or one of that view's own layout guides.
public struct ItemReference: Sendable, Hashable, CustomStringConvertible {
    /// A view's own layout guides, spelled after its name (`turnCard.margins`, `turnCard.safeArea`).
    public enum OwnGuide: String, Sendable, Hashable, CaseIterable {
        /// The view's layoutMarginsGuide: its bounds inset by its layout margins.
        case margins
        /// The view's safeAreaLayoutGuide: the part of the view inside the window's safe area.
        case safeArea
    }

    public var name: String
    /// The view's own guide the anchor reads, or nil for the item itself.
    public var guide: OwnGuide?

    public init(name: String, guide: OwnGuide? = nil) {
        self.name = name
        self.guide = guide
    }

    /// `name.margins`: the view's layoutMarginsGuide rather than the view itself.
    public var margins: Bool { guide == .margins }

    public var description: String { guide.map { "\(name).\($0.rawValue)" } ?? name }
}

/// `item.attribute`, one side of a constraint.
public struct Anchor: Sendable, Hashable, CustomStringConvertible {
    public var item: ItemReference
    public var attribute: LayoutAttribute

    public init(item: ItemReference, attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
    }

    public var description: String { "\(item).\(attribute.rawValue)" }
}

/// How the first anchor relates to the right-hand side.
public enum LayoutRelation: String, CaseIterable, Sendable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="
}

/// The constant term of a constraint: a number of points, or a style value (resolved at solve time so a
/// profile's style overrides apply), possibly subtracted.
public enum LayoutConstant: Sendable, Hashable {
    case points(Double)
    case style(StyleKey, negated: Bool)

    public static let zero = LayoutConstant.points(0)

    /// The constant's value under the given style.
    public func resolved(in style: StyleValues) -> Double {
        switch self {
        case .points(let value): return value
        case .style(let key, let negated): return negated ? -style[key] : style[key]
        }
    }
}

/// One Auto Layout constraint as a delegate writes it:
/// `first relation second * multiplier + constant @ priority`, or `first relation constant` when there is
/// no second anchor.
public struct LayoutConstraintSpec: Sendable, Hashable, CustomStringConvertible {
    /// The physical range of a constant, in points either way: a screen side at most (anything
    /// larger places a view off any screen, and only makes the solver's numbers worse).
    public static let maximumConstant = Screen.maximumLength
    /// The range of a multiplier, either way.
    public static let maximumMultiplier = 100.0

    /// The optional name the delegate gave the constraint (`vp-top: viewport.top == turnCard.bottom`).
    public var id: String?
    public var first: Anchor
    public var relation: LayoutRelation
    public var second: Anchor?
    /// 1 unless given; always 1 when there is no second anchor.
    public var multiplier: Double
    public var constant: LayoutConstant
    public var priority: Priority

    public init(
        id: String? = nil, first: Anchor, relation: LayoutRelation, second: Anchor?, multiplier: Double = 1,
        constant: LayoutConstant = .zero, priority: Priority = .required
    ) {
        self.id = id
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }

    /// The constraint in canonical expression syntax; parsing it gives back an equal constraint.
    public var description: String {
        var text = ""
        if let id { text += "\(id): " }
        text += "\(first) \(relation.rawValue) "
        if let second {
            text += second.description
            if multiplier != 1 { text += " * \(formatNumber(multiplier))" }
            switch constant {
            case .points(let value) where value == 0: break
            case .points(let value): text += value < 0 ? " - \(formatNumber(-value))" : " + \(formatNumber(value))"
            case .style(let key, let negated): text += (negated ? " - style." : " + style.") + key.rawValue
            }
        } else {
            switch constant {
            case .points(let value): text += formatNumber(value)
            case .style(let key, let negated): text += (negated ? "-style." : "style.") + key.rawValue
            }
        }
        if !priority.isRequired { text += " @\(priority)" }
        return text
    }
}

/// A number as the expression language and JSON write it: no ".0" on integers.
func formatNumber(_ value: Double) -> String {
    var bytes: [UInt8] = []
    JSONWriter.writeNumber(value, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}
