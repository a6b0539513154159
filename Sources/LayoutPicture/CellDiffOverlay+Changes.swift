// What a change did to the components, drawn over the after picture: where moved components were and
// the arrow of each move, the components that appeared, and those that vanished. On top of the items,
// so that a filled frame never hides a dashed outline.

import NavigationLayout

extension CellDiffOverlay {
    static let outlineDashes = "5 3"

    func drawChanges(
        _ layout: CellDiffLayout, renderer: SVGRenderer, labels: inout LabelPlacer, into builder: inout SVGBuilder
    ) {
        guard !layout.moved.isEmpty || !layout.appeared.isEmpty || !layout.vanished.isEmpty else { return }
        builder.open("g", ["class": "changes"])
        for move in layout.moved where move.item.frame.isFinite && move.before.isFinite {
            drawMove(move.item, from: move.before, layout: layout, into: &builder)
        }
        for item in layout.appeared where item.frame.isFinite { drawAppeared(item, layout: layout, into: &builder) }
        for item in layout.vanished where item.frame.isFinite {
            drawVanished(item, layout: layout, renderer: renderer, labels: &labels, into: &builder)
        }
        builder.close("g")
    }

    /// The frame before, dashed, and an arrow from its centre to the centre of the frame now.
    private func drawMove(
        _ item: PictureItem, from before: Frame, layout: CellDiffLayout, into builder: inout SVGBuilder
    ) {
        let old = layout.base.rect(before.standardized)
        let new = layout.base.rect(item.frame.standardized)
        builder.open("g", ["class": "moved-item", "data-item": .text(item.name)])
        builder.tooltip(item.name + " moved from " + Self.describe(before) + " to " + Self.describe(item.frame))
        drawOutline(
            old, role: "before-frame", color: PicturePalette.beforeColor, width: 1.4,
            cornerRadius: style(item).cornerRadius,
            into: &builder)
        let start = PicturePoint(x: old.midX, y: old.midY)
        let end = PicturePoint(x: new.midX, y: new.midY)
        builder.empty(
            "circle",
            [
                "class": "move-start", "cx": .number(start.x), "cy": .number(start.y), "r": 2.5,
                "fill": .text(PicturePalette.movedColor),
            ])
        builder.arrow(from: start, to: end, inset: 0, maximumHead: 9, color: PicturePalette.movedColor, width: 2)
        builder.close("g")
    }

    /// A solid outline just outside the frame, and a "+" on its top leading corner.
    private func drawAppeared(_ item: PictureItem, layout: CellDiffLayout, into builder: inout SVGBuilder) {
        let frame = layout.base.rect(item.frame.standardized)
        builder.open("g", ["class": "appeared-item", "data-item": .text(item.name)])
        builder.tooltip(item.name + " appeared at " + Self.describe(item.frame))
        builder.empty(
            "rect",
            [
                "class": "appeared-outline", "x": .number(frame.minX - 4), "y": .number(frame.minY - 4),
                "width": .number(frame.width + 8), "height": .number(frame.height + 8), "rx": 4, "fill": "none",
                "stroke": .text(PicturePalette.appearedColor), "stroke-width": 2,
            ])
        drawChangeMarker("+", color: PicturePalette.appearedColor, on: frame, layout: layout, into: &builder)
        builder.close("g")
    }

    /// The frame it had, dashed in the warning colour, a "−" on its top leading corner, the mark of an
    /// introduced finding that names it on the trailing one, and its name beside it.
    private func drawVanished(
        _ item: PictureItem, layout: CellDiffLayout, renderer: SVGRenderer, labels: inout LabelPlacer,
        into builder: inout SVGBuilder
    ) {
        let frame = layout.base.rect(item.frame.standardized)
        builder.open("g", ["class": "vanished-item", "data-item": .text(item.name)])
        builder.tooltip(item.name + " vanished; it was at " + Self.describe(item.frame))
        drawOutline(
            frame, role: "before-frame", color: PicturePalette.vanishedColor, width: 2,
            cornerRadius: style(item).cornerRadius, into: &builder)
        drawChangeMarker("\u{2212}", color: PicturePalette.vanishedColor, on: frame, layout: layout, into: &builder)
        if let severity = item.mark {
            renderer.drawSeverityMarker(
                severity, at: corner(of: frame, leading: false, layout: layout), radius: 8, into: &builder)
        }
        if layout.options.showsLabels {
            let size = PictureLayout.labelFontSize
            let text = TextMetrics.fit(item.name, into: 180, fontSize: size) ?? item.name
            let box = labels.placeOutside(
                width: TextMetrics.width(of: text, fontSize: size) + 6, height: size + 3, next: frame, avoiding: [])
            builder.empty(
                "rect",
                [
                    "class": "vanished-label", "x": .number(box.minX), "y": .number(box.minY),
                    "width": .number(box.width), "height": .number(box.height), "rx": 3, "fill": "#ffffff",
                    "fill-opacity": 0.9, "stroke": .text(PicturePalette.vanishedColor), "stroke-width": 0.6,
                ])
            builder.text(
                "text",
                [
                    "x": .number(box.minX + 3), "y": .number(box.minY + size * 0.95), "font-size": .number(size),
                    "font-style": "italic", "fill": .text(PicturePalette.vanishedColor),
                ], text)
        }
        builder.close("g")
    }

    /// A dashed outline, or a dashed line for a frame without width or height (a guide).
    private func drawOutline(
        _ frame: Frame, role: String, color: String, width: Double, cornerRadius: Double,
        into builder: inout SVGBuilder
    ) {
        if frame.width < 0.5 || frame.height < 0.5 {
            builder.empty(
                "line",
                [
                    "class": .text(role), "x1": .number(frame.minX), "y1": .number(frame.minY),
                    "x2": .number(frame.maxX), "y2": .number(frame.maxY), "stroke": .text(color),
                    "stroke-width": .number(width), "stroke-dasharray": .text(Self.outlineDashes),
                ])
        } else {
            builder.empty(
                "rect",
                [
                    "class": .text(role), "x": .number(frame.minX), "y": .number(frame.minY),
                    "width": .number(frame.width), "height": .number(frame.height),
                    "rx": .number(min(cornerRadius, frame.width / 2, frame.height / 2)), "fill": "none",
                    "stroke": .text(color), "stroke-width": .number(width),
                    "stroke-dasharray": .text(Self.outlineDashes),
                ])
        }
    }

    /// A round marker with a sign, on the frame's top leading corner (a finding's mark takes the
    /// trailing one).
    private func drawChangeMarker(
        _ sign: String, color: String, on frame: Frame, layout: CellDiffLayout, into builder: inout SVGBuilder
    ) {
        let center = corner(of: frame, leading: true, layout: layout)
        Self.drawChangeMarker(sign, color: color, at: center, radius: 8, into: &builder)
    }

    static func drawChangeMarker(
        _ sign: String, color: String, at center: PicturePoint, radius: Double, into builder: inout SVGBuilder
    ) {
        builder.empty(
            "circle",
            [
                "class": "change-marker", "cx": .number(center.x), "cy": .number(center.y), "r": .number(radius),
                "fill": .text(color), "stroke": "#ffffff", "stroke-width": 1.2,
            ])
        builder.text(
            "text",
            [
                "x": .number(center.x), "y": .number(center.y + radius * 0.5), "text-anchor": "middle",
                "font-size": .number(radius * 1.5), "font-weight": "bold", "fill": "#ffffff",
            ], sign)
    }

    /// A top corner of `frame`, pulled onto the stage if the frame is off it.
    private func corner(of frame: Frame, leading: Bool, layout: CellDiffLayout) -> PicturePoint {
        let stage = layout.base.stage
        let rightToLeft = layout.drawn.screen.layoutDirection == .rightToLeft
        let x = leading != rightToLeft ? frame.minX : frame.maxX
        return PicturePoint(
            x: min(max(x, stage.minX + 9), stage.maxX - 9), y: min(max(frame.minY, stage.minY + 9), stage.maxY - 9))
    }

    private func style(_ item: PictureItem) -> PictureStyle { PicturePalette.style(for: item.kind) }

    /// "x 16, y 120, 88 × 24", in screen points.
    static func describe(_ frame: Frame) -> String {
        "x " + SVGNumber.format(frame.x) + ", y " + SVGNumber.format(frame.y) + ", " + SVGNumber.format(frame.width)
            + " \u{00D7} " + SVGNumber.format(frame.height)
    }
}
