/// The picture of one cell of a layout review: the layout after the change, drawn as any picture draws
/// it, with what the change did drawn over it.
///
/// - a component that moved is outlined, dashed, where it was, with an arrow from that frame's centre
///   to the centre of its frame now;
/// - a component that vanished is outlined, dashed, in the warning colour, with a "−" marker and its name;
/// - a component that appeared is outlined in green with a "+" marker;
/// - only the diagnostics the change introduced mark the components they name (in their severity's
///   colour and shape); findings the layout already had are not the change;
/// - the header carries the change as its badge (regressed, changed, improved, unchanged) and a line of
///   what changed; the panel beside the phone lists it all, with the findings introduced and resolved,
///   and a legend of what the picture shows.
///
/// The findings introduced and resolved are the diff's own (`CellDiff.introducedDiagnostics`), so the
/// picture and the review's text always agree. Output is deterministic, and like `SVGRenderer`'s it
/// carries no `id`, so overlays can share a document (a review's contact sheet).

import NavigationLayout

public struct CellDiffOverlay: Sendable, Equatable {
    /// The cell before the change; only the frames of components that moved or vanished are drawn.
    public var before: LayoutPicture
    /// The cell after the change: the picture drawn.
    public var after: LayoutPicture
    /// What changed between the two, with the tolerance the review used.
    public var diff: CellDiff
    /// The first line of the header; the after picture's title unless given.
    public var title: String

    public init(before: LayoutPicture, after: LayoutPicture, diff: CellDiff, title: String? = nil) {
        self.before = before
        self.after = after
        self.diff = diff
        self.title = title ?? after.title
    }

    /// The size the overlay takes at scale 1.
    public func size(options: SVGRenderer.Options = .full) -> PictureSize {
        CellDiffLayout(self, options: options).size
    }

    /// A standalone SVG document holding the overlay at scale 1.
    public func renderDocument(options: SVGRenderer.Options = .full) -> String {
        let layout = CellDiffLayout(self, options: options)
        return SVGBuilder.document(size: layout.size) { builder in draw(layout, into: &builder) }
    }

    /// Appends the overlay to `svg` as one `<g>` element whose top-left corner is at `origin`, drawn at
    /// `scale` (the group then covers `size(options:)` times `scale`).
    public func render(
        into svg: inout String, at origin: PicturePoint = .zero, scale: Double = 1,
        options: SVGRenderer.Options = .thumbnail
    ) {
        let layout = CellDiffLayout(self, options: options)
        svg += SVGBuilder.placedGroup(at: origin, scale: scale) { builder in draw(layout, into: &builder) }
    }

    /// The overlay's own group, in picture coordinates: the after picture's header, phone and items, the
    /// changes over them, then the panel.
    private func draw(_ layout: CellDiffLayout, into builder: inout SVGBuilder) {
        let change = diff.change
        builder.open(
            "g",
            [
                "class": .text("cell-diff change-" + change.rawValue), "data-change": .text(change.rawValue),
                "data-status": .text(after.status.rawValue),
                "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif",
            ])
        let renderer = SVGRenderer(options: layout.options)
        if layout.options.showsHeader {
            renderer.drawHeader(
                layout.base,
                badge: HeaderBadge(kind: "change", word: change.rawValue, color: PicturePalette.color(for: change)),
                into: &builder)
        }
        renderer.drawPhone(layout.base, into: &builder)
        var labels = LabelPlacer(bounds: layout.base.screenRect, cornerRadius: layout.base.screenCornerRadius)
        renderer.drawItems(layout.base, labels: &labels, into: &builder)
        drawChanges(layout, renderer: renderer, labels: &labels, into: &builder)
        if layout.options.showsHeader { renderer.drawCaption(layout.base, into: &builder) }
        if layout.options.showsPanel { drawPanel(layout, renderer: renderer, into: &builder) }
        builder.close("g")
    }
}
