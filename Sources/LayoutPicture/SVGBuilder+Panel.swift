/// The pieces every picture's side panel is written with: a finding's line, its code set in bold in
/// a colour, and a legend entry, a sample of what it explains beside its label.
extension SVGBuilder {
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
