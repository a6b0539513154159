import NavigationLayout

/// What a picture asks of a frame beyond the domain's own: its centre, whether it is drawable, and the
/// rectangle sums that place labels and size the stage. A frame here is in the coordinates of the
/// screen (as the result gives it) or of the picture (once `PictureLayout.rect(_:)` has placed it).
extension Frame {
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }

    /// Whether every coordinate is a finite number (a broken layout may produce neither).
    var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }

    /// The same rectangle with a positive width and height (a solver may give a negative size).
    var standardized: Frame {
        Frame(x: min(x, x + width), y: min(y, y + height), width: abs(width), height: abs(height))
    }

    func intersects(_ other: Frame) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    func union(_ other: Frame) -> Frame {
        let left = min(minX, other.minX)
        let top = min(minY, other.minY)
        return Frame(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    func insetBy(_ amount: Double) -> Frame {
        Frame(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}

/// A point in the coordinates of the SVG a picture is drawn into.
public struct PicturePoint: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public static let zero = PicturePoint(x: 0, y: 0)

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The size a picture takes at scale 1, so a contact sheet can place many of them.
public struct PictureSize: Sendable, Equatable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
