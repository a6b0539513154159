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

    static let padding = 8.0
    static let captionHeight = 30.0
    static let labelWidth = 150.0
    static let titleHeight = 44.0
    static let frameWidth = 3.0

    var cellWidth: Double { thumbnailBox.width + 2 * Self.padding }
    var cellHeight: Double { thumbnailBox.height + 2 * Self.padding + Self.captionHeight }

    /// The rows: one per device, in report order, holding that device's rows.
    static func deviceRows(
        _ report: MatrixReport, pictures: [LayoutPicture?]
    ) -> [(id: String, name: String, rows: [(row: MatrixReport.Row, picture: LayoutPicture?)])] {
        var devices: [(id: String, name: String, rows: [(row: MatrixReport.Row, picture: LayoutPicture?)])] = []
        for (index, row) in report.rows.enumerated() {
            let cell = (row: row, picture: index < pictures.count ? pictures[index] : nil)
            if let position = devices.firstIndex(where: { $0.id == row.cell.deviceID }) {
                devices[position].rows.append(cell)
            } else {
                devices.append((row.cell.deviceID, row.cell.deviceName, [cell]))
            }
        }
        return devices
    }

    /// The whole sheet as a standalone SVG document. `pictures[i]` is the picture of `report.rows[i]`;
    /// a row without one (nil, or past the end of `pictures`) is drawn as an empty frame in its status
    /// colour.
    public func render(
        _ report: MatrixReport, pictures: [LayoutPicture?] = [], title: String = "Device matrix"
    ) -> String {
        let devices = Self.deviceRows(report, pictures: pictures)
        let columns = max(1, devices.map(\.rows.count).max() ?? 1)
        let width = Self.labelWidth + Double(columns) * cellWidth + Self.padding
        let height = Self.titleHeight + Double(devices.count) * cellHeight + Self.padding
        var builder = SVGBuilder()
        builder.output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        builder.open(
            "svg",
            [
                "xmlns": "http://www.w3.org/2000/svg", "version": "1.1", "width": .number(width),
                "height": .number(height),
                "viewBox": .text("0 0 " + SVGNumber.format(width) + " " + SVGNumber.format(height)),
                "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif",
            ])
        builder.empty(
            "rect", ["class": "background", "width": .number(width), "height": .number(height), "fill": "#ffffff"])
        let summary =
            "\(report.rows.count) cells: \(report.count(.ok)) ok, \(report.count(.warning)) warning, \(report.count(.error)) error"
        builder.text(
            "text",
            [
                "class": "matrix-title", "x": .number(Self.padding), "y": 22, "font-size": 16, "font-weight": "bold",
                "fill": .text(PicturePalette.ink),
            ], title)
        builder.text(
            "text",
            [
                "class": "matrix-summary", "x": .number(Self.padding), "y": 38, "font-size": 11,
                "fill": .text(PicturePalette.color(for: report.status)),
            ], summary)
        for (rowIndex, device) in devices.enumerated() {
            let top = Self.titleHeight + Double(rowIndex) * cellHeight
            builder.open("g", ["class": "matrix-device", "data-device": .text(device.id)])
            drawLabel(device.name, device.rows.map(\.row), top: top, into: &builder)
            for (columnIndex, cell) in device.rows.enumerated() {
                let left = Self.labelWidth + Double(columnIndex) * cellWidth
                drawCell(cell.row, picture: cell.picture, origin: PicturePoint(x: left, y: top), into: &builder)
            }
            builder.close("g")
        }
        builder.close("svg")
        return builder.output
    }

    private func drawLabel(_ name: String, _ rows: [MatrixReport.Row], top: Double, into builder: inout SVGBuilder) {
        let lines = TextMetrics.wrap(name, into: Self.labelWidth - 2 * Self.padding, fontSize: 12).prefix(3)
        for (index, line) in lines.enumerated() {
            builder.text(
                "text",
                [
                    "class": "device-name", "x": .number(Self.padding),
                    "y": .number(top + Self.padding + 14 + Double(index) * 15), "font-size": 12, "font-weight": "bold",
                    "fill": .text(PicturePalette.ink),
                ], line)
        }
        let worst = MatrixReport(rows: rows).status
        builder.text(
            "text",
            [
                "class": "device-status", "x": .number(Self.padding),
                "y": .number(top + Self.padding + 18 + Double(lines.count) * 15), "font-size": 10,
                "fill": .text(PicturePalette.color(for: worst)),
            ], worst.rawValue)
    }

    private func drawCell(
        _ row: MatrixReport.Row, picture: LayoutPicture?, origin: PicturePoint, into builder: inout SVGBuilder
    ) {
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
        let inset = Self.frameWidth / 2 + 1
        builder.empty(
            "rect",
            [
                "class": "cell-frame", "x": .number(origin.x + inset), "y": .number(origin.y + inset),
                "width": .number(cellWidth - 2 * inset), "height": .number(cellHeight - 2 * inset), "rx": 6,
                "fill": .text(Self.tint(status)), "stroke": .text(color), "stroke-width": .number(Self.frameWidth),
            ])
        let box = Frame(
            x: origin.x + Self.padding, y: origin.y + Self.padding, width: thumbnailBox.width,
            height: thumbnailBox.height)
        if let picture {
            let renderer = SVGRenderer(options: .thumbnail)
            let size = renderer.size(of: picture)
            let scale =
                size.width > 0 && size.height > 0
                ? min(maximumScale, box.width / size.width, box.height / size.height) : maximumScale
            let drawn = PictureSize(width: size.width * scale, height: size.height * scale)
            let at = PicturePoint(x: box.x + (box.width - drawn.width) / 2, y: box.y + (box.height - drawn.height) / 2)
            renderer.render(picture, into: &builder.output, at: at, scale: scale)
        } else {
            builder.text(
                "text",
                [
                    "class": "no-picture", "x": .number(box.x + box.width / 2), "y": .number(box.y + box.height / 2),
                    "font-size": 10, "text-anchor": "middle", "fill": .text(PicturePalette.mutedInk),
                ], "no picture")
        }
        let captionTop = origin.y + Self.padding + thumbnailBox.height
        let first =
            TextMetrics.fit(row.cell.deviceName, into: cellWidth - 2 * Self.padding, fontSize: 9) ?? row.cell.deviceID
        let second =
            row.cell.orientation.rawValue + " · " + row.cell.direction.rawValue + " · " + row.cell.state.rawValue
        builder.text(
            "text",
            [
                "class": "caption", "x": .number(origin.x + cellWidth / 2), "y": .number(captionTop + 11),
                "font-size": 9, "text-anchor": "middle", "fill": .text(PicturePalette.ink),
            ], first)
        builder.text(
            "text",
            [
                "class": "caption", "x": .number(origin.x + cellWidth / 2), "y": .number(captionTop + 23),
                "font-size": 9, "text-anchor": "middle", "fill": .text(color),
            ], second)
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
