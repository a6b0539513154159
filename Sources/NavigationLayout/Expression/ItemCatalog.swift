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
    private var custom: [String: Entry] = [:]

    /// The built-in items only.
    public static let builtIns = ItemCatalog()

    public init() {}

    /// Adds a custom item; returns false when the name is taken (by a built-in or an earlier custom item).
    @discardableResult
    public mutating func add(_ name: String, as entry: Entry) -> Bool {
        guard BuiltInItem(rawValue: name) == nil, custom[name] == nil else { return false }
        custom[name] = entry
        customNames.append(name)
        return true
    }

    public func entry(named name: String) -> Entry? {
        if let item = BuiltInItem(rawValue: name) { return .builtIn(item) }
        return custom[name]
    }

    /// Every known name, built-ins first, for suggestions.
    public var allNames: [String] { BuiltInItem.allCases.map(\.rawValue) + customNames }
}
