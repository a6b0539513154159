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

    /// The raw value's bytes packed into one word, first byte lowest, so that the expression scanner
    /// compares a name with one instruction instead of byte by byte (a test checks each against
    /// `rawValue`).
    var packedName: UInt64 {
        switch self {
        case .leading: return 0x0067_6E69_6461_656C
        case .trailing: return 0x676E_696C_6961_7274
        case .left: return 0x0000_0000_7466_656C
        case .right: return 0x0000_0074_6867_6972
        case .top: return 0x0000_0000_0070_6F74
        case .bottom: return 0x0000_6D6F_7474_6F62
        case .width: return 0x0000_0068_7464_6977
        case .height: return 0x0000_7468_6769_6568
        case .centerX: return 0x0058_7265_746E_6563
        case .centerY: return 0x0059_7265_746E_6563
        }
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
