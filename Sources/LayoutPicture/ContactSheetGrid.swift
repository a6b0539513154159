/// The grid every contact sheet of a device matrix is drawn on: a title on top, then a row per device
/// with its name and verdict on the left and one cell per orientation x direction x state, each cell a
/// frame around a thumbnail fitted into the same box, with a two-line caption under it.
///
/// The sheets differ in what a cell holds and what colours its frame (a status, a change); where things
/// go, and how a thumbnail is fitted, is decided here once, so the sheets line up with one another.

import NavigationLayout

struct ContactSheetGrid {
    static let padding = 8.0
    static let captionHeight = 30.0
    static let labelWidth = 150.0
    static let titleHeight = 44.0
    static let frameWidth = 3.0

    /// One row of the sheet: a device and the positions, in the report, of its cells.
    struct Device {
        var id: String
        var name: String
        var indexes: [Int]
    }

    /// The box a thumbnail is fitted into, in sheet points.
    let thumbnailBox: PictureSize
    /// The thumbnails' largest scale: small pictures are not blown up past it.
    let maximumScale: Double

    var cellWidth: Double { thumbnailBox.width + 2 * Self.padding }
    var cellHeight: Double { thumbnailBox.height + 2 * Self.padding + Self.captionHeight }

    /// The devices in the order they first appear in `rows`, each with its rows in report order.
    static func devices(_ rows: [MatrixReport.Row]) -> [Device] {
        var devices: [Device] = []
        for (index, row) in rows.enumerated() {
            if let position = devices.firstIndex(where: { $0.id == row.cell.deviceID }) {
                devices[position].indexes.append(index)
            } else {
                devices.append(Device(id: row.cell.deviceID, name: row.cell.deviceName, indexes: [index]))
            }
        }
        return devices
    }

    /// The sheet's size for these device rows: as many columns as the longest row.
    func size(of devices: [Device]) -> PictureSize {
        let columns = max(1, devices.map(\.indexes.count).max() ?? 1)
        return PictureSize(
            width: Self.labelWidth + Double(columns) * cellWidth + Self.padding,
            height: Self.titleHeight + Double(devices.count) * cellHeight + Self.padding)
    }

    /// The top-left corner of a cell.
    func cellOrigin(row: Int, column: Int) -> PicturePoint {
        PicturePoint(x: Self.labelWidth + Double(column) * cellWidth, y: Self.titleHeight + Double(row) * cellHeight)
    }

    /// The XML declaration, the open `<svg>` root and its white background; close the root with
    /// `close("svg")`.
    func openDocument(_ size: PictureSize) -> SVGBuilder {
        var builder = SVGBuilder()
        builder.output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        builder.open(
            "svg",
            [
                "xmlns": "http://www.w3.org/2000/svg", "version": "1.1", "width": .number(size.width),
                "height": .number(size.height),
                "viewBox": .text("0 0 " + SVGNumber.format(size.width) + " " + SVGNumber.format(size.height)),
                "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif",
            ])
        builder.empty(
            "rect",
            ["class": "background", "width": .number(size.width), "height": .number(size.height), "fill": "#ffffff"])
        return builder
    }

    /// The sheet's title, on the first line of the title band.
    func drawTitle(_ title: String, into builder: inout SVGBuilder) {
        builder.text(
            "text",
            [
                "class": "matrix-title", "x": .number(Self.padding), "y": 22, "font-size": 16, "font-weight": "bold",
                "fill": .text(PicturePalette.ink),
            ], title)
    }

    /// The device's name (up to three lines) and under it a one-word verdict in its colour.
    func drawDeviceLabel(
        _ name: String, verdict: String, color: String, top: Double, into builder: inout SVGBuilder
    ) {
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
        builder.text(
            "text",
            [
                "class": "device-status", "x": .number(Self.padding),
                "y": .number(top + Self.padding + 18 + Double(lines.count) * 15), "font-size": 10,
                "fill": .text(color),
            ], verdict)
    }

    /// The rounded frame around a cell.
    func drawCellFrame(
        at origin: PicturePoint, fill: String, stroke: String, width: Double = frameWidth,
        into builder: inout SVGBuilder
    ) {
        let inset = Self.frameWidth / 2 + 1
        builder.empty(
            "rect",
            [
                "class": "cell-frame", "x": .number(origin.x + inset), "y": .number(origin.y + inset),
                "width": .number(cellWidth - 2 * inset), "height": .number(cellHeight - 2 * inset), "rx": 6,
                "fill": .text(fill), "stroke": .text(stroke), "stroke-width": .number(width),
            ])
    }

    /// The box of a cell's thumbnail, in sheet points.
    func thumbnailFrame(at origin: PicturePoint) -> Frame {
        Frame(
            x: origin.x + Self.padding, y: origin.y + Self.padding, width: thumbnailBox.width,
            height: thumbnailBox.height)
    }

    /// Where a picture of `size` (at scale 1) is drawn in `box`, and at what scale: as large as fits,
    /// never past the largest scale, centred.
    func fit(_ size: PictureSize, in box: Frame) -> (origin: PicturePoint, scale: Double) {
        let scale =
            size.width > 0 && size.height > 0
            ? min(maximumScale, box.width / size.width, box.height / size.height) : maximumScale
        let drawn = PictureSize(width: size.width * scale, height: size.height * scale)
        return (
            PicturePoint(x: box.x + (box.width - drawn.width) / 2, y: box.y + (box.height - drawn.height) / 2), scale
        )
    }

    /// The placeholder of a cell that has no picture.
    func drawNoPicture(in box: Frame, into builder: inout SVGBuilder) {
        builder.text(
            "text",
            [
                "class": "no-picture", "x": .number(box.x + box.width / 2), "y": .number(box.y + box.height / 2),
                "font-size": 10, "text-anchor": "middle", "fill": .text(PicturePalette.mutedInk),
            ], "no picture")
    }

    /// The caption under a cell's thumbnail: the device's name, then orientation, direction and state
    /// in `color`.
    func drawCaption(_ cell: MatrixCell, color: String, at origin: PicturePoint, into builder: inout SVGBuilder) {
        let captionTop = origin.y + Self.padding + thumbnailBox.height
        let first = TextMetrics.fit(cell.deviceName, into: cellWidth - 2 * Self.padding, fontSize: 9) ?? cell.deviceID
        let second = cell.orientation.rawValue + " · " + cell.direction.rawValue + " · " + cell.state.rawValue
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
    }
}
