import NavigationLayout

/// The colours and line styles of a picture, in one place so the legend and the drawing agree.
///
/// Red and orange are kept for diagnostics alone: no item kind is drawn in them, so a marked item
/// stands out whatever it is.
struct PictureStyle {
    var fill: String
    var fillOpacity: Double
    var stroke: String
    var strokeWidth: Double
    /// nil: a solid line.
    var dashes: String?
    /// Corner radius of the drawn rectangle.
    var cornerRadius: Double
}

enum PicturePalette {
    static let errorColor = "#dc2626"
    static let warningColor = "#ea580c"
    static let infoColor = "#2563eb"
    static let okColor = "#16a34a"
    static let ink = "#111827"
    static let mutedInk = "#4b5563"
    static let mapColor = "#e9edf1"
    static let roadColor = "#ffffff"
    static let bezelColor = "#1f2937"
    static let ghostColor = "#a21caf"
    static let routeColor = "#2563eb"

    static func style(for kind: PictureItemKind) -> PictureStyle {
        switch kind {
        case .card:
            return PictureStyle(
                fill: "#3b82f6", fillOpacity: 0.40, stroke: "#1d4ed8", strokeWidth: 1.2, dashes: nil, cornerRadius: 6)
        case .prompt:
            return PictureStyle(
                fill: "#c026d3", fillOpacity: 0.35, stroke: "#86198f", strokeWidth: 1.2, dashes: nil, cornerRadius: 10)
        case .button:
            return PictureStyle(
                fill: "#14b8a6", fillOpacity: 0.45, stroke: "#0f766e", strokeWidth: 1.2, dashes: nil, cornerRadius: 8)
        case .googleView:
            return PictureStyle(
                fill: "#22c55e", fillOpacity: 0.40, stroke: "#15803d", strokeWidth: 1.2, dashes: nil, cornerRadius: 3)
        case .speedWidget:
            return PictureStyle(
                fill: "#eab308", fillOpacity: 0.40, stroke: "#a16207", strokeWidth: 1.2, dashes: nil, cornerRadius: 8)
        case .progressBar:
            return PictureStyle(
                fill: "#06b6d4", fillOpacity: 0.40, stroke: "#0e7490", strokeWidth: 1.2, dashes: nil, cornerRadius: 4)
        case .viewport:
            return PictureStyle(
                fill: "#0ea5e9", fillOpacity: 0.07, stroke: "#0369a1", strokeWidth: 1.6, dashes: "8 5",
                cornerRadius: 0)
        case .customView:
            return PictureStyle(
                fill: "#6366f1", fillOpacity: 0.30, stroke: "#4338ca", strokeWidth: 1.2, dashes: nil, cornerRadius: 4)
        case .accessory:
            return PictureStyle(
                fill: "#84cc16", fillOpacity: 0.35, stroke: "#4d7c0f", strokeWidth: 1.2, dashes: nil, cornerRadius: 4)
        case .stack:
            return PictureStyle(
                fill: "#475569", fillOpacity: 0.05, stroke: "#475569", strokeWidth: 1, dashes: "3 3", cornerRadius: 4)
        case .guide:
            return PictureStyle(
                fill: "none", fillOpacity: 0, stroke: "#64748b", strokeWidth: 1, dashes: "1 3", cornerRadius: 0)
        }
    }

    static func color(for severity: Severity) -> String {
        switch severity {
        case .error: return errorColor
        case .warning: return warningColor
        case .info: return infoColor
        }
    }

    static func color(for status: ResultStatus) -> String {
        switch status {
        case .ok: return okColor
        case .warning: return warningColor
        case .error: return errorColor
        }
    }
}
