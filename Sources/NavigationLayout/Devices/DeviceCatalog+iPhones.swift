// iPhone presets. Sizes: HIG "Layout" device size table. Insets: safeAreaInsets in the Simulator.
//
// Insets by screen kind (portrait top/bottom; landscape left/right/bottom):
// - Home button (SE 2nd/3rd gen): status bar 20 / 0; landscape 0 everywhere, because iPhones hide
//   the status bar in landscape.
// - Notch, 375 x 812 zoomed (12 mini, 13 mini): 50 / 34; landscape 50 / 50 / 21.
// - Notch, 390 x 844 (14, 16e): 47 / 34; landscape 47 / 47 / 21.
// - Dynamic Island, 393 x 852 and 430 x 932 (15, 15 Plus, 15 Pro, 15 Pro Max, 16, 16 Plus): 59 / 34;
//   landscape 59 / 59 / 21.
// - Dynamic Island, 402 x 874 and 440 x 956 (16 Pro, 16 Pro Max): 62 / 34; landscape 62 / 62 / 21.
// - iPhone 17, 17 Pro, 17 Pro Max: HIG sizes; insets taken from the 16 Pro / 16 Pro Max, which share
//   their screen sizes and Dynamic Island (derived). iPhone Air is left out until its insets are
//   confirmed.
extension DeviceCatalog {
    static let iPhones: [DevicePreset] = [
        homeButton("iphone-se-2", "iPhone SE (2nd generation)"),
        homeButton("iphone-se-3", "iPhone SE (3rd generation)"),
        notched("iphone-12-mini", "iPhone 12 mini", 375, 812, inset: 50),
        notched("iphone-13-mini", "iPhone 13 mini", 375, 812, inset: 50),
        notched("iphone-14", "iPhone 14", 390, 844, inset: 47),
        notched("iphone-16e", "iPhone 16e", 390, 844, inset: 47),
        notched("iphone-15", "iPhone 15", 393, 852, inset: 59),
        notched("iphone-15-pro", "iPhone 15 Pro", 393, 852, inset: 59),
        notched("iphone-16", "iPhone 16", 393, 852, inset: 59),
        notched("iphone-15-plus", "iPhone 15 Plus", 430, 932, inset: 59),
        notched("iphone-15-pro-max", "iPhone 15 Pro Max", 430, 932, inset: 59),
        notched("iphone-16-plus", "iPhone 16 Plus", 430, 932, inset: 59),
        notched("iphone-16-pro", "iPhone 16 Pro", 402, 874, inset: 62),
        notched("iphone-16-pro-max", "iPhone 16 Pro Max", 440, 956, inset: 62),
        notched("iphone-17", "iPhone 17", 402, 874, inset: 62, derivedFrom: "iPhone 16 Pro"),
        notched("iphone-17-pro", "iPhone 17 Pro", 402, 874, inset: 62, derivedFrom: "iPhone 16 Pro"),
        notched("iphone-17-pro-max", "iPhone 17 Pro Max", 440, 956, inset: 62, derivedFrom: "iPhone 16 Pro Max"),
    ]

    /// 375 x 667 with a home button: a 20 pt status bar in portrait, nothing in landscape.
    private static func homeButton(_ id: String, _ name: String) -> DevicePreset {
        DevicePreset(
            id: id, name: name, family: .iPhone, width: 375, height: 667,
            portraitInsets: EdgeInsets(top: 20, bottom: 0, left: 0, right: 0), landscapeInsets: .zero,
            sizeSource: hig, insetSource: simulator)
    }

    /// A notch or Dynamic Island of depth `inset`: in landscape the housing side and, for symmetry,
    /// the other side inset by the same amount; the home indicator takes 34 pt in portrait and 21 pt
    /// in landscape.
    private static func notched(
        _ id: String, _ name: String, _ width: Double, _ height: Double, inset: Double,
        derivedFrom sibling: String? = nil
    ) -> DevicePreset {
        DevicePreset(
            id: id, name: name, family: .iPhone, width: width, height: height,
            portraitInsets: EdgeInsets(top: inset, bottom: 34, left: 0, right: 0),
            landscapeInsets: EdgeInsets(top: 0, bottom: 21, left: inset, right: inset), sizeSource: hig,
            insetSource: sibling.map { "derived: same screen and Dynamic Island as the \($0) (" + simulator + ")" }
                ?? simulator,
            derived: sibling != nil)
    }
}
