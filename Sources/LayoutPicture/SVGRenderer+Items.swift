// The items: frames in z order, then guides, the prompt's animation, labels (SVGRenderer+Labels.swift)
// and diagnostic marks on top, so that nothing drawn later can hide a label or a mark.

import NavigationLayout

extension SVGRenderer {
    func drawItems(_ layout: PictureLayout, labels: inout LabelPlacer, into builder: inout SVGBuilder) {
        // Stable: items on the same layer keep the order they were given in.
        let ordered = layout.picture.items.enumerated()
            .sorted { ($0.element.layer, $0.offset) < ($1.element.layer, $1.offset) }
            .map(\.element)
            .filter { $0.frame.isFinite }
        builder.open("g", ["class": "items"])
        for item in ordered where item.kind != .guide { drawFrame(item, layout: layout, into: &builder) }
        // Guides are annotations, not views: drawn over the views so a guide under a card still shows.
        for item in ordered where item.kind == .guide { drawFrame(item, layout: layout, into: &builder) }
        builder.close("g")
        if let animation = layout.picture.promptAnimation {
            drawPromptAnimation(animation, layout: layout, into: &builder)
        }
        if options.showsLabels { drawLabels(ordered, layout: layout, labels: &labels, into: &builder) }
        let marked = ordered.filter(\.isMarked)
        if !marked.isEmpty {
            builder.open("g", ["class": "marks"])
            for item in marked { drawMark(item, layout: layout, into: &builder) }
            builder.close("g")
        }
    }

    private func itemClass(_ item: PictureItem) -> String {
        var names = "item kind-" + item.kind.rawValue
        if let mark = item.mark { names += " marked marked-" + mark.rawValue }
        return names
    }

    private func frameDescription(_ frame: Frame) -> String {
        "x " + SVGNumber.format(frame.x) + ", y " + SVGNumber.format(frame.y) + ", " + SVGNumber.format(frame.width)
            + " \u{00D7} " + SVGNumber.format(frame.height)
    }

    private func drawFrame(_ item: PictureItem, layout: PictureLayout, into builder: inout SVGBuilder) {
        let frame = layout.rect(item.frame.standardized)
        let style = PicturePalette.style(for: item.kind)
        builder.open("g", ["class": .text(itemClass(item)), "data-item": .text(item.name)])
        var tooltip = item.name + " (" + item.kind.legendName + "): " + frameDescription(item.frame)
        if let mark = item.mark { tooltip += "; named by a diagnostic (" + mark.rawValue + ")" }
        builder.tooltip(tooltip)
        let dashes: SVGBuilder.Value = .text(style.dashes ?? "none")
        if frame.width < 0.5 || frame.height < 0.5 {
            // A zero-height guide (a common "bottom of content" guide) is a line; a point is a small cross.
            if frame.width < 0.5 && frame.height < 0.5 {
                builder.empty(
                    "path",
                    [
                        "class": "frame",
                        "d": .text(
                            "M" + SVGNumber.format(frame.minX - 4) + " " + SVGNumber.format(frame.minY - 4) + "L"
                                + SVGNumber.format(frame.minX + 4) + " " + SVGNumber.format(frame.minY + 4) + "M"
                                + SVGNumber.format(frame.minX - 4) + " " + SVGNumber.format(frame.minY + 4) + "L"
                                + SVGNumber.format(frame.minX + 4) + " " + SVGNumber.format(frame.minY - 4)),
                        "stroke": .text(style.stroke), "stroke-width": 1.2,
                    ])
            } else {
                builder.empty(
                    "line",
                    [
                        "class": "frame", "x1": .number(frame.minX), "y1": .number(frame.minY),
                        "x2": .number(frame.maxX), "y2": .number(frame.maxY), "stroke": .text(style.stroke),
                        "stroke-width": .number(max(style.strokeWidth, 1.2)), "stroke-dasharray": dashes,
                    ])
            }
        } else {
            let radius = min(style.cornerRadius, frame.width / 2, frame.height / 2)
            builder.empty(
                "rect",
                [
                    "class": "frame", "x": .number(frame.minX), "y": .number(frame.minY),
                    "width": .number(frame.width), "height": .number(frame.height), "rx": .number(radius),
                    "fill": .text(style.fill), "fill-opacity": .number(style.fillOpacity),
                    "stroke": .text(style.stroke), "stroke-width": .number(style.strokeWidth),
                    "stroke-dasharray": dashes,
                ])
            if item.kind == .viewport { drawCamera(in: frame, into: &builder) }
        }
        builder.close("g")
    }

    /// The viewport frames the camera: the SDK centres the vehicle in it and draws the route ahead, so the
    /// picture does too.
    private func drawCamera(in frame: Frame, into builder: inout SVGBuilder) {
        guard frame.width >= 30, frame.height >= 40 else { return }
        let center = PicturePoint(x: frame.midX, y: frame.midY)
        builder.empty(
            "path",
            [
                "class": "route",
                "d": .text(
                    "M" + SVGNumber.format(center.x) + " " + SVGNumber.format(center.y) + "L"
                        + SVGNumber.format(center.x) + " " + SVGNumber.format(frame.minY + frame.height * 0.22) + "L"
                        + SVGNumber.format(center.x + frame.width * 0.2) + " "
                        + SVGNumber.format(frame.minY + frame.height * 0.08)),
                "fill": "none", "stroke": .text(PicturePalette.routeColor), "stroke-width": 5,
                "stroke-opacity": 0.55, "stroke-linecap": "round", "stroke-linejoin": "round",
            ])
        let size = 9.0
        builder.empty(
            "path",
            [
                "class": "vehicle",
                "d": .text(
                    "M" + SVGNumber.format(center.x) + " " + SVGNumber.format(center.y - size) + "L"
                        + SVGNumber.format(center.x + size * 0.75) + " " + SVGNumber.format(center.y + size * 0.7) + "L"
                        + SVGNumber.format(center.x) + " " + SVGNumber.format(center.y + size * 0.3) + "L"
                        + SVGNumber.format(center.x - size * 0.75) + " " + SVGNumber.format(center.y + size * 0.7) + "Z"
                ),
                "fill": .text(PicturePalette.routeColor), "stroke": "#ffffff", "stroke-width": 1.5,
            ])
    }

    private func drawPromptAnimation(
        _ animation: PromptAnimation, layout: PictureLayout, into builder: inout SVGBuilder
    ) {
        guard animation.from.isFinite, animation.to.isFinite else { return }
        let from = layout.rect(animation.from.standardized)
        let to = layout.rect(animation.to.standardized)
        builder.open("g", ["class": "prompt-animation", "data-item": "prompt"])
        builder.tooltip(
            "prompt animation: from " + frameDescription(animation.from) + " to " + frameDescription(animation.to)
                + " over " + SVGNumber.format(animation.duration) + " s")
        builder.empty(
            "rect",
            [
                "class": "ghost", "x": .number(from.minX), "y": .number(from.minY), "width": .number(from.width),
                "height": .number(from.height), "rx": 10, "fill": .text(PicturePalette.ghostColor),
                "fill-opacity": 0.05,
                "stroke": .text(PicturePalette.ghostColor), "stroke-width": 1.2, "stroke-dasharray": "5 4",
                "stroke-opacity": 0.8,
            ])
        if from.width >= 90, from.height >= 18 {
            builder.text(
                "text",
                [
                    "class": "ghost-label", "x": .number(from.minX + 6), "y": .number(from.maxY - 6),
                    "font-size": 10.5, "font-style": "italic", "fill": .text(PicturePalette.ghostColor),
                ], "prompt starts here")
        }
        let dx = to.midX - from.midX
        let dy = to.midY - from.midY
        if (dx * dx + dy * dy).squareRoot() >= 6 {
            // The arrow runs between the two centres, its head stopping short of the end frame's centre
            // so the head is not hidden under the label.
            builder.arrow(
                from: PicturePoint(x: from.midX, y: from.midY), to: PicturePoint(x: to.midX, y: to.midY), inset: 4,
                maximumHead: 10, color: PicturePalette.ghostColor, width: 2)
        }
        builder.close("g")
    }

    private func drawMark(_ item: PictureItem, layout: PictureLayout, into builder: inout SVGBuilder) {
        guard let severity = item.mark else { return }
        let frame = layout.rect(item.frame.standardized)
        let color = PicturePalette.color(for: severity)
        builder.open("g", ["class": .text("mark mark-" + severity.rawValue), "data-item": .text(item.name)])
        builder.empty(
            "rect",
            [
                "class": "mark-outline", "x": .number(frame.minX - 1.5), "y": .number(frame.minY - 1.5),
                "width": .number(frame.width + 3), "height": .number(frame.height + 3), "rx": 3, "fill": "none",
                "stroke": .text(color), "stroke-width": 2.5,
            ])
        // The marker sits on the top trailing corner (labels start at the leading one), pulled onto the
        // stage if the item is off it.
        let stage = layout.stage
        let trailingX = layout.picture.screen.layoutDirection == .rightToLeft ? frame.minX : frame.maxX
        let cx = min(max(trailingX, stage.minX + 9), stage.maxX - 9)
        let cy = min(max(frame.minY, stage.minY + 9), stage.maxY - 9)
        drawSeverityMarker(severity, at: PicturePoint(x: cx, y: cy), radius: 8, into: &builder)
        builder.close("g")
    }

    /// A round marker with "!" for errors, a triangle with "!" for warnings, a round "i" for notes:
    /// shape and colour both tell the severity.
    func drawSeverityMarker(
        _ severity: Severity, at center: PicturePoint, radius: Double, into builder: inout SVGBuilder
    ) {
        let color = PicturePalette.color(for: severity)
        if severity == .warning {
            let r = radius * 1.15
            builder.empty(
                "path",
                [
                    "class": "marker",
                    "d": .text(
                        "M" + SVGNumber.format(center.x) + " " + SVGNumber.format(center.y - r) + "L"
                            + SVGNumber.format(center.x + r) + " " + SVGNumber.format(center.y + r * 0.8) + "L"
                            + SVGNumber.format(center.x - r) + " " + SVGNumber.format(center.y + r * 0.8) + "Z"),
                    "fill": .text(color), "stroke": "#ffffff", "stroke-width": 1.2, "stroke-linejoin": "round",
                ])
        } else {
            builder.empty(
                "circle",
                [
                    "class": "marker", "cx": .number(center.x), "cy": .number(center.y), "r": .number(radius),
                    "fill": .text(color), "stroke": "#ffffff", "stroke-width": 1.2,
                ])
        }
        builder.text(
            "text",
            [
                "x": .number(center.x), "y": .number(center.y + radius * (severity == .warning ? 0.62 : 0.45)),
                "text-anchor": "middle", "font-size": .number(radius * 1.25), "font-weight": "bold", "fill": "#ffffff",
            ], severity == .info ? "i" : "!")
    }
}
