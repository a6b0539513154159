// The panel beside the phone: what is hidden and why, the diagnostics, and a legend of what this picture
// shows.

import NavigationLayout

extension SVGRenderer {
    func drawPanel(_ layout: PictureLayout, into builder: inout SVGBuilder) {
        let x = layout.panelX
        let top = layout.stage.minY
        let fontSize = PictureLayout.panelFontSize
        builder.open("g", ["class": "panel", "font-size": .number(fontSize)])
        for line in layout.panel {
            let baseline = top + line.y + fontSize
            switch line.content {
            case .heading(let text):
                builder.text(
                    "text",
                    [
                        "class": "heading", "x": .number(x), "y": .number(baseline + 1), "font-size": 12.5,
                        "font-weight": "bold", "fill": .text(PicturePalette.ink),
                    ], text)
            case .note(let text):
                builder.text(
                    "text",
                    [
                        "class": "note", "x": .number(x + 14), "y": .number(baseline), "font-style": "italic",
                        "fill": .text(PicturePalette.mutedInk),
                    ], text)
            case .hidden(let item, let text, let first):
                builder.open("g", ["class": "hidden-item", "data-item": .text(item.name)])
                if first {
                    builder.empty(
                        "rect",
                        [
                            "x": .number(x + 2), "y": .number(baseline - 8), "width": 8, "height": 8, "rx": 1.5,
                            "fill": "none", "stroke": .text(PicturePalette.mutedInk), "stroke-width": 1,
                            "stroke-dasharray": "2 1.5",
                        ])
                }
                builder.text(
                    "text", ["x": .number(x + 14), "y": .number(baseline), "fill": .text(PicturePalette.ink)], text)
                builder.close("g")
            case .diagnostic(let index, let diagnostic, let text, let first):
                builder.open(
                    "g",
                    [
                        "class": .text("diagnostic severity-" + diagnostic.severity.rawValue),
                        "data-diagnostic": .number(Double(index)),
                        "data-items": .text(diagnostic.items.joined(separator: " ")),
                    ])
                if first {
                    drawSeverityMarker(
                        diagnostic.severity, at: PicturePoint(x: x + 6, y: baseline - 4), radius: 5.5, into: &builder)
                }
                // The first line starts with the code: set it in bold in the severity's colour.
                let prefix = diagnostic.code.rawValue + ":"
                if first, text.hasPrefix(prefix) {
                    builder.open(
                        "text", ["x": .number(x + 14), "y": .number(baseline), "fill": .text(PicturePalette.ink)])
                    builder.text(
                        "tspan",
                        ["font-weight": "bold", "fill": .text(PicturePalette.color(for: diagnostic.severity))], prefix)
                    builder.text("tspan", [:], String(text.dropFirst(prefix.count)))
                    builder.close("text")
                } else {
                    builder.text(
                        "text", ["x": .number(x + 14), "y": .number(baseline), "fill": .text(PicturePalette.ink)], text)
                }
                builder.close("g")
            case .legendKind(let kind):
                let style = PicturePalette.style(for: kind)
                builder.open("g", ["class": .text("legend-entry kind-" + kind.rawValue)])
                if kind == .guide {
                    builder.empty(
                        "line",
                        [
                            "x1": .number(x), "y1": .number(baseline - 4), "x2": .number(x + 22),
                            "y2": .number(baseline - 4), "stroke": .text(style.stroke), "stroke-width": 1.2,
                            "stroke-dasharray": .text(style.dashes ?? "none"),
                        ])
                } else {
                    builder.empty(
                        "rect",
                        [
                            "x": .number(x), "y": .number(baseline - 10), "width": 22, "height": 12, "rx": 2,
                            "fill": .text(style.fill), "fill-opacity": .number(max(style.fillOpacity, 0.12)),
                            "stroke": .text(style.stroke), "stroke-width": .number(style.strokeWidth),
                            "stroke-dasharray": .text(style.dashes ?? "none"),
                        ])
                }
                builder.text(
                    "text", ["x": .number(x + 30), "y": .number(baseline), "fill": .text(PicturePalette.ink)],
                    kind.legendName)
                builder.close("g")
            case .legendSafeArea:
                builder.open("g", ["class": "legend-entry safe-area"])
                builder.empty(
                    "rect",
                    [
                        "x": .number(x), "y": .number(baseline - 10), "width": 22, "height": 12, "fill": "#334155",
                        "fill-opacity": 0.16,
                    ])
                builder.text(
                    "text", ["x": .number(x + 30), "y": .number(baseline), "fill": .text(PicturePalette.ink)],
                    "outside the safe area")
                builder.close("g")
            case .legendMark(let severity):
                builder.open("g", ["class": .text("legend-entry mark-" + severity.rawValue)])
                builder.empty(
                    "rect",
                    [
                        "x": .number(x), "y": .number(baseline - 10), "width": 22, "height": 12, "rx": 2,
                        "fill": "none", "stroke": .text(PicturePalette.color(for: severity)), "stroke-width": 2.5,
                    ])
                builder.text(
                    "text", ["x": .number(x + 30), "y": .number(baseline), "fill": .text(PicturePalette.ink)],
                    "named by a diagnostic (" + severity.rawValue + ")")
                builder.close("g")
            case .legendGhost(let duration):
                builder.open("g", ["class": "legend-entry prompt-animation"])
                builder.empty(
                    "rect",
                    [
                        "x": .number(x), "y": .number(baseline - 10), "width": 22, "height": 12, "rx": 2,
                        "fill": "none", "stroke": .text(PicturePalette.ghostColor), "stroke-width": 1.2,
                        "stroke-dasharray": "5 4",
                    ])
                let text = "prompt start frame, arrow to its end (" + SVGNumber.format(duration) + " s)"
                builder.text(
                    "text", ["x": .number(x + 30), "y": .number(baseline), "fill": .text(PicturePalette.ink)], text)
                builder.close("g")
            }
        }
        builder.close("g")
    }
}
