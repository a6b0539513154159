// Item names: inside the frame where the name fits and a place is free, with the frame's size on a second
// line when there is room; otherwise on a white tag beside the frame.

import NavigationLayout

/// How a label is set: one line of the label font, kept this far from its frame's edges.
private enum LabelText {
    static let lineHeight = PictureLayout.labelFontSize + 3
    static let padding = 4.0

    /// Guides are annotations, not views: their names are a point smaller and never bold.
    static func fontSize(of item: PictureItem) -> Double {
        item.kind == .guide ? PictureLayout.labelFontSize - 1 : PictureLayout.labelFontSize
    }
}

extension SVGRenderer {
    func drawLabels(
        _ items: [PictureItem], layout: PictureLayout, labels: inout LabelPlacer, into builder: inout SVGBuilder
    ) {
        builder.open("g", ["class": "labels", "font-size": .number(PictureLayout.labelFontSize)])
        // Views first, then guides: a guide often shares its frame with a card, and the card's name is
        // the one people look for. Inside labels before outside ones, so outside labels avoid them all.
        let views = items.filter { $0.kind != .guide }
        let guides = items.filter { $0.kind == .guide }
        var outside: [PictureItem] = []
        for item in views + guides {
            let placed = drawInsideLabel(item, layout: layout, labels: &labels, into: &builder)
            if !placed { outside.append(item) }
        }
        // Small items are obstacles for outside labels: a label over a button hides the button.
        let obstacles = items.filter { $0.kind != .viewport && $0.kind != .stack && $0.kind != .guide }
            .map { layout.rect($0.frame.standardized) }
        for item in outside {
            drawOutsideLabel(item, layout: layout, avoiding: obstacles, labels: &labels, into: &builder)
        }
        builder.close("g")
    }

    /// The item's name inside its frame, at the leading corner; false when the name does not fit or no
    /// place inside is free, and the label goes outside.
    private func drawInsideLabel(
        _ item: PictureItem, layout: PictureLayout, labels: inout LabelPlacer, into builder: inout SVGBuilder
    ) -> Bool {
        let frame = layout.rect(item.frame.standardized)
        let isGuide = item.kind == .guide
        let size = LabelText.fontSize(of: item)
        let rightToLeft = layout.picture.screen.layoutDirection == .rightToLeft
        guard let text = insideText(of: item, in: frame, fontSize: size, bold: !isGuide),
            let box = labels.placeInside(
                width: TextMetrics.width(of: text, fontSize: size, bold: !isGuide), height: LabelText.lineHeight,
                in: frame, rightToLeft: rightToLeft, padding: LabelText.padding)
        else { return false }
        builder.open("g", ["class": "label inside", "data-item": .text(item.name)])
        builder.text(
            "text",
            [
                "x": .number(rightToLeft ? box.maxX : box.minX), "y": .number(box.minY + size * 0.85 + 1),
                "text-anchor": rightToLeft ? "end" : "start", "font-size": .number(size),
                "font-weight": isGuide ? "normal" : "bold",
                "font-style": .text(isGuide || item.kind == .viewport ? "italic" : "normal"),
                "fill": .text(isGuide ? PicturePalette.mutedInk : PicturePalette.ink),
            ], text)
        if !isGuide {
            drawSize(of: item, in: frame, under: box, rightToLeft: rightToLeft, labels: &labels, into: &builder)
        }
        builder.close("g")
        return true
    }

    /// The name as it fits inside `frame`: whole, or cut with an ellipsis in a wide frame (in a small one
    /// the cut name says too little); nil for a frame too low for a line, and for a stack, whose buttons
    /// carry their own labels, so that the stack is named from outside.
    private func insideText(of item: PictureItem, in frame: Frame, fontSize: Double, bold: Bool) -> String? {
        guard item.kind != .stack, frame.height >= LabelText.lineHeight + 2 else { return nil }
        let room = frame.width - 2 * LabelText.padding
        if TextMetrics.width(of: item.name, fontSize: fontSize, bold: bold) <= room { return item.name }
        return frame.width >= 100 ? TextMetrics.fit(item.name, into: room, fontSize: fontSize, bold: bold) : nil
    }

    /// "393 × 155" on a line under the inside label `box`, when the frame is large enough and the line is
    /// free: people check sizes more than positions.
    private func drawSize(
        of item: PictureItem, in frame: Frame, under box: Frame, rightToLeft: Bool, labels: inout LabelPlacer,
        into builder: inout SVGBuilder
    ) {
        let text = SVGNumber.format(item.frame.width) + " \u{00D7} " + SVGNumber.format(item.frame.height)
        let width = TextMetrics.width(of: text, fontSize: 9.5)
        let line = Frame(x: rightToLeft ? box.maxX - width : box.minX, y: box.maxY, width: width, height: 12)
        guard frame.width >= 70, frame.height >= 40, box.minY < frame.midY,
            width <= frame.width - 2 * LabelText.padding, !labels.placed.contains(where: { $0.intersects(line) })
        else { return }
        labels.reserve(line)
        builder.text(
            "text",
            [
                "class": "size", "x": .number(rightToLeft ? box.maxX : box.minX), "y": .number(line.minY + 8.5),
                "text-anchor": rightToLeft ? "end" : "start", "font-size": 9.5,
                "fill": .text(PicturePalette.mutedInk),
            ], text)
    }

    /// The item's name on a white tag beside its frame, clear of other labels and of `obstacles` where
    /// the placer finds room.
    private func drawOutsideLabel(
        _ item: PictureItem, layout: PictureLayout, avoiding obstacles: [Frame], labels: inout LabelPlacer,
        into builder: inout SVGBuilder
    ) {
        let frame = layout.rect(item.frame.standardized)
        let isGuide = item.kind == .guide
        let size = LabelText.fontSize(of: item)
        let text = TextMetrics.fit(item.name, into: 180, fontSize: size) ?? item.name
        let box = labels.placeOutside(
            width: TextMetrics.width(of: text, fontSize: size) + 6, height: LabelText.lineHeight, next: frame,
            avoiding: obstacles.filter { $0 != frame })
        builder.open("g", ["class": "label outside", "data-item": .text(item.name)])
        builder.empty(
            "rect",
            [
                "x": .number(box.minX), "y": .number(box.minY), "width": .number(box.width),
                "height": .number(box.height), "rx": 3, "fill": "#ffffff", "fill-opacity": 0.9,
                "stroke": .text(PicturePalette.style(for: item.kind).stroke), "stroke-width": 0.6,
            ])
        builder.text(
            "text",
            [
                "x": .number(box.minX + 3), "y": .number(box.minY + size * 0.95 + (isGuide ? 1 : 0)),
                "font-size": .number(size), "font-style": isGuide ? "italic" : "normal",
                "fill": .text(isGuide ? PicturePalette.mutedInk : PicturePalette.ink),
            ], text)
        builder.close("g")
    }
}
