/// Draws a device matrix as one SVG contact sheet: a row per device, a cell per orientation x
/// direction x state, each cell the layout's thumbnail framed in its status colour with a caption.
/// A person sees at once which devices break.
///
/// The report gives the cells, their order and their status; the pictures come beside it, one per
/// row, so that the matrix itself knows nothing of pictures. Every thumbnail is scaled to fit the same
/// box, so portrait phones and landscape iPads share one grid. Output is deterministic: the same
/// report and pictures always give the same bytes.

import NavigationLayout

public struct MatrixContactSheet: Sendable {
    /// The box a thumbnail is fitted into, in sheet points.
    public var thumbnailBox: PictureSize
    /// The thumbnails' largest scale: small pictures are not blown up past it.
    public var maximumScale: Double

    public init(thumbnailBox: PictureSize = PictureSize(width: 132, height: 132), maximumScale: Double = 0.25) {
        self.thumbnailBox = thumbnailBox
        self.maximumScale = maximumScale
    }

    var grid: ContactSheetGrid { ContactSheetGrid(thumbnailBox: thumbnailBox, maximumScale: maximumScale) }

    /// The whole sheet as a standalone SVG document. `pictures[i]` is the picture of `report.rows[i]`;
    /// a row without one (nil, or past the end of `pictures`) is drawn as an empty frame in its status
    /// colour.
    public func render(
        _ report: MatrixReport, pictures: [LayoutPicture?] = [], title: String = "Device matrix"
    ) -> String {
        let grid = self.grid
        let devices = ContactSheetGrid.devices(report.rows)
        var builder = grid.openDocument(grid.size(of: devices))
        let summary =
            "\(report.rows.count) cells: \(report.count(.ok)) ok, \(report.count(.warning)) warning, \(report.count(.error)) error"
        grid.drawTitle(title, into: &builder)
        builder.text(
            "text",
            [
                "class": "matrix-summary", "x": .number(ContactSheetGrid.padding), "y": 38, "font-size": 11,
                "fill": .text(PicturePalette.color(for: report.status)),
            ], summary)
        for (rowIndex, device) in devices.enumerated() {
            let rows = device.indexes.map { report.rows[$0] }
            let worst = MatrixReport(rows: rows).status
            builder.open("g", ["class": "matrix-device", "data-device": .text(device.id)])
            grid.drawDeviceLabel(
                device.name, verdict: worst.rawValue, color: PicturePalette.color(for: worst),
                top: grid.cellOrigin(row: rowIndex, column: 0).y, into: &builder)
            for (columnIndex, index) in device.indexes.enumerated() {
                drawCell(
                    report.rows[index], picture: index < pictures.count ? pictures[index] : nil,
                    origin: grid.cellOrigin(row: rowIndex, column: columnIndex), into: &builder)
            }
            builder.close("g")
        }
        builder.close("svg")
        return builder.output
    }

    private func drawCell(
        _ row: MatrixReport.Row, picture: LayoutPicture?, origin: PicturePoint, into builder: inout SVGBuilder
    ) {
        let grid = self.grid
        let status = row.outcome.status
        let color = PicturePalette.color(for: status)
        builder.open(
            "g",
            [
                "class": .text("matrix-cell status-" + status.rawValue), "data-cell": .text(row.cell.key),
                "data-status": .text(status.rawValue),
            ])
        builder.tooltip(
            row.cell.key + ": " + status.rawValue
                + (row.outcome.codes.isEmpty ? "" : " (" + row.outcome.codes.joined(separator: ", ") + ")"))
        grid.drawCellFrame(at: origin, fill: Self.tint(status), stroke: color, into: &builder)
        let box = grid.thumbnailFrame(at: origin)
        if let picture {
            let renderer = SVGRenderer(options: .thumbnail)
            let placement = grid.fit(renderer.size(of: picture), in: box)
            renderer.render(picture, into: &builder.output, at: placement.origin, scale: placement.scale)
        } else {
            grid.drawNoPicture(in: box, into: &builder)
        }
        grid.drawCaption(row.cell, color: color, at: origin, into: &builder)
        builder.close("g")
    }

    /// A pale background in the status colour's hue, so the frame reads even on a grey thumbnail.
    static func tint(_ status: ResultStatus) -> String {
        switch status {
        case .ok: return "#f0fdf4"
        case .warning: return "#fff7ed"
        case .error: return "#fef2f2"
        }
    }
}
