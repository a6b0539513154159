/// Insets from the four edges of a rectangle, in points.
public struct EdgeInsets: Sendable, Equatable {
    public var top: Double
    public var bottom: Double
    public var left: Double
    public var right: Double

    public static let zero = EdgeInsets(top: 0, bottom: 0, left: 0, right: 0)

    public init(top: Double, bottom: Double, left: Double, right: Double) {
        self.top = top
        self.bottom = bottom
        self.left = left
        self.right = right
    }
}

/// Whether leading means left (ltr) or right (rtl).
public enum LayoutDirection: String, CaseIterable, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// The map view being laid out: its size, safe area, writing direction and whether it is on CarPlay.
public struct Screen: Sendable, Equatable {
    /// The longest side a request may give, in points: larger than any display the SDK runs on
    /// (an iPad Pro is 1,032 points wide), and small enough that every frame the engine computes
    /// stays a number JSON and the solver represent exactly.
    public static let maximumLength = 10_000.0

    public var width: Double
    public var height: Double
    public var safeArea: EdgeInsets
    public var layoutDirection: LayoutDirection
    /// CarPlay map views never take a layout delegate (the SDK's error code 2).
    public var carPlay: Bool

    public init(
        width: Double, height: Double, safeArea: EdgeInsets = .zero,
        layoutDirection: LayoutDirection = .leftToRight, carPlay: Bool = false
    ) {
        self.width = width
        self.height = height
        self.safeArea = safeArea
        self.layoutDirection = layoutDirection
        self.carPlay = carPlay
    }
}
