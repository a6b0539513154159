/// A layout review as one SVG contact sheet: the device matrix on `MatrixContactSheet`'s grid, each
/// cell showing what the change did there.
///
/// A cell that changed holds its review overlay (`CellDiffOverlay`) as a thumbnail, framed in the
/// change's colour: red where a finding was introduced (regressed), green where one was resolved
/// (improved), violet for any other change. A cell that did not change holds its after picture, dimmed,
/// in a thin grey frame: there for context, out of the way. The title counts the cells of each kind.
///
/// Each cell's group carries `data-key` (and `id`, "cell-" and the key) with its matrix cell key, and
/// `data-change`, so that a web page can find the cell clicked and ask for its overlay. Output is
/// deterministic: the same diff, rows and pictures always give the same bytes.

import NavigationLayout

public struct DiffContactSheet: Sendable {
    /// The box a thumbnail is fitted into, in sheet points.
    public var thumbnailBox: PictureSize
    /// The thumbnails' largest scale: small pictures are not blown up past it.
    public var maximumScale: Double
    /// The opacity of an unchanged cell's thumbnail.
    public var unchangedOpacity: Double

    public init(
        thumbnailBox: PictureSize = PictureSize(width: 132, height: 132), maximumScale: Double = 0.25,
        unchangedOpacity: Double = 0.35
    ) {
        self.thumbnailBox = thumbnailBox
        self.maximumScale = maximumScale
        self.unchangedOpacity = unchangedOpacity
    }

    var grid: ContactSheetGrid { ContactSheetGrid(thumbnailBox: thumbnailBox, maximumScale: maximumScale) }

    /// The whole sheet as a standalone SVG document.
    ///
    /// `rows` lay out the grid, a row per device in their order, with the captions: the report rows of
    /// the matrix after the change (the two sides have the same cells). `pictures` holds the two
    /// pictures of each cell by key; a cell without them is drawn as an empty frame, and a row the diff
    /// does not hold as an empty grey one.
    public func render(
        _ diff: MatrixDiff, rows: [MatrixReport.Row], pictures: [String: CellPicturePair],
        title: String = "Layout review"
    ) -> String {
        let grid = self.grid
        let devices = ContactSheetGrid.devices(rows)
        // Lookups only: the sheet is drawn in the order of `rows`.
        var changes: [String: CellDiff] = [:]
        for cell in diff.cells where changes[cell.key] == nil { changes[cell.key] = cell.diff }

        var builder = grid.openDocument(grid.size(of: devices))
        grid.drawTitle(title, into: &builder)
        drawSummary(diff, into: &builder)
        for (rowIndex, device) in devices.enumerated() {
            let cellChanges = device.indexes.compactMap { changes[rows[$0].cell.key]?.change }
            let worst = Self.worst(cellChanges)
            builder.open("g", ["class": "matrix-device", "data-device": .text(device.id)])
            grid.drawDeviceLabel(
                device.name, verdict: worst.rawValue, color: PicturePalette.color(for: worst),
                top: grid.cellOrigin(row: rowIndex, column: 0).y, into: &builder)
            for (columnIndex, index) in device.indexes.enumerated() {
                let key = rows[index].cell.key
                drawCell(
                    rows[index].cell, diff: changes[key], pictures: pictures[key],
                    origin: grid.cellOrigin(row: rowIndex, column: columnIndex), into: &builder)
            }
            builder.close("g")
        }
        builder.close("svg")
        return builder.output
    }

    /// "24 cells: 2 regressed, 5 changed, 1 improved, 16 unchanged (tolerance 0.5 pt)", each count in
    /// its change's colour: the summary doubles as the legend of the frames.
    private func drawSummary(_ diff: MatrixDiff, into builder: inout SVGBuilder) {
        builder.open(
            "text",
            [
                "class": "matrix-summary", "x": .number(ContactSheetGrid.padding), "y": 38, "font-size": 11,
                "fill": .text(PicturePalette.ink),
            ])
        builder.text("tspan", [:], "\(diff.cells.count) cells: ")
        let order: [CellDiff.Change] = [.regressed, .changed, .improved, .unchanged]
        for (position, change) in order.enumerated() {
            builder.text(
                "tspan",
                [
                    "class": .text("count-" + change.rawValue),
                    "font-weight": diff.count(change) > 0 ? "bold" : "normal",
                    "fill": .text(PicturePalette.color(for: change)),
                ], "\(diff.count(change)) " + change.rawValue + (position < order.count - 1 ? "," : ""))
            if position < order.count - 1 { builder.text("tspan", [:], " ") }
        }
        builder.text("tspan", [:], " (tolerance " + SVGNumber.format(diff.tolerance) + " pt)")
        builder.close("text")
    }

    private func drawCell(
        _ cell: MatrixCell, diff: CellDiff?, pictures: CellPicturePair?, origin: PicturePoint,
        into builder: inout SVGBuilder
    ) {
        let grid = self.grid
        let change = diff?.change ?? .unchanged
        let color = PicturePalette.color(for: change)
        builder.open(
            "g",
            [
                "class": .text("diff-cell change-" + change.rawValue), "id": .text("cell-" + cell.key),
                "data-key": .text(cell.key), "data-change": .text(diff == nil ? "not-compared" : change.rawValue),
            ])
        builder.tooltip(
            cell.key + ": "
                + (diff.map { $0.change.rawValue + " \u{2014} " + CellDiffLayout.summary($0) } ?? "not compared"))
        grid.drawCellFrame(
            at: origin, fill: PicturePalette.tint(for: change), stroke: color,
            width: change == .unchanged ? 1 : ContactSheetGrid.frameWidth, into: &builder)
        let box = grid.thumbnailFrame(at: origin)
        if let diff, let pictures {
            if change == .unchanged {
                let renderer = SVGRenderer(options: .thumbnail)
                let placement = grid.fit(renderer.size(of: pictures.after), in: box)
                builder.open("g", ["class": "dimmed", "opacity": .number(unchangedOpacity)])
                renderer.render(pictures.after, into: &builder.output, at: placement.origin, scale: placement.scale)
                builder.close("g")
            } else {
                let overlay = CellDiffOverlay(before: pictures.before, after: pictures.after, diff: diff)
                let placement = grid.fit(overlay.size(options: .thumbnail), in: box)
                overlay.render(into: &builder.output, at: placement.origin, scale: placement.scale)
            }
        } else {
            grid.drawNoPicture(in: box, into: &builder)
        }
        grid.drawCaption(
            cell, color: change == .unchanged ? PicturePalette.mutedInk : color, at: origin, into: &builder)
        builder.close("g")
    }

    /// The change that matters most among `changes`: regressed, then changed, then improved.
    static func worst(_ changes: [CellDiff.Change]) -> CellDiff.Change {
        for change in [CellDiff.Change.regressed, .changed, .improved] where changes.contains(change) { return change }
        return .unchanged
    }
}
