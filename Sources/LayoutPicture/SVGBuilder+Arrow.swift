// Arrows: a prompt's slide from its start frame to its end frame, a component's move in a layout review.

extension SVGBuilder {
    /// A straight arrow from `from` towards `to`, both ends pulled in by `inset` along the way (so the
    /// arrow can stop short of a label at either end): a line of `width`, then a filled triangular head
    /// of at most `maximumHead`, and never more than half the distance. Nothing for two equal points.
    mutating func arrow(
        from: PicturePoint, to: PicturePoint, inset: Double, maximumHead: Double, color: String, width: Double
    ) {
        let dx = to.x - from.x
        let dy = to.y - from.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let ux = dx / length
        let uy = dy / length
        let start = PicturePoint(x: from.x + ux * inset, y: from.y + uy * inset)
        let tip = PicturePoint(x: to.x - ux * inset, y: to.y - uy * inset)
        let head = min(maximumHead, length / 2)
        let base = PicturePoint(x: tip.x - ux * head, y: tip.y - uy * head)
        empty(
            "line",
            [
                "class": "arrow", "x1": .number(start.x), "y1": .number(start.y), "x2": .number(base.x),
                "y2": .number(base.y), "stroke": .text(color), "stroke-width": .number(width),
            ])
        empty(
            "path",
            [
                "class": "arrow-head",
                "d": .text(
                    "M" + SVGNumber.format(tip.x) + " " + SVGNumber.format(tip.y) + "L"
                        + SVGNumber.format(base.x - uy * head * 0.5) + " " + SVGNumber.format(base.y + ux * head * 0.5)
                        + "L" + SVGNumber.format(base.x + uy * head * 0.5) + " "
                        + SVGNumber.format(base.y - ux * head * 0.5) + "Z"),
                "fill": .text(color),
            ])
    }
}
