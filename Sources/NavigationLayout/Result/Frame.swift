/// A rectangle in map-view points: origin at the map view's top-left, y grows downward.

import JSON

public struct Frame: Sendable, Equatable, CustomStringConvertible {
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

    /// The area two frames share; zero when they only touch or do not meet.
    public func overlapArea(with other: Frame) -> Double {
        let width = min(maxX, other.maxX) - max(minX, other.minX)
        let height = min(maxY, other.maxY) - max(minY, other.minY)
        guard width > 0, height > 0 else { return 0 }
        return width * height
    }

    /// Whether `other` lies inside this frame, allowing `tolerance` points of rounding on each edge.
    public func contains(_ other: Frame, tolerance: Double = 0.5) -> Bool {
        other.minX >= minX - tolerance && other.minY >= minY - tolerance && other.maxX <= maxX + tolerance
            && other.maxY <= maxY + tolerance
    }

    /// The same frame moved by `dy` points down.
    public func offsetBy(dy: Double) -> Frame {
        Frame(x: x, y: y + dy, width: width, height: height)
    }

    public var jsonValue: JSONValue {
        ["x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height)]
    }

    public var description: String {
        "(\(formatNumber(x)), \(formatNumber(y)), \(formatNumber(width)) x \(formatNumber(height)))"
    }

    /// Every coordinate rounded to 1/1000 pt: solver rounding (1e-12) never reaches the output.
    func rounded() -> Frame {
        Frame(x: roundMilli(x), y: roundMilli(y), width: roundMilli(width), height: roundMilli(height))
    }
}

/// Rounds to three decimals without libm's round (kept out of the hot path's dependencies).
func roundMilli(_ value: Double) -> Double {
    guard value.isFinite, abs(value) < 1e12 else { return value }
    let scaled = value * 1000
    let truncated = Double(Int64(scaled))
    let fraction = scaled - truncated
    let rounded: Double
    if fraction >= 0.5 {
        rounded = truncated + 1
    } else if fraction <= -0.5 {
        rounded = truncated - 1
    } else {
        rounded = truncated
    }
    let result = rounded / 1000
    return result == 0 ? 0 : result
}
