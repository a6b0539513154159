/// A window's size in points and its safe-area insets, as UIKit reports them for a full-screen
/// map view (`bounds.size` and `safeAreaInsets`).

import JSON

public struct DeviceMetrics: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public var safeArea: EdgeInsets

    public init(width: Double, height: Double, safeArea: EdgeInsets) {
        self.width = width
        self.height = height
        self.safeArea = safeArea
    }

    /// The screen a layout request needs, written in `direction`.
    public func screen(direction: LayoutDirection) -> Screen {
        Screen(width: width, height: height, safeArea: safeArea, layoutDirection: direction)
    }

    public var jsonValue: JSONValue {
        ["width": .number(width), "height": .number(height), "safeArea": safeArea.jsonValue]
    }
}
