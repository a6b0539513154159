/// One device of the catalog: its screen in both orientations and, on iPad, the multitasking
/// windows, with where every figure comes from.

import JSON

public struct DevicePreset: Sendable, Equatable {
    /// Stable, lower-case, hyphenated: "iphone-15", "ipad-pro-13". Never reused for another device.
    public var id: String
    /// As Apple names the device: "iPhone 15 Pro Max".
    public var name: String
    public var family: DeviceFamily
    public var portrait: DeviceMetrics
    public var landscape: DeviceMetrics
    /// Split View and Slide Over windows (iPad only; empty on iPhone).
    public var splitViews: [SplitViewWindow]
    /// Where the point size comes from.
    public var sizeSource: String
    /// Where the safe-area insets come from.
    public var insetSource: String
    /// True when a figure is inferred from a sibling device rather than read from the source.
    public var derived: Bool

    /// A preset whose landscape screen is the portrait one turned a quarter: width and height swap,
    /// and the insets are the landscape ones given.
    init(
        id: String, name: String, family: DeviceFamily, width: Double, height: Double,
        portraitInsets: EdgeInsets, landscapeInsets: EdgeInsets, sizeSource: String, insetSource: String,
        derived: Bool = false
    ) {
        self.id = id
        self.name = name
        self.family = family
        portrait = DeviceMetrics(width: width, height: height, safeArea: portraitInsets)
        landscape = DeviceMetrics(width: height, height: width, safeArea: landscapeInsets)
        splitViews =
            family == .iPad ? SplitViewWindow.windows(presetID: id, presetName: name, landscape: landscape) : []
        self.sizeSource = sizeSource
        self.insetSource = insetSource
        self.derived = derived
    }

    public func metrics(_ orientation: DeviceOrientation) -> DeviceMetrics {
        switch orientation {
        case .portrait: return portrait
        case .landscape: return landscape
        }
    }

    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["id"] = .string(id)
        object["name"] = .string(name)
        object["family"] = .string(family.rawValue)
        object["portrait"] = portrait.jsonValue
        object["landscape"] = landscape.jsonValue
        if !splitViews.isEmpty { object["splitViews"] = .array(splitViews.map(\.jsonValue)) }
        object["sources"] = ["size": .string(sizeSource), "safeArea": .string(insetSource)]
        object["derived"] = .bool(derived)
        return .object(object)
    }
}
