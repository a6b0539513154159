/// Draws a `LayoutPicture` as SVG 1.1: the phone with its safe area, every item coloured by kind and
/// labelled, the viewport dashed, guides dotted, items named by a diagnostic outlined in red or orange
/// with a marker, a prompt's start frame as a ghost with an arrow, a status badge, and beside the phone
/// the hidden items, the diagnostics and a legend.
///
/// Output is plain text built without Foundation: the same picture always gives the same bytes. Every
/// item's elements carry `data-item="name"` and a `class` naming their role, so a web page can find and
/// highlight them. No element has an `id`, so any number of pictures can share one SVG document (a
/// contact sheet): see `render(_:into:at:scale:)`.

import NavigationLayout

public struct SVGRenderer: Sendable {
    public struct Options: Sendable, Equatable {
        /// The title, subtitles and status badge above the phone, and the direction caption below it.
        public var showsHeader: Bool
        /// The panel beside the phone: hidden items, diagnostics, legend.
        public var showsPanel: Bool
        /// Item names on or next to their frames.
        public var showsLabels: Bool

        public init(showsHeader: Bool = true, showsPanel: Bool = true, showsLabels: Bool = true) {
            self.showsHeader = showsHeader
            self.showsPanel = showsPanel
            self.showsLabels = showsLabels
        }

        /// Everything: for a picture of its own.
        public static let full = Options()
        /// The caption and the phone, without the panel: for a cell of a contact sheet.
        public static let thumbnail = Options(showsHeader: true, showsPanel: false, showsLabels: true)
    }

    public var options: Options

    public init(options: Options = .full) {
        self.options = options
    }

    /// The size the picture takes at scale 1.
    public func size(of picture: LayoutPicture) -> PictureSize {
        PictureLayout(picture: picture, options: options).size
    }

    /// A standalone SVG document holding the picture at scale 1.
    public func renderDocument(_ picture: LayoutPicture) -> String {
        let layout = PictureLayout(picture: picture, options: options)
        return SVGBuilder.document(size: layout.size) { builder in draw(layout, into: &builder) }
    }

    /// Appends the picture to `svg` as one `<g>` element whose top-left corner is at `origin`, drawn at
    /// `scale` (the group then covers `size(of:)` times `scale`).
    public func render(
        _ picture: LayoutPicture, into svg: inout String, at origin: PicturePoint = .zero, scale: Double = 1
    ) {
        let layout = PictureLayout(picture: picture, options: options)
        svg += SVGBuilder.placedGroup(at: origin, scale: scale) { builder in draw(layout, into: &builder) }
    }

    /// The picture's own group, in picture coordinates.
    private func draw(_ layout: PictureLayout, into builder: inout SVGBuilder) {
        builder.open(
            "g",
            [
                "class": .text("layout-picture status-" + layout.picture.status.rawValue),
                "data-status": .text(layout.picture.status.rawValue),
                // On the picture's own group, so an embedded picture looks the same as a standalone one.
                "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif",
            ])
        if options.showsHeader { drawHeader(layout, into: &builder) }
        drawPhone(layout, into: &builder)
        var labels = LabelPlacer(bounds: layout.screenRect, cornerRadius: layout.screenCornerRadius)
        drawItems(layout, labels: &labels, into: &builder)
        if options.showsHeader { drawCaption(layout, into: &builder) }
        if options.showsPanel { drawPanel(layout, into: &builder) }
        builder.close("g")
    }
}

/// Scale factors need more than two decimals (a 0.125 thumbnail must not become 0.13): four, with the
/// same rules as `SVGNumber` otherwise.
enum SVGNumberScale {
    static func format(_ value: Double) -> String {
        let tenThousandths = Int64((min(max(value, 0), 1e6) * 10_000).rounded(.toNearestOrAwayFromZero))
        guard tenThousandths > 0 else { return "0" }
        var text = String(tenThousandths / 10_000)
        var fraction = tenThousandths % 10_000
        guard fraction != 0 else { return text }
        var digits = 4
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let fractionText = String(fraction)
        text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        return text
    }
}
