// iPad presets. Sizes: HIG "Layout" device size table (portrait points). Insets: safeAreaInsets in
// the Simulator: every iPad here has a home indicator, so 24 pt of status bar at the top and 20 pt
// of home indicator at the bottom in both orientations, and nothing at the sides.
extension DeviceCatalog {
    static let iPads: [DevicePreset] = [
        iPad("ipad-mini-6", "iPad mini (6th generation)", 744, 1133),
        iPad("ipad-air-11", "iPad Air 11-inch (M2)", 820, 1180),
        iPad("ipad-pro-11", "iPad Pro 11-inch (M4)", 834, 1210),
        iPad("ipad-air-13", "iPad Air 13-inch (M2)", 1024, 1366),
        iPad("ipad-pro-13", "iPad Pro 13-inch (M4)", 1032, 1376),
    ]

    private static let iPadInsets = EdgeInsets(top: 24, bottom: 20, left: 0, right: 0)

    private static func iPad(_ id: String, _ name: String, _ width: Double, _ height: Double) -> DevicePreset {
        DevicePreset(
            id: id, name: name, family: .iPad, width: width, height: height, portraitInsets: iPadInsets,
            landscapeInsets: iPadInsets, sizeSource: hig, insetSource: simulator)
    }
}
