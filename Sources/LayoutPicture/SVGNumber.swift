/// Numbers as the SVG output writes them: at most two decimals, no trailing zeros, never "-0", and
/// the same text for the same Double on every machine (no locale, no Foundation formatter).
enum SVGNumber {
    /// Beyond this a coordinate is meaningless on a screen; clamping keeps the integer maths exact.
    static let limit = 1e9

    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let clamped = min(max(value, -limit), limit)
        // Work in hundredths: one rounding step decides every digit, so 0.005 and -0.005 round the
        // same way (away from zero) and the text cannot disagree with itself.
        let hundredths = Int64((clamped * 100).rounded(.toNearestOrAwayFromZero))
        if hundredths == 0 { return "0" }
        let magnitude = hundredths.magnitude
        var text = hundredths < 0 ? "-" : ""
        text += String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            text += "."
            text += fraction < 10 ? "0" + String(fraction) : String(fraction % 10 == 0 ? fraction / 10 : fraction)
        }
        return text
    }
}
