import Foundation
import LayoutPicture
import NavigationLayout
import Testing

@Suite("Layout review pictures")
struct DiffPictureTests {
    static let guidanceKey = "iphone-15/portrait/ltr/guidance"
    static let errorColor = "#dc2626"

    /// The element group that opens with `opening`, up to its closing tag at the same indentation.
    func group(_ svg: String, opening: String) throws -> Substring {
        let start = try #require(svg.range(of: opening), "no \(opening)")
        let lineStart = svg[..<start.lowerBound].lastIndex(of: "\n").map { svg.index(after: $0) } ?? svg.startIndex
        let indent = svg[lineStart..<start.lowerBound]
        let end = try #require(svg[start.upperBound...].range(of: "\n" + indent + "</g>"), "\(opening) is not closed")
        return svg[start.lowerBound..<end.upperBound]
    }

    func overlay(_ review: (before: SolvedMatrix, after: SolvedMatrix, diff: MatrixDiff)) throws -> CellDiffOverlay {
        try #require(
            CellDiffOverlay(key: Self.guidanceKey, before: review.before, after: review.after, diff: review.diff))
    }

    // MARK: One cell

    @Test("a cell's overlay is a well-formed SVG document, the same bytes every time")
    func overlayIsWellFormedAndDeterministic() throws {
        let review = try DiffPictureFixtures.review(
            DiffPictureFixtures.moveEtaCard + DiffPictureFixtures.dropLogoInGuidance)
        let svg = try overlay(review).renderDocument()
        let document = try XMLWellFormedness.check(svg)
        #expect(document.root == "svg")
        #expect(document.elements.filter { $0 == "svg" }.count == 1)
        #expect(!svg.contains(" id=\""), "an overlay can share a document with others")
        let again = try overlay(
            try DiffPictureFixtures.review(
                DiffPictureFixtures.moveEtaCard + DiffPictureFixtures.dropLogoInGuidance)
        ).renderDocument()
        #expect(Array(svg.utf8) == Array(again.utf8))
        var thumbnail = ""
        try overlay(review).render(into: &thumbnail, at: PicturePoint(x: 10, y: 10), scale: 0.25)
        _ = try XMLWellFormedness.check(thumbnail)
    }

    @Test("a moved component is outlined, dashed, where it was, with an arrow to where it is")
    func movedComponent() throws {
        let review = try DiffPictureFixtures.review(DiffPictureFixtures.lowerButtonsInGuidance)
        let cell = try #require(review.diff.cells.first { $0.key == Self.guidanceKey })
        #expect(cell.diff.moved == ["buttons"])
        let svg = try overlay(review).renderDocument()
        _ = try XMLWellFormedness.check(svg)
        #expect(svg.contains("<g class=\"cell-diff change-changed\" data-change=\"changed\""))
        let moved = try group(svg, opening: "<g class=\"moved-item\" data-item=\"buttons\">")
        let outline = try #require(moved.split(separator: "\n").first { $0.contains("class=\"before-frame\"") })
        #expect(outline.contains("stroke-dasharray=\"5 3\"") && outline.contains("fill=\"none\""))
        #expect(moved.contains("class=\"arrow\"") && moved.contains("class=\"arrow-head\""))
        #expect(svg.components(separatedBy: "class=\"moved-item\"").count - 1 == 1, "only the button stack moved")
        // The after frame is drawn filled, as any picture draws it.
        let after = try group(svg, opening: "<g class=\"item kind-stack\" data-item=\"buttons\">")
        #expect(after.contains("fill-opacity=\"0.05\""))
        #expect(svg.contains(">moved (1): buttons</text>"))
    }

    @Test("a vanished component is dashed in the warning colour and the finding it causes is marked on it")
    func vanishedComponent() throws {
        let review = try DiffPictureFixtures.review(DiffPictureFixtures.dropLogoInGuidance)
        let cell = try #require(review.diff.cells.first { $0.key == Self.guidanceKey })
        #expect(cell.diff.change == .regressed && cell.diff.vanished == ["googleLogo"])
        let svg = try overlay(review).renderDocument()
        _ = try XMLWellFormedness.check(svg)
        let vanished = try group(svg, opening: "<g class=\"vanished-item\" data-item=\"googleLogo\">")
        #expect(vanished.contains("class=\"before-frame\""))
        #expect(vanished.contains("stroke=\"#ea580c\" stroke-width=\"2\" stroke-dasharray=\"5 3\""))
        #expect(vanished.contains(">\u{2212}</text>"), "the vanished marker")
        #expect(vanished.contains("class=\"marker\""), "the introduced finding's severity marker")
        #expect(!svg.contains("data-item=\"googleLogo\"><title>googleLogo ("), "no after frame for it")
        #expect(svg.contains("<g class=\"change-badge change-regressed\" data-change=\"regressed\">"))
        #expect(svg.contains("<g class=\"finding introduced severity-"))
        #expect(svg.contains("data-code=\"missing-required-component\""))
    }

    @Test("a component that appears is outlined with a plus marker, and the resolved finding is listed")
    func appearedComponent() throws {
        let review = try DiffPictureFixtures.review(DiffPictureFixtures.dropLogoInGuidance, reversed: true)
        let cell = try #require(review.diff.cells.first { $0.key == Self.guidanceKey })
        #expect(cell.diff.change == .improved && cell.diff.appeared == ["googleLogo"])
        let svg = try overlay(review).renderDocument()
        _ = try XMLWellFormedness.check(svg)
        let appeared = try group(svg, opening: "<g class=\"appeared-item\" data-item=\"googleLogo\">")
        #expect(appeared.contains("class=\"appeared-outline\"") && appeared.contains(">+</text>"))
        #expect(!svg.contains("class=\"vanished-item\"") && !svg.contains("class=\"moved-item\""))
        #expect(svg.contains("<g class=\"finding resolved "))
        #expect(!svg.contains("<g class=\"finding introduced "))
    }

    @Test("only findings the change introduced mark components; those the layout already had do not")
    func onlyIntroducedFindingsMark() throws {
        let diagnostic = Diagnostic(
            code: .fixedSizeConstraint, message: "fixed", items: ["turnCard"], state: "guidance")
        let items = [PictureItem(name: "turnCard", frame: Frame(x: 0, y: 0, width: 393, height: 155), kind: .card)]
        let screen = Screen(width: 393, height: 852)
        let picture = LayoutPicture(screen: screen, title: "cell", items: items, diagnostics: [diagnostic])
        let result = try #require(try DiffPictureFixtures.matrix().results.first)
        var diff = CellDiff(before: result, after: result)
        let old = CellDiffOverlay(before: picture, after: picture, diff: diff).renderDocument()
        _ = try XMLWellFormedness.check(old)
        #expect(!old.contains("class=\"mark "), "a finding the layout already had is not the change")
        diff.introducedDiagnostics = [diagnostic]
        diff.introduced = [diagnostic.code.rawValue]
        let new = CellDiffOverlay(before: picture, after: picture, diff: diff).renderDocument()
        _ = try XMLWellFormedness.check(new)
        #expect(new.contains("<g class=\"mark mark-\(diagnostic.severity.rawValue)\" data-item=\"turnCard\">"))
        #expect(new.contains("<g class=\"finding introduced severity-\(diagnostic.severity.rawValue)\""))
    }

    @Test("the overlay of a key the diff does not hold is nil")
    func unknownKey() throws {
        let review = try DiffPictureFixtures.review(DiffPictureFixtures.moveEtaCard)
        #expect(
            CellDiffOverlay(
                key: "nokia-3310/portrait/ltr/guidance", before: review.before, after: review.after, diff: review.diff)
                == nil)
        #expect(try overlay(review).title == "iPhone 15 \u{00B7} portrait \u{00B7} ltr \u{00B7} guidance")
    }

    // MARK: The whole matrix

    @Test("the review sheet frames each cell in its change's colour, dims the unchanged ones and names every key")
    func sheet() throws {
        let review = try DiffPictureFixtures.review(
            DiffPictureFixtures.moveEtaCard + DiffPictureFixtures.dropLogoInGuidance)
        let sheet = DiffContactSheet().render(before: review.before, after: review.after, diff: review.diff)
        let document = try XMLWellFormedness.check(sheet)
        #expect(document.root == "svg")
        #expect(
            sheet == DiffContactSheet().render(before: review.before, after: review.after, diff: review.diff),
            "the same review gives the same bytes")
        #expect(review.diff.count(.regressed) == 2 && review.diff.count(.unchanged) == 2)
        #expect(
            sheet.contains(
                "<tspan class=\"count-regressed\" font-weight=\"bold\" fill=\"#dc2626\">2 regressed,</tspan>"))
        let colours: [CellDiff.Change: String] = [
            .regressed: Self.errorColor, .changed: "#7c3aed", .improved: "#16a34a", .unchanged: "#9ca3af",
        ]
        for cell in review.diff.cells {
            let change = cell.diff.change.rawValue
            let opening =
                "<g class=\"diff-cell change-\(change)\" id=\"cell-\(cell.key)\" data-key=\"\(cell.key)\" data-change=\"\(change)\">"
            let drawn = try group(sheet, opening: opening)
            let frame = try #require(drawn.split(separator: "\n").first { $0.contains("class=\"cell-frame\"") })
            #expect(frame.contains("stroke=\"\(try #require(colours[cell.diff.change]))\""), "\(cell.key) framed")
            if cell.diff.change == .unchanged {
                #expect(drawn.contains("<g class=\"dimmed\" opacity=\"0.35\">"), "\(cell.key) dimmed")
                #expect(!drawn.contains("class=\"cell-diff "))
            } else {
                #expect(drawn.contains("class=\"cell-diff change-\(change)\""), "\(cell.key) shows its overlay")
                #expect(!drawn.contains("class=\"dimmed\""))
            }
        }
        #expect(sheet.components(separatedBy: " data-key=\"").count - 1 == review.after.plan.cells.count)
    }

    @Test("a layout compared with itself gives a sheet of unchanged cells and no arrows")
    func selfReview() throws {
        let matrix = try DiffPictureFixtures.matrix()
        let diff = try MatrixDiff(before: matrix, after: matrix)
        let sheet = DiffContactSheet().render(before: matrix, after: matrix, diff: diff)
        _ = try XMLWellFormedness.check(sheet)
        #expect(diff.count(.unchanged) == matrix.plan.cells.count)
        #expect(sheet.components(separatedBy: "<g class=\"diff-cell change-unchanged\"").count - 1 == diff.cells.count)
        #expect(sheet.components(separatedBy: "<g class=\"dimmed\"").count - 1 == diff.cells.count)
        #expect(!sheet.contains("class=\"arrow\"") && !sheet.contains("class=\"changes\""))
        let overlay = try #require(
            CellDiffOverlay(key: Self.guidanceKey, before: matrix, after: matrix, diff: diff))
        let svg = overlay.renderDocument()
        #expect(!svg.contains("class=\"arrow\"") && svg.contains(">no change beyond the tolerance</text>"))
    }

    @Test("a review overlay is drawn as its golden picture")
    func overlayMatchesGoldenFile() throws {
        let review = try DiffPictureFixtures.review(
            DiffPictureFixtures.moveEtaCard + DiffPictureFixtures.dropLogoInGuidance)
        let svg = try overlay(review).renderDocument()
        let url = Fixtures.directory.appendingPathComponent("pictures").appendingPathComponent("review-overlay.svg")
        #expect(
            svg == (try PictureFixtures.golden(svg, at: url)),
            "review-overlay.svg differs; rerun with \(PictureFixtures.updateVariable)=1 if intended")
    }
}
