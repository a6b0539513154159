import Foundation
import JSON
import LayoutPicture
import NavigationLayout
import Testing

@Suite("Device matrix: contact sheet")
struct MatrixContactSheetTests {
    /// A fake engine: errors for the SE in landscape, warnings right-to-left, ok otherwise.
    static func fakeStatus(_ cell: MatrixCell) -> ResultStatus {
        cell.deviceID.hasPrefix("iphone-se") && cell.orientation == .landscape
            ? .error : cell.direction == .rightToLeft ? .warning : .ok
    }

    static func fakeOutcome(_ cell: MatrixCell) -> MatrixCellOutcome {
        MatrixCellOutcome(
            status: fakeStatus(cell), codes: fakeStatus(cell) == .ok ? [] : ["overlap"],
            wideMode: cell.request.screen.width >= 700, solveMicros: 10 + cell.key.count)
    }

    /// The fake engine's picture of a cell: its viewport over the top half of the screen.
    static func fakePicture(_ cell: MatrixCell) -> LayoutPicture {
        let screen = cell.request.screen
        return LayoutPicture(
            screen: screen, title: cell.key, status: fakeStatus(cell),
            items: [
                PictureItem(
                    name: "viewport",
                    frame: Frame(x: 0, y: screen.safeArea.top, width: screen.width, height: screen.height / 2),
                    kind: .viewport)
            ])
    }

    static func seed(_ name: String) throws -> JSONValue {
        try JSONParser().parse(try Fixtures.bytes(name))
    }

    static func plan() throws -> MatrixPlan {
        let selection = try MatrixSelection.decode(
            from: ["devices": ["iphone-se-3", "iphone-15", "ipad-mini-6"], "states": ["ready", "guidance"]])
        return try MatrixPlan(base: try seed("seed-delegate-guidance.json"), selection: selection)
    }

    @Test("the contact sheet is well-formed XML with every cell, framed in its status colour, in device rows")
    func contactSheet() throws {
        let plan = try Self.plan()
        let report = MatrixRunner.run(plan, solve: Self.fakeOutcome)
        let pictures = plan.cells.map(Self.fakePicture)
        let sheet = MatrixContactSheet().render(report, pictures: pictures)
        let document = try XMLWellFormedness.check(sheet)
        #expect(document.root == "svg")
        #expect(
            sheet == MatrixContactSheet().render(report, pictures: pictures),
            "the same report and pictures give the same bytes")
        let colours: [ResultStatus: String] = [.ok: "#16a34a", .warning: "#ea580c", .error: "#dc2626"]
        for row in report.rows {
            let opening = "<g class=\"matrix-cell status-\(row.outcome.status.rawValue)\" data-cell=\"\(row.cell.key)\""
            let start = try #require(sheet.range(of: opening), "\(row.cell.key) is on the sheet")
            let rest = sheet[start.upperBound...]
            let frame = try #require(rest.range(of: "class=\"cell-frame\""))
            let frameLine = rest[frame.lowerBound...].prefix { $0 != "\n" }
            let colour = try #require(colours[row.outcome.status])
            #expect(frameLine.contains("stroke=\"\(colour)\""), "\(row.cell.key) framed in \(colour)")
        }
        #expect(sheet.components(separatedBy: "class=\"layout-picture ").count - 1 == report.rows.count)
        let deviceRows = sheet.components(separatedBy: "<g class=\"matrix-device\" data-device=\"").dropFirst()
            .map { $0.prefix { $0 != "\"" } }
        #expect(deviceRows == ["iphone-se-3", "iphone-15", "ipad-mini-6"])
        #expect(sheet.contains(">portrait · rtl · guidance</text>"))
    }

    @Test("the contact sheet of a fake engine's matrix is drawn as its golden picture")
    func contactSheetMatchesGoldenFile() throws {
        let plan = try Self.plan()
        let report = MatrixRunner.run(plan, solve: Self.fakeOutcome)
        let sheet = MatrixContactSheet().render(report, pictures: plan.cells.map(Self.fakePicture))
        let url = Fixtures.directory.appendingPathComponent("pictures").appendingPathComponent("matrix-sheet.svg")
        #expect(
            sheet == (try PictureFixtures.golden(sheet, at: url)),
            "matrix-sheet.svg differs; rerun with \(PictureFixtures.updateVariable)=1 if intended")
    }

    @Test("a cell without a picture still gets its frame and caption")
    func cellWithoutPicture() throws {
        let plan = try MatrixPlan(
            base: try Self.seed("seed-delegate-prompt.json"),
            selection: try MatrixSelection.decode(from: ["devices": ["iphone-14"]]))
        let report = MatrixRunner.run(plan) { _ in MatrixCellOutcome(status: .error, wideMode: false, solveMicros: 1) }
        let sheet = MatrixContactSheet().render(report)
        _ = try XMLWellFormedness.check(sheet)
        #expect(sheet.components(separatedBy: ">no picture</text>").count - 1 == plan.cells.count)
        // A list of pictures shorter than the report leaves the rest of the cells empty.
        let first = MatrixContactSheet().render(report, pictures: [Self.fakePicture(plan.cells[0])])
        #expect(first.components(separatedBy: ">no picture</text>").count - 1 == plan.cells.count - 1)
    }
}
