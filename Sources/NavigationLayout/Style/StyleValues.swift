/// The style values in force for one layout: the catalog defaults with a request's or profile's overrides.
public struct StyleValues: Sendable, Equatable {
    /// Indexed by the position of the key in `StyleKey.allCases`.
    private var values: [Double]
    /// Keys set explicitly by an override, in catalog order.
    public private(set) var overriddenKeys: [StyleKey] = []

    public static let defaults = StyleValues()

    private init() {
        values = StyleCatalog.entries.map(\.defaultValue)
    }

    public subscript(key: StyleKey) -> Double {
        get { values[key.position] }
        set {
            values[key.position] = newValue
            if !overriddenKeys.contains(key) {
                overriddenKeys.append(key)
                overriddenKeys.sort { $0.position < $1.position }
            }
        }
    }

    /// The value of a style name as written after `style.` in a constraint; nil for an unknown name.
    public func value(named name: String) -> Double? {
        StyleKey(rawValue: name).map { self[$0] }
    }
}
