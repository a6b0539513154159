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

    /// The attribute of a name. The expression parser looks up every anchor of every constraint; the
    /// synthesized initializer's string switch costs several hundred instructions per call, and so does
    /// hashing the name for a dictionary.
    public init?(rawValue: String) {
        // The names are short, and a length test settles most comparisons before any byte is read:
        // cheaper than hashing the name into a table.
        let length = rawValue.utf8.count
        for entry in LayoutAttribute.byName where entry.length == length && entry.name == rawValue {
            self = entry.attribute
            return
        }
        return nil
    }

    /// Each attribute's name packed into a word, first byte lowest (see `ExpressionScanner.attribute(in:)`).
    static let packedNames: [(word: UInt64, attribute: LayoutAttribute)] = allCases.map { attribute in
        var word: UInt64 = 0
        for (shift, byte) in attribute.rawValue.utf8.enumerated() { word |= UInt64(byte) << UInt64(8 * shift) }
        return (word, attribute)
    }

    private static let byName: [(name: String, length: Int, attribute: LayoutAttribute)] = allCases.map {
        ($0.rawValue, $0.rawValue.utf8.count, $0)
    }

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
