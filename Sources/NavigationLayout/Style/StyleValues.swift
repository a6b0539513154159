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

    private static let positions: [StyleKey: Int] = {
        var positions: [StyleKey: Int] = [:]
        for (position, key) in StyleKey.allCases.enumerated() { positions[key] = position }
        return positions
    }()

    public subscript(key: StyleKey) -> Double {
        get { values[StyleValues.positions[key] ?? 0] }
        set {
            let position = StyleValues.positions[key] ?? 0
            values[position] = newValue
            if !overriddenKeys.contains(key) {
                overriddenKeys.append(key)
                overriddenKeys.sort { (StyleValues.positions[$0] ?? 0) < (StyleValues.positions[$1] ?? 0) }
            }
        }
    }

    /// The value of a style name as written after `style.` in a constraint; nil for an unknown name.
    public func value(named name: String) -> Double? {
        StyleKey(rawValue: name).map { self[$0] }
    }
}
