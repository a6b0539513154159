/// The pieces every picture is written with: a standalone document, a group placed and scaled inside
/// another document, and in the side panel a heading, a finding's line (its code set in bold in a
/// colour) and a legend entry (a sample of what it explains beside its label).
extension SVGBuilder {
    /// A panel heading on its line.
    mutating func panelHeading(_ heading: String, at start: PicturePoint) {
        text(
            "text",
            [
                "class": "heading", "x": .number(start.x), "y": .number(start.y + 1), "font-size": 12.5,
                "font-weight": "bold", "fill": .text(PicturePalette.ink),
            ], heading)
    }

    /// One line of text at `start`, its marker's room kept on the left; when `code` starts it (the
    /// first line of a finding), the code and its colon are bold in `codeColor`.
    mutating func findingLine(_ text: String, code: String?, codeColor: String, at start: PicturePoint) {
        let prefix = code.map { $0 + ":" }
        if let prefix, text.hasPrefix(prefix) {
            open("text", ["x": .number(start.x + 14), "y": .number(start.y), "fill": .text(PicturePalette.ink)])
            self.text("tspan", ["font-weight": "bold", "fill": .text(codeColor)], prefix)
            self.text("tspan", [:], String(text.dropFirst(prefix.count)))
            close("text")
        } else {
            self.text(
                "text", ["x": .number(start.x + 14), "y": .number(start.y), "fill": .text(PicturePalette.ink)], text)
        }
    }

    /// A legend entry: a sample of what it explains, then its label.
    mutating func legendEntry(
        _ role: String, label: String, at start: PicturePoint, sample: (inout SVGBuilder) -> Void
    ) {
        open("g", ["class": .text("legend-entry " + role)])
        sample(&self)
        text("text", ["x": .number(start.x + 30), "y": .number(start.y), "fill": .text(PicturePalette.ink)], label)
        close("g")
    }

    /// One `<g>` element whose top-left corner is at `origin`, drawn by `draw` at `scale` (a scale that
    /// is not a positive number draws at 1), for a picture placed in another document.
    static func placedGroup(at origin: PicturePoint, scale: Double, draw: (inout SVGBuilder) -> Void) -> String {
        var builder = SVGBuilder(output: "")
        let safeScale = scale.isFinite && scale > 0 ? scale : 1
        builder.open(
            "g",
            [
                "transform": .text(
                    "translate(" + SVGNumber.format(origin.x) + " " + SVGNumber.format(origin.y) + ") scale("
                        + SVGNumberScale.format(safeScale) + ")")
            ])
        draw(&builder)
        builder.close("g")
        return builder.output
    }

    /// A standalone SVG document of `size` on a white background, its content drawn by `draw`.
    static func document(size: PictureSize, draw: (inout SVGBuilder) -> Void) -> String {
        var builder = SVGBuilder(output: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        builder.open(
            "svg",
            [
                "xmlns": "http://www.w3.org/2000/svg", "version": "1.1",
                "width": .number(size.width), "height": .number(size.height),
                "viewBox": .text("0 0 " + SVGNumber.format(size.width) + " " + SVGNumber.format(size.height)),
            ])
        builder.empty(
            "rect",
            [
                "class": "background", "x": 0, "y": 0, "width": .number(size.width), "height": .number(size.height),
                "fill": "#ffffff",
            ])
        draw(&builder)
        builder.close("svg")
        return builder.output
    }
}
