/// A rectangle in points, origin top-left, y downward: an item's frame as a picture draws it.
///
/// The picture keeps its own small geometry types so that it depends on nothing but numbers: any layout
/// result (the engine's, or one read back from stored JSON) can be turned into a picture.
public struct PictureRect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// Whether every coordinate is a finite number (a broken layout may produce neither).
    var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }

    /// The same rectangle with a positive width and height (a solver may give a negative size).
    var standardized: PictureRect {
        PictureRect(x: min(x, x + width), y: min(y, y + height), width: abs(width), height: abs(height))
    }

    func intersects(_ other: PictureRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    func union(_ other: PictureRect) -> PictureRect {
        let left = min(minX, other.minX)
        let top = min(minY, other.minY)
        return PictureRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    func insetBy(_ amount: Double) -> PictureRect {
        PictureRect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
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
