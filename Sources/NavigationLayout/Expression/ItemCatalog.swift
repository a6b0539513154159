/// Every item name a delegate's constraints may use: the built-in items plus the request's own views,
/// guides and stacks.
public struct ItemCatalog: Sendable, Equatable {
    public enum Entry: Sendable, Equatable {
        case builtIn(BuiltInItem)
        case view
        case guide
        case stack

        /// Whether `name.margins` exists for the item.
        public var hasLayoutMargins: Bool {
            switch self {
            case .builtIn(let item): return item.hasLayoutMargins
            case .view, .stack: return true
            case .guide: return false
            }
        }
    }

    /// Custom names in declaration order (views, then guides, then stacks), read from the index (only
    /// messages and tests ask for them).
    public var customNames: [String] { customIndex.names }
    /// The entry of each custom name, by position in `customNames`.
    private var customEntries: [Entry] = []
    private var customIndex = ItemNameIndex()

    /// The built-in items only.
    public static let builtIns = ItemCatalog()

    public init() {}

    /// Adds a custom item; returns false when the name is taken (by a built-in or an earlier custom item).
    @discardableResult
    public mutating func add(_ name: String, as entry: Entry) -> Bool {
        guard self.entry(named: name) == nil else { return false }
        customEntries.append(entry)
        customIndex.append(name)
        return true
    }

    /// Every constraint looks up two names: built-in names by their own fast lookup, custom names by the
    /// index (no hashing while the document is small).
    public func entry(named name: String) -> Entry? {
        if let item = BuiltInItem(named: name) { return .builtIn(item) }
        return customIndex[name].map { customEntries[$0] }
    }

    public static func == (lhs: ItemCatalog, rhs: ItemCatalog) -> Bool {
        lhs.customNames == rhs.customNames && lhs.customEntries == rhs.customEntries
    }

    /// Every known name, built-ins first, for suggestions.
    public var allNames: [String] { BuiltInItem.allCases.map(\.rawValue) + customNames }
}
