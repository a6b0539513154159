/// The device presets the service knows: GET /v1/devices, the device matrix and the playground.
///
/// Sizes are points from the device size table of Apple's Human Interface Guidelines ("Layout").
/// Safe-area insets are `UIView.safeAreaInsets` of a full-screen view as the iOS Simulator prints
/// them. Figures inferred from a sibling device say so (`derived`). DEVICES.md lists every figure
/// with its source.
///
/// Order: iPhones, then iPads; within a family by portrait width, then height, then id. The order is
/// part of the contract (matrix cells and contact sheet rows follow it), and a test holds it.

import JSON

public enum DeviceCatalog {
    public static let presets: [DevicePreset] = (iPhones + iPads).sorted(by: isOrderedBefore)

    /// The ids in catalog order.
    public static var ids: [String] { presets.map(\.id) }

    /// The first preset whose screen, in either orientation, has `screen`'s size (several devices
    /// share a size; the catalog's order picks one).
    public static func preset(ofSize screen: Screen) -> DevicePreset? {
        presets.first { preset in
            (preset.portrait.width == screen.width && preset.portrait.height == screen.height)
                || (preset.landscape.width == screen.width && preset.landscape.height == screen.height)
        }
    }

    /// The preset with `id`, if any.
    public static func preset(id: String) -> DevicePreset? {
        presets.first { $0.id == id }
    }

    /// A split-view window by its id ("ipad-air-13.split-half"), if any.
    public static func splitView(id: String) -> SplitViewWindow? {
        for preset in presets {
            if let window = preset.splitViews.first(where: { $0.id == id }) { return window }
        }
        return nil
    }

    /// Every id a client may name: presets, then split-view windows, in catalog order.
    public static var allIDs: [String] {
        presets.map(\.id) + presets.flatMap { $0.splitViews.map(\.id) }
    }

    /// The body of GET /v1/devices.
    public static var jsonValue: JSONValue {
        [
            "devices": .array(presets.map(\.jsonValue)),
            "orientations": .array(DeviceOrientation.allCases.map { .string($0.rawValue) }),
            "sources": [
                "size": .string(hig),
                "safeArea": .string(simulator),
                "splitViews": .string(
                    "derived: 10 pt divider, narrow side 320 pt below 1180 pt landscape width else 375 pt, full height, status bar and home indicator insets kept"
                ),
            ],
        ]
    }

    static func isOrderedBefore(_ a: DevicePreset, _ b: DevicePreset) -> Bool {
        let familyA = DeviceFamily.allCases.firstIndex(of: a.family) ?? 0
        let familyB = DeviceFamily.allCases.firstIndex(of: b.family) ?? 0
        return (familyA, a.portrait.width, a.portrait.height, a.id) < (
            familyB, b.portrait.width, b.portrait.height, b.id
        )
    }

    static let hig = "Apple Human Interface Guidelines, Layout: device screen sizes (points)"
    static let simulator = "UIKit safeAreaInsets of a full-screen view, iOS Simulator"
}
