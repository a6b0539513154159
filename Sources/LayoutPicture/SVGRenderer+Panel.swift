// The panel beside the phone: what is hidden and why, the diagnostics, and a legend of what this picture
// shows.

import NavigationLayout

extension SVGRenderer {
    func drawPanel(_ layout: PictureLayout, into builder: inout SVGBuilder) {
        let fontSize = PictureLayout.panelFontSize
        builder.open("g", ["class": "panel", "font-size": .number(fontSize)])
        for line in layout.panel {
            // Each line is drawn from the panel's left edge, on its text's baseline.
            let start = PicturePoint(x: layout.panelX, y: layout.stage.minY + line.y + fontSize)
            switch line.content {
            case .heading(let text):
                builder.panelHeading(text, at: start)
            case .note(let text):
                builder.text(
                    "text",
                    [
                        "class": "note", "x": .number(start.x + 14), "y": .number(start.y), "font-style": "italic",
                        "fill": .text(PicturePalette.mutedInk),
                    ], text)
            case .hidden(let item, let text, let first):
                drawHiddenItem(item, line: text, first: first, at: start, into: &builder)
            case .diagnostic(let index, let diagnostic, let text, let first):
                drawDiagnostic(diagnostic, index: index, line: text, first: first, at: start, into: &builder)
            case .legendKind(let kind):
                builder.legendEntry("kind-" + kind.rawValue, label: kind.legendName, at: start) { builder in
                    drawKindSample(kind, at: start, into: &builder)
                }
            case .legendSafeArea:
                builder.legendEntry("safe-area", label: "outside the safe area", at: start) { builder in
                    builder.empty(
                        "rect",
                        [
                            "x": .number(start.x), "y": .number(start.y - 10), "width": 22, "height": 12,
                            "fill": "#334155", "fill-opacity": 0.16,
                        ])
                }
            case .legendMark(let severity):
                let label = "named by a diagnostic (" + severity.rawValue + ")"
                builder.legendEntry("mark-" + severity.rawValue, label: label, at: start) { builder in
                    builder.empty(
                        "rect",
                        [
                            "x": .number(start.x), "y": .number(start.y - 10), "width": 22, "height": 12, "rx": 2,
                            "fill": "none", "stroke": .text(PicturePalette.color(for: severity)), "stroke-width": 2.5,
                        ])
                }
            case .legendGhost(let duration):
                let label = "prompt start frame, arrow to its end (" + SVGNumber.format(duration) + " s)"
                builder.legendEntry("prompt-animation", label: label, at: start) { builder in
                    builder.empty(
                        "rect",
                        [
                            "x": .number(start.x), "y": .number(start.y - 10), "width": 22, "height": 12, "rx": 2,
                            "fill": "none", "stroke": .text(PicturePalette.ghostColor), "stroke-width": 1.2,
                            "stroke-dasharray": "5 4",
                        ])
                }
            }
        }
        builder.close("g")
    }

    /// One line of a hidden item's name and reason; its first line has a dashed box for the item.
    private func drawHiddenItem(
        _ item: HiddenPictureItem, line text: String, first: Bool, at start: PicturePoint,
        into builder: inout SVGBuilder
    ) {
        builder.open("g", ["class": "hidden-item", "data-item": .text(item.name)])
        if first {
            builder.empty(
                "rect",
                [
                    "x": .number(start.x + 2), "y": .number(start.y - 8), "width": 8, "height": 8, "rx": 1.5,
                    "fill": "none", "stroke": .text(PicturePalette.mutedInk), "stroke-width": 1,
                    "stroke-dasharray": "2 1.5",
                ])
        }
        builder.text(
            "text", ["x": .number(start.x + 14), "y": .number(start.y), "fill": .text(PicturePalette.ink)], text)
        builder.close("g")
    }

    /// One line of a diagnostic; its first line has the severity's marker and starts with the code, set in
    /// bold in the severity's colour.
    private func drawDiagnostic(
        _ diagnostic: Diagnostic, index: Int, line text: String, first: Bool, at start: PicturePoint,
        into builder: inout SVGBuilder
    ) {
        builder.open(
            "g",
            [
                "class": .text("diagnostic severity-" + diagnostic.severity.rawValue),
                "data-diagnostic": .number(Double(index)),
                "data-items": .text(diagnostic.items.joined(separator: " ")),
            ])
        if first {
            drawSeverityMarker(
                diagnostic.severity, at: PicturePoint(x: start.x + 6, y: start.y - 4), radius: 5.5, into: &builder)
        }
        builder.findingLine(
            text, code: first ? diagnostic.code.rawValue : nil,
            codeColor: PicturePalette.color(for: diagnostic.severity), at: start)
        builder.close("g")
    }

    /// An item kind drawn small, in its own style: a guide as a line, anything else as a box.
    private func drawKindSample(_ kind: PictureItemKind, at start: PicturePoint, into builder: inout SVGBuilder) {
        let style = PicturePalette.style(for: kind)
        if kind == .guide {
            builder.empty(
                "line",
                [
                    "x1": .number(start.x), "y1": .number(start.y - 4), "x2": .number(start.x + 22),
                    "y2": .number(start.y - 4), "stroke": .text(style.stroke), "stroke-width": 1.2,
                    "stroke-dasharray": .text(style.dashes ?? "none"),
                ])
        } else {
            builder.empty(
                "rect",
                [
                    "x": .number(start.x), "y": .number(start.y - 10), "width": 22, "height": 12, "rx": 2,
                    "fill": .text(style.fill), "fill-opacity": .number(max(style.fillOpacity, 0.12)),
                    "stroke": .text(style.stroke), "stroke-width": .number(style.strokeWidth),
                    "stroke-dasharray": .text(style.dashes ?? "none"),
                ])
        }
    }
}
