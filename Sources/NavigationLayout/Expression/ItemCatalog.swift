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

    /// Custom names in declaration order (views, then guides, then stacks).
    public private(set) var customNames: [String] = []
    /// Built-ins and custom items in one table: every constraint looks up two names, so this is one
    /// hash lookup instead of a string switch followed by a hash lookup.
    private var entries: [String: Entry] = ItemCatalog.builtInEntries

    private static let builtInEntries: [String: Entry] = {
        var entries: [String: Entry] = [:]
        for item in BuiltInItem.allCases { entries[item.rawValue] = .builtIn(item) }
        return entries
    }()

    /// The built-in items only.
    public static let builtIns = ItemCatalog()

    public init() {}

    /// Adds a custom item; returns false when the name is taken (by a built-in or an earlier custom item).
    @discardableResult
    public mutating func add(_ name: String, as entry: Entry) -> Bool {
        guard entries[name] == nil else { return false }
        entries[name] = entry
        customNames.append(name)
        return true
    }

    public func entry(named name: String) -> Entry? {
        entries[name]
    }

    /// Every known name, built-ins first, for suggestions.
    public var allNames: [String] { BuiltInItem.allCases.map(\.rawValue) + customNames }
}
