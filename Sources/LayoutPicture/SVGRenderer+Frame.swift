// The parts around the items: the caption and status badge, the phone with its map and safe area, and
// the layout direction under the phone.

import NavigationLayout

/// The pill in the header's trailing corner: one word in capitals on its colour. `kind` names what the
/// word is (a result's "status", a review's "change"): the group's class and data attribute.
struct HeaderBadge {
    var kind: String
    var word: String
    var color: String

    var width: Double { TextMetrics.width(of: word.uppercased(), fontSize: 11, bold: true) + 18 }
}

extension SVGRenderer {
    /// The title, the subtitles and the picture's status badge.
    func drawHeader(_ layout: PictureLayout, into builder: inout SVGBuilder) {
        let status = layout.picture.status
        drawHeader(
            layout, badge: HeaderBadge(kind: "status", word: status.rawValue, color: PicturePalette.color(for: status)),
            into: &builder)
    }

    /// The title, the subtitles and `badge`.
    func drawHeader(_ layout: PictureLayout, badge: HeaderBadge, into builder: inout SVGBuilder) {
        let picture = layout.picture
        let margin = PictureLayout.margin
        let badgeWidth = badge.width
        let badgeX = layout.size.width - margin - badgeWidth
        builder.open("g", ["class": "header"])
        let titleRoom = badgeX - margin - 12
        if let title = TextMetrics.fit(
            picture.title, into: titleRoom, fontSize: PictureLayout.titleFontSize, bold: true)
        {
            builder.text(
                "text",
                [
                    "class": "title", "x": .number(margin), "y": .number(margin + 15),
                    "font-size": .number(PictureLayout.titleFontSize), "font-weight": "bold",
                    "fill": .text(PicturePalette.ink),
                ], title)
        }
        for (index, subtitle) in picture.subtitles.enumerated() {
            guard
                let line = TextMetrics.fit(
                    subtitle, into: layout.size.width - 2 * margin, fontSize: PictureLayout.subtitleFontSize)
            else { continue }
            builder.text(
                "text",
                [
                    "class": "subtitle", "x": .number(margin), "y": .number(margin + 22 + 13 + Double(index) * 16),
                    "font-size": .number(PictureLayout.subtitleFontSize), "fill": .text(PicturePalette.mutedInk),
                ], line)
        }
        builder.open(
            "g",
            [
                "class": .text(badge.kind + "-badge " + badge.kind + "-" + badge.word),
                "data-" + badge.kind: .text(badge.word),
            ])
        builder.empty(
            "rect",
            [
                "x": .number(badgeX), "y": .number(margin), "width": .number(badgeWidth), "height": 20, "rx": 10,
                "fill": .text(badge.color),
            ])
        builder.text(
            "text",
            [
                "x": .number(badgeX + badgeWidth / 2), "y": .number(margin + 14), "text-anchor": "middle",
                "font-size": 11, "font-weight": "bold", "fill": "#ffffff",
            ], badge.word.uppercased())
        builder.close("g")
        builder.close("g")
    }

    func drawPhone(_ layout: PictureLayout, into builder: inout SVGBuilder) {
        let screen = layout.screenRect
        let bezel = layout.bezel
        let radius = layout.screenCornerRadius
        let insets = layout.picture.screen.safeArea
        builder.open("g", ["class": "phone"])
        builder.empty(
            "rect",
            [
                "class": "bezel", "x": .number(screen.minX - bezel), "y": .number(screen.minY - bezel),
                "width": .number(screen.width + 2 * bezel), "height": .number(screen.height + 2 * bezel),
                "rx": .number(radius + bezel), "fill": .text(PicturePalette.bezelColor),
            ])
        builder.empty(
            "rect",
            [
                "class": "map", "x": .number(screen.minX), "y": .number(screen.minY), "width": .number(screen.width),
                "height": .number(screen.height), "rx": .number(radius), "fill": .text(PicturePalette.mapColor),
            ])
        drawRoads(in: screen, into: &builder)

        // The safe area: the insets are shaded (content there sits under the status bar, the notch or
        // the home indicator) and the safe rectangle itself is outlined with a fine dashed line.
        let safe = Frame(
            x: screen.minX + insets.left, y: screen.minY + insets.top,
            width: max(0, screen.width - insets.left - insets.right),
            height: max(0, screen.height - insets.top - insets.bottom))
        builder.open("g", ["class": "safe-area"])
        builder.tooltip(
            "safe area insets: top \(SVGNumber.format(insets.top)), bottom \(SVGNumber.format(insets.bottom)), left \(SVGNumber.format(insets.left)), right \(SVGNumber.format(insets.right))"
        )
        let bands = [
            Frame(x: screen.minX, y: screen.minY, width: screen.width, height: min(insets.top, screen.height)),
            Frame(x: screen.minX, y: safe.maxY, width: screen.width, height: max(0, screen.maxY - safe.maxY)),
            Frame(x: screen.minX, y: safe.minY, width: min(insets.left, screen.width), height: safe.height),
            Frame(x: safe.maxX, y: safe.minY, width: max(0, screen.maxX - safe.maxX), height: safe.height),
        ]
        for band in bands where band.width > 0 && band.height > 0 {
            builder.empty(
                "rect",
                [
                    "class": "safe-area-inset", "x": .number(band.minX), "y": .number(band.minY),
                    "width": .number(band.width), "height": .number(band.height), "fill": "#334155",
                    "fill-opacity": 0.16,
                ])
        }
        builder.empty(
            "rect",
            [
                "class": "safe-area-edge", "x": .number(safe.minX), "y": .number(safe.minY),
                "width": .number(safe.width), "height": .number(safe.height), "fill": "none", "stroke": "#64748b",
                "stroke-width": 0.8, "stroke-dasharray": "4 3",
            ])
        builder.close("g")
        // The home indicator, where the phone has one: tells at a glance which edge is the bottom.
        if insets.bottom >= 15 {
            let width = min(140, screen.width * 0.34)
            builder.empty(
                "rect",
                [
                    "class": "home-indicator", "x": .number(screen.midX - width / 2), "y": .number(screen.maxY - 9),
                    "width": .number(width), "height": 5, "rx": 2.5, "fill": "#111827", "fill-opacity": 0.5,
                ])
        }
        builder.close("g")
    }

    /// A few faint streets, so the screen reads as a map rather than an empty box.
    private func drawRoads(in screen: Frame, into builder: inout SVGBuilder) {
        let points: [(Double, Double, Double, Double)] = [
            (0, 0.62, 1, 0.48), (0.28, 0, 0.4, 1), (0.7, 0, 0.86, 1), (0, 0.2, 1, 0.3),
        ]
        // Butt caps: a round cap would poke past the screen's edge onto the bezel.
        builder.open(
            "g",
            [
                "class": "roads", "stroke": .text(PicturePalette.roadColor), "stroke-width": 6, "stroke-opacity": 0.85,
                "stroke-linecap": "butt",
            ])
        for (x1, y1, x2, y2) in points {
            builder.empty(
                "line",
                [
                    "x1": .number(screen.minX + x1 * screen.width), "y1": .number(screen.minY + y1 * screen.height),
                    "x2": .number(screen.minX + x2 * screen.width), "y2": .number(screen.minY + y2 * screen.height),
                ])
        }
        builder.close("g")
    }

    func drawCaption(_ layout: PictureLayout, into builder: inout SVGBuilder) {
        let screen = layout.picture.screen
        var caption =
            screen.layoutDirection == .rightToLeft
            ? "right-to-left: leading edge = right" : "left-to-right: leading edge = left"
        caption +=
            " \u{00B7} " + SVGNumber.format(screen.width) + " \u{00D7} " + SVGNumber.format(screen.height) + " pt"
        if screen.carPlay { caption += " \u{00B7} CarPlay" }
        guard
            let text = TextMetrics.fit(
                caption, into: max(40, layout.stage.width), fontSize: PictureLayout.captionFontSize)
        else { return }
        builder.text(
            "text",
            [
                "class": "caption", "x": .number(layout.stage.minX), "y": .number(layout.stage.maxY + 14),
                "font-size": .number(PictureLayout.captionFontSize), "fill": .text(PicturePalette.mutedInk),
            ], text)
    }
}
