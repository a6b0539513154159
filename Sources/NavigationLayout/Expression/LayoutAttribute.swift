/// An Auto Layout attribute an anchor names.
public enum LayoutAttribute: String, CaseIterable, Sendable, Hashable {
    case leading
    case trailing
    case left
    case right
    case top
    case bottom
    case width
    case height
    case centerX
    case centerY

    /// Which anchors may be related: Auto Layout relates x positions only to x positions, y positions
    /// only to y positions, and sizes only to sizes (width to height is allowed, as NSLayoutDimension does).
    public enum Kind: String, Sendable {
        case xPosition = "horizontal position"
        case yPosition = "vertical position"
        case size = "size"
    }

    public var kind: Kind {
        switch self {
        case .leading, .trailing, .left, .right, .centerX: return .xPosition
        case .top, .bottom, .centerY: return .yPosition
        case .width, .height: return .size
        }
    }

    /// Whether the attribute depends on the layout direction: leading and trailing do, left and right
    /// never do. The two families must not meet in one constraint.
    public var directionality: Directionality? {
        switch self {
        case .leading, .trailing: return .directional
        case .left, .right: return .absolute
        default: return nil
        }
    }

    public enum Directionality: Sendable {
        case directional
        case absolute
    }
}
