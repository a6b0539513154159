// The panel beside a review overlay: what changed, the findings introduced and resolved, and a legend
// of the marks this overlay shows.

import NavigationLayout

extension CellDiffOverlay {
    func drawPanel(_ layout: CellDiffLayout, renderer: SVGRenderer, into builder: inout SVGBuilder) {
        let fontSize = PictureLayout.panelFontSize
        builder.open("g", ["class": "panel", "font-size": .number(fontSize)])
        for line in layout.panel {
            // Each line is drawn from the panel's left edge, on its text's baseline.
            let start = PicturePoint(x: layout.base.panelX, y: layout.base.stage.minY + line.y + fontSize)
            switch line.content {
            case .heading(let text):
                builder.panelHeading(text, at: start)
            case .note(let text):
                builder.text(
                    "text",
                    [
                        "class": "note", "x": .number(start.x + 14), "y": .number(start.y),
                        "fill": .text(PicturePalette.mutedInk),
                    ], text)
            case .component(let change, let text, let first):
                builder.open("g", ["class": .text("change " + change.rawValue)])
                if first { drawSample(change, at: start, into: &builder) }
                builder.text(
                    "text", ["x": .number(start.x + 30), "y": .number(start.y), "fill": .text(PicturePalette.ink)],
                    text)
                builder.close("g")
            case .finding(let diagnostic, let introduced, let text, let first):
                drawFinding(
                    diagnostic, introduced: introduced, line: text, first: first, at: start, renderer: renderer,
                    into: &builder)
            case .legendAfter:
                builder.legendEntry("after", label: "now: as the layout draws it", at: start) { builder in
                    let style = PicturePalette.style(for: .customView)
                    builder.empty(
                        "rect",
                        [
                            "x": .number(start.x), "y": .number(start.y - 10), "width": 22, "height": 12, "rx": 2,
                            "fill": .text(style.fill), "fill-opacity": .number(style.fillOpacity),
                            "stroke": .text(style.stroke), "stroke-width": .number(style.strokeWidth),
                        ])
                }
            case .legendBefore:
                builder.legendEntry("before", label: "before: where it was (dashed)", at: start) {
                    builder in
                    Self.drawSampleOutline(PicturePalette.beforeColor, width: 1.4, at: start, into: &builder)
                }
            case .legendComponent(let change):
                builder.legendEntry(change.rawValue, label: Self.legendLabel(change), at: start) {
                    builder in
                    drawSample(change, at: start, into: &builder)
                }
            case .legendMark(let severity):
                let label = "named by a new diagnostic (" + severity.rawValue + ")"
                builder.legendEntry("mark-" + severity.rawValue, label: label, at: start) { builder in
                    builder.empty(
                        "rect",
                        [
                            "x": .number(start.x), "y": .number(start.y - 10), "width": 22, "height": 12, "rx": 2,
                            "fill": "none", "stroke": .text(PicturePalette.color(for: severity)), "stroke-width": 2.5,
                        ])
                }
            }
        }
        builder.close("g")
    }

    private static func legendLabel(_ change: DiffPanelLine.ComponentChange) -> String {
        switch change {
        case .moved: return "moved: from where it was to now"
        case .appeared: return "appeared: not there before"
        case .vanished: return "vanished: where it was, now gone"
        }
    }

    /// A small picture of a change, 22 points wide, left of its text.
    private func drawSample(
        _ change: DiffPanelLine.ComponentChange, at start: PicturePoint, into builder: inout SVGBuilder
    ) {
        switch change {
        case .moved:
            builder.arrow(
                from: PicturePoint(x: start.x, y: start.y - 4), to: PicturePoint(x: start.x + 22, y: start.y - 4),
                inset: 0, maximumHead: 7, color: PicturePalette.movedColor, width: 2)
        case .appeared:
            Self.drawChangeMarker(
                "+", color: PicturePalette.appearedColor, at: PicturePoint(x: start.x + 11, y: start.y - 4),
                radius: 6, into: &builder)
        case .vanished:
            Self.drawSampleOutline(PicturePalette.vanishedColor, width: 2, at: start, into: &builder)
        }
    }

    private static func drawSampleOutline(
        _ color: String, width: Double, at start: PicturePoint, into builder: inout SVGBuilder
    ) {
        builder.empty(
            "rect",
            [
                "x": .number(start.x), "y": .number(start.y - 10), "width": 22, "height": 12, "rx": 2, "fill": "none",
                "stroke": .text(color), "stroke-width": .number(width), "stroke-dasharray": .text(outlineDashes),
            ])
    }

    /// One line of a finding; its first line has the severity's marker (a resolved finding's in grey)
    /// and starts with the code in bold.
    private func drawFinding(
        _ diagnostic: Diagnostic, introduced: Bool, line text: String, first: Bool, at start: PicturePoint,
        renderer: SVGRenderer, into builder: inout SVGBuilder
    ) {
        let role = introduced ? "introduced" : "resolved"
        let color = introduced ? PicturePalette.color(for: diagnostic.severity) : PicturePalette.mutedInk
        builder.open(
            "g",
            [
                "class": .text("finding " + role + " severity-" + diagnostic.severity.rawValue),
                "data-code": .text(diagnostic.code.rawValue),
                "data-items": .text(diagnostic.items.joined(separator: " ")),
            ])
        if first {
            let center = PicturePoint(x: start.x + 6, y: start.y - 4)
            if introduced {
                renderer.drawSeverityMarker(diagnostic.severity, at: center, radius: 5.5, into: &builder)
            } else {
                Self.drawChangeMarker(
                    "\u{2713}", color: PicturePalette.okColor, at: center, radius: 5.5, into: &builder)
            }
        }
        builder.findingLine(text, code: first ? diagnostic.code.rawValue : nil, codeColor: color, at: start)
        builder.close("g")
    }

}
