/// One page of a newest-first listing, and where the next page starts.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    /// The opaque cursor for the next (older) page; nil when this page is the last.
    public var nextCursor: String?

    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

extension Page: Equatable where Item: Equatable {}

/// Page sizes: what a caller may ask for and what it gets when it does not say.
public enum PageSize {
    public static let `default` = 50
    public static let maximum = 1000

    /// A requested size brought into 1...maximum; nil asks for the default.
    public static func clamped(_ requested: Int?) -> Int {
        min(max(requested ?? `default`, 1), maximum)
    }
}
