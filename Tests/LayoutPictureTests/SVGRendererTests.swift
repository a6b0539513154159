import Foundation
import NavigationLayout
import Testing

@testable import LayoutPicture

@Suite("SVG pictures of layouts")
struct SVGRendererTests {
    static let phone = Screen(width: 393, height: 852, safeArea: EdgeInsets(top: 59, bottom: 34, left: 0, right: 0))

    static func sample(
        screen: Screen = phone, items: [PictureItem]? = nil, hidden: [HiddenPictureItem] = [],
        diagnostics: [Diagnostic] = []
    ) -> LayoutPicture {
        LayoutPicture(
            screen: screen, title: "sample", subtitles: ["guidance"],
            items: items ?? [
                PictureItem(
                    name: "viewport", frame: Frame(x: 0, y: 155, width: 393, height: 591), kind: .viewport,
                    layer: 0),
                PictureItem(
                    name: "turnCard", frame: Frame(x: 0, y: 0, width: 393, height: 155), kind: .card, layer: 1),
                PictureItem(
                    name: "compass", frame: Frame(x: 345, y: 698, width: 48, height: 48), kind: .button,
                    layer: 2),
            ], hidden: hidden, diagnostics: diagnostics)
    }

    /// A diagnostic of the guidance state.
    static func diagnostic(_ code: DiagnosticCode, message: String = "", items: [String] = []) -> Diagnostic {
        Diagnostic(code: code, message: message, items: items, state: "guidance")
    }

    /// The elements whose `data-item` attribute names `name` (escaped as the SVG writes it).
    func elements(of svg: String, naming name: String) -> Int {
        svg.components(separatedBy: "data-item=\"\(XMLEscaping.escape(name))\"").count - 1
    }

    // MARK: The golden pictures

    @Test(
        "the engine's results for the example layouts render as their golden pictures",
        arguments: PictureFixtures.examples)
    func examplesMatchGoldenFiles(_ example: PictureFixtures.Example) throws {
        let svg = SVGRenderer().renderDocument(try PictureFixtures.picture(example))
        _ = try XMLWellFormedness.check(svg)
        let golden = try PictureFixtures.golden(svg, at: PictureFixtures.goldenURL(example))
        #expect(
            svg == golden,
            "\(example.name).svg differs; rerun with \(PictureFixtures.updateVariable)=1 if intended")
    }

    @Test(
        "a result read back from its JSON draws the same picture as the solve that wrote it",
        arguments: PictureFixtures.examples)
    func storedResultsDrawTheSamePicture(_ example: PictureFixtures.Example) throws {
        let (request, solved) = try PictureFixtures.solve(example)
        var result = solved
        result.id = "lay_01jd0000000000000000000000"
        result.solveMicros = 120
        let stored = try LayoutResult.decode(from: result.jsonBytes())
        let picture = LayoutPicture(request: request, result: result, title: example.title)
        #expect(LayoutPicture(request: request, result: stored, title: example.title) == picture)
        #expect(
            SVGRenderer().renderDocument(LayoutPicture(request: request, result: stored))
                == SVGRenderer().renderDocument(LayoutPicture(request: request, result: result)))
    }

    @Test("every item of every example appears with its label", arguments: PictureFixtures.examples)
    func everyExampleItemIsLabelled(_ example: PictureFixtures.Example) throws {
        let picture = try PictureFixtures.picture(example)
        let svg = SVGRenderer().renderDocument(picture)
        #expect(!picture.items.isEmpty)
        for item in picture.items {
            #expect(svg.contains("<g class=\"item kind-\(item.kind.rawValue)"), "\(item.name) has no frame group")
            #expect(
                svg.contains("class=\"label inside\" data-item=\"\(item.name)\"")
                    || svg.contains("class=\"label outside\" data-item=\"\(item.name)\""), "\(item.name) has no label")
            #expect(
                svg.contains(">\(item.name)</text>") || svg.contains(">\(item.name.prefix(4))"),
                "\(item.name)'s label text")
        }
    }

    // MARK: Well-formed and deterministic

    @Test("a document is well-formed SVG with one svg root")
    func documentIsWellFormed() throws {
        let svg = SVGRenderer().renderDocument(Self.sample())
        #expect(
            svg.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"")
        )
        let document = try XMLWellFormedness.check(svg)
        #expect(document.root == "svg")
        #expect(document.elements.filter { $0 == "svg" }.count == 1)
    }

    @Test("the same picture gives byte-identical output")
    func outputIsDeterministic() throws {
        for example in PictureFixtures.examples {
            let picture = try PictureFixtures.picture(example)
            let first = SVGRenderer().renderDocument(picture)
            let second = SVGRenderer().renderDocument(try PictureFixtures.picture(example))
            #expect(Array(first.utf8) == Array(second.utf8))
        }
    }

    @Test("names with XML specials are escaped everywhere and the document stays well-formed")
    func namesAreEscaped() throws {
        let name = "a<b&\"c\"'d>"
        let picture = Self.sample(
            items: [
                PictureItem(name: name, frame: Frame(x: 10, y: 100, width: 300, height: 80), kind: .customView),
                PictureItem(name: name + "2", frame: Frame(x: 10, y: 300, width: 20, height: 20), kind: .button),
            ],
            hidden: [HiddenPictureItem(name: "x&y", reason: "because <reasons>")],
            diagnostics: [Self.diagnostic(.fixedSizeConstraint, message: "m<n", items: [name])])
        let svg = SVGRenderer().renderDocument(picture)
        _ = try XMLWellFormedness.check(svg)
        #expect(svg.contains("data-item=\"a&lt;b&amp;&quot;c&quot;&apos;d&gt;\""))
        #expect(svg.contains(">a&lt;b&amp;&quot;c&quot;&apos;d&gt;</text>"))
        #expect(svg.contains("x&amp;y \u{2014} because &lt;reasons&gt;"))
        #expect(!svg.contains("a<b"))
    }

    @Test("control characters in names are replaced, not written")
    func controlCharactersAreReplaced() throws {
        let picture = Self.sample(
            items: [
                PictureItem(name: "bad\u{1}name", frame: Frame(x: 0, y: 0, width: 200, height: 60), kind: .card)
            ])
        let svg = SVGRenderer().renderDocument(picture)
        _ = try XMLWellFormedness.check(svg)
        #expect(!svg.unicodeScalars.contains("\u{1}"))
        #expect(svg.contains("bad\u{FFFD}name"))
    }

    // MARK: What the picture shows

    @Test("each item carries its data-item attribute on its frame and its label")
    func itemsCarryDataAttributes() {
        let svg = SVGRenderer().renderDocument(Self.sample())
        for name in ["viewport", "turnCard", "compass"] {
            #expect(elements(of: svg, naming: name) >= 2, "\(name): frame and label")
        }
    }

    @Test("a label that does not fit its frame goes outside, a label that fits stays inside")
    func smallItemsAreLabelledOutside() {
        let svg = SVGRenderer().renderDocument(Self.sample())
        #expect(svg.contains("class=\"label inside\" data-item=\"turnCard\""))
        #expect(svg.contains("class=\"label outside\" data-item=\"compass\""))
    }

    @Test("a long name in a medium frame is shortened with an ellipsis")
    func longLabelsAreEllipsized() {
        let name = "aVeryLongCustomViewNameThatCannotFit"
        let picture = Self.sample(
            items: [
                PictureItem(name: name, frame: Frame(x: 0, y: 100, width: 120, height: 40), kind: .customView)
            ])
        let svg = SVGRenderer().renderDocument(picture)
        #expect(svg.contains("class=\"label inside\" data-item=\"\(name)\""))
        #expect(svg.contains("\u{2026}</text>"))
        #expect(!svg.contains(">\(name)</text>"))
    }

    @Test("items are drawn in layer order, ties in the order given")
    func itemsFollowLayers() throws {
        let picture = Self.sample(
            items: [
                PictureItem(
                    name: "top", frame: Frame(x: 0, y: 0, width: 100, height: 100), kind: .card, layer: 5),
                PictureItem(
                    name: "bottom", frame: Frame(x: 0, y: 0, width: 100, height: 100), kind: .card, layer: -1),
                PictureItem(
                    name: "middleA", frame: Frame(x: 0, y: 0, width: 100, height: 100), kind: .card, layer: 2),
                PictureItem(
                    name: "middleB", frame: Frame(x: 0, y: 0, width: 100, height: 100), kind: .card, layer: 2),
            ])
        let svg = SVGRenderer().renderDocument(picture)
        let order = ["bottom", "middleA", "middleB", "top"].map { name in
            svg.range(of: "<g class=\"item kind-card\" data-item=\"\(name)\"")?.lowerBound
        }
        let positions = try order.map { try #require($0) }
        #expect(positions == positions.sorted())
    }

    @Test("the viewport is dashed and guides are dotted")
    func lineStyles() {
        let picture = Self.sample(
            items: [
                PictureItem(
                    name: "viewport", frame: Frame(x: 0, y: 100, width: 393, height: 500), kind: .viewport),
                PictureItem(
                    name: "contentBottom", frame: Frame(x: 0, y: 600, width: 393, height: 0), kind: .guide),
            ])
        let svg = SVGRenderer().renderDocument(picture)
        #expect(svg.contains("data-item=\"viewport\">"))
        #expect(svg.range(of: "stroke-dasharray=\"8 5\"") != nil)
        // A zero-height guide is a dotted line.
        #expect(svg.contains("<g class=\"item kind-guide\" data-item=\"contentBottom\">"))
        #expect(svg.contains("<line class=\"frame\""))
        #expect(svg.contains("stroke-dasharray=\"1 3\""))
    }

    @Test(
        "an item named by an error is outlined in red with a marker; a warning in orange",
        arguments: [
            (Severity.error, DiagnosticCode.fixedSizeConstraint, "#dc2626"),
            (Severity.warning, DiagnosticCode.overlap, "#ea580c"),
        ])
    func markedItems(_ severity: Severity, _ code: DiagnosticCode, _ color: String) {
        #expect(code.severity == severity)
        var items = Self.sample().items
        items[1].mark = severity
        let picture = Self.sample(
            items: items,
            diagnostics: [Self.diagnostic(code, message: "m", items: ["turnCard"])])
        let svg = SVGRenderer().renderDocument(picture)
        #expect(svg.contains("<g class=\"item kind-card marked marked-\(severity.rawValue)\" data-item=\"turnCard\">"))
        #expect(svg.contains("<g class=\"mark mark-\(severity.rawValue)\" data-item=\"turnCard\">"))
        #expect(svg.contains("stroke=\"\(color)\" stroke-width=\"2.5\""))
        #expect(svg.contains("class=\"marker\""))
        #expect(!svg.contains("<g class=\"mark mark-\(severity.rawValue)\" data-item=\"compass\">"))
        #expect(svg.contains("data-status=\"\(severity.rawValue)\""))
    }

    @Test("hidden items are listed beside the screen with their reason")
    func hiddenItemsAreListed() {
        let picture = Self.sample(hidden: [
            HiddenPictureItem(name: "reporting", reason: "hiding stack out of room"),
            HiddenPictureItem(name: "recenter", reason: "the driver has not panned"),
        ])
        let svg = SVGRenderer().renderDocument(picture)
        #expect(svg.contains("Hidden (2)"))
        #expect(svg.contains("<g class=\"hidden-item\" data-item=\"reporting\">"))
        #expect(svg.contains("reporting \u{2014} hiding stack out of room"))
        #expect(svg.contains("recenter \u{2014} the driver has not panned"))
        let none = SVGRenderer().renderDocument(Self.sample())
        #expect(none.contains("Hidden (0)") && none.contains("nothing hidden"))
    }

    @Test("the status badge follows the worst diagnostic; info counts as ok")
    func statusBadge() {
        #expect(Self.sample().status == .ok)
        #expect(Self.sample(diagnostics: [Self.diagnostic(.marginsAddUp)]).status == .ok)
        let warning = Self.sample(diagnostics: [Self.diagnostic(.marginsAddUp), Self.diagnostic(.overlap)])
        #expect(warning.status == .warning)
        #expect(SVGRenderer().renderDocument(warning).contains(">WARNING</text>"))
    }

    @Test("the prompt animation draws its start frame as a ghost with an arrow")
    func promptAnimationGhost() {
        var picture = Self.sample()
        picture.promptAnimation = PromptAnimation(
            duration: 0.4, from: Frame(x: 0, y: 852, width: 393, height: 96),
            to: Frame(x: 0, y: 756, width: 393, height: 96))
        let renderer = SVGRenderer()
        let svg = renderer.renderDocument(picture)
        #expect(svg.contains("<g class=\"prompt-animation\" data-item=\"prompt\">"))
        #expect(svg.contains("class=\"ghost\""))
        #expect(svg.contains("class=\"arrow-head\""))
        #expect(svg.contains("(0.4 s)"))
        // The stage grows to show the start frame below the screen.
        #expect(renderer.size(of: picture).height > renderer.size(of: Self.sample()).height)
    }

    // MARK: Screens

    @Test(
        "portrait, landscape and iPad screens give pictures as large as the screen",
        arguments: [
            (393.0, 852.0), (852.0, 393.0), (820.0, 1180.0), (375.0, 667.0),
        ])
    func sizeFollowsTheScreen(_ width: Double, _ height: Double) throws {
        let picture = Self.sample(screen: Screen(width: width, height: height), items: [])
        let renderer = SVGRenderer()
        let size = renderer.size(of: picture)
        #expect(size.width > width + PictureLayout.panelWidth)
        #expect(size.height > height)
        let svg = renderer.renderDocument(picture)
        _ = try XMLWellFormedness.check(svg)
        #expect(
            svg.contains("class=\"map\" x=\"\(SVGNumber.format(PictureLayout.margin + 6 + 0))")
                || svg.contains("class=\"map\""))
        #expect(svg.contains("width=\"\(SVGNumber.format(width))\" height=\"\(SVGNumber.format(height))\""))
    }

    @Test("right-to-left pictures say which edge is leading and anchor labels on it")
    func rightToLeft() {
        var screen = Self.phone
        screen.layoutDirection = .rightToLeft
        let svg = SVGRenderer().renderDocument(Self.sample(screen: screen))
        #expect(svg.contains("right-to-left: leading edge = right"))
        #expect(svg.contains("text-anchor=\"end\" font-size=\"11\" font-weight=\"bold\""))
        let ltr = SVGRenderer().renderDocument(Self.sample())
        #expect(ltr.contains("left-to-right: leading edge = left"))
        #expect(!ltr.contains("text-anchor=\"end\""))
    }

    @Test("an item far off the screen grows the stage only so far, and still gets its mark")
    func offscreenItemsAreBounded() throws {
        let picture = Self.sample(
            items: [
                PictureItem(
                    name: "lost", frame: Frame(x: 100_000, y: -50_000, width: 40, height: 40), kind: .customView,
                    mark: .warning),
                PictureItem(
                    name: "broken", frame: Frame(x: .nan, y: 0, width: 10, height: 10), kind: .customView),
            ])
        let renderer = SVGRenderer()
        let size = renderer.size(of: picture)
        // At most half a screen beyond each edge, plus the panel and margins.
        #expect(size.width < 393 * 2 + PictureLayout.panelWidth + 200)
        #expect(size.height < 852 * 2 + 200)
        let svg = renderer.renderDocument(picture)
        _ = try XMLWellFormedness.check(svg)
        #expect(svg.contains("<g class=\"mark mark-warning\" data-item=\"lost\">"))
        #expect(!svg.contains("data-item=\"broken\""), "a frame that is not a number is not drawn")
        #expect(!svg.contains("\"nan") && !svg.contains("\"inf") && !svg.contains("\"-inf"))
    }

    // MARK: Embedding

    @Test("a picture embeds at any position and scale as one group, many to a document")
    func embeddingInAContactSheet() throws {
        let renderer = SVGRenderer(options: .thumbnail)
        let picture = Self.sample()
        var sheet = "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\">\n"
        renderer.render(picture, into: &sheet, at: PicturePoint(x: 10, y: 20), scale: 0.25)
        renderer.render(picture, into: &sheet, at: PicturePoint(x: 200.5, y: 20), scale: 0.125)
        sheet += "</svg>\n"
        _ = try XMLWellFormedness.check(sheet)
        #expect(sheet.contains("<g transform=\"translate(10 20) scale(0.25)\">"))
        #expect(sheet.contains("<g transform=\"translate(200.5 20) scale(0.125)\">"))
        #expect(!sheet.contains(" id=\""), "ids would collide between cells")
        #expect(!sheet.contains("class=\"panel\""), "thumbnails have no panel")
        #expect(renderer.size(of: picture).width < SVGRenderer().size(of: picture).width)
    }

    // MARK: Numbers and text

    @Test(
        "numbers have at most two decimals and never a negative zero",
        arguments: [
            (0.0, "0"), (-0.0, "0"), (-0.001, "0"), (-0.004, "0"), (12.0, "12"), (12.5, "12.5"), (0.05, "0.05"),
            (1.006, "1.01"), (1.004, "1"), (-1.5, "-1.5"), (393.3333, "393.33"), (2.999, "3"), (Double.nan, "0"),
            (Double.infinity, "0"),
            (1e12, "1000000000"),
        ])
    func numberFormatting(_ value: Double, _ text: String) {
        #expect(SVGNumber.format(value) == text)
    }

    @Test("text fitting keeps what fits and ends with an ellipsis")
    func textFitting() {
        #expect(TextMetrics.fit("viewport", into: 200, fontSize: 11) == "viewport")
        let cut = TextMetrics.fit("viewport", into: 30, fontSize: 11)
        #expect(cut?.hasSuffix("\u{2026}") == true)
        #expect(TextMetrics.fit("viewport", into: 3, fontSize: 11) == nil)
        let lines = TextMetrics.wrap("one two three four five six seven", into: 60, fontSize: 11)
        #expect(lines.count > 1)
        #expect(lines.joined(separator: " ") == "one two three four five six seven")
    }
}

@Suite("XML well-formedness checker")
struct XMLWellFormednessTests {
    @Test(
        "rejects what is not well-formed",
        arguments: [
            "<a><b></a></b>", "<a x=\"1\" x=\"2\"/>", "<a x=1/>", "<a>&foo;</a>", "<a>x & y</a>", "<a/><b/>",
            "<a x=\"<\"/>", "<a>", "text<a/>", "<a></b>",
        ])
    func rejectsMalformed(_ text: String) {
        #expect(throws: XMLWellFormedness.Failure.self) { try XMLWellFormedness.check(text) }
    }

    @Test("accepts well-formed documents")
    func acceptsWellFormed() throws {
        let document = try XMLWellFormedness.check("<?xml version=\"1.0\"?>\n<a x=\"&amp;\"><b/>t&lt;&#x41;</a>\n")
        #expect(document.elements == ["a", "b"])
    }
}

@Suite("Contact sheets of pictures")
struct ContactSheetTests {
    /// Many small pictures in one SVG, in rows, as a device matrix will draw them.
    static func contactSheet(_ pictures: [LayoutPicture], scale: Double, columns: Int) -> String {
        let renderer = SVGRenderer(options: .thumbnail)
        let sizes = pictures.map { renderer.size(of: $0) }
        let cellWidth = (sizes.map(\.width).max() ?? 0) * scale
        let cellHeight = (sizes.map(\.height).max() ?? 0) * scale
        let rows = (pictures.count + columns - 1) / columns
        let width = SVGNumber.format(cellWidth * Double(columns))
        let height = SVGNumber.format(cellHeight * Double(rows))
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\">\n"
        svg += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"
        for (index, picture) in pictures.enumerated() {
            let origin = PicturePoint(
                x: Double(index % columns) * cellWidth, y: Double(index / columns) * cellHeight)
            renderer.render(picture, into: &svg, at: origin, scale: scale)
        }
        return svg + "</svg>\n"
    }

    @Test("the example pictures share one contact sheet as thumbnails")
    func examplesOnAContactSheet() throws {
        let pictures = try PictureFixtures.examples.map(PictureFixtures.picture)
        let sheet = Self.contactSheet(pictures, scale: 0.5, columns: 4)
        let document = try XMLWellFormedness.check(sheet)
        #expect(document.elements.filter { $0 == "svg" }.count == 1)
        #expect(sheet.components(separatedBy: "class=\"layout-picture ").count - 1 == pictures.count)
        let url = Fixtures.directory.appendingPathComponent("pictures").appendingPathComponent("contact-sheet.svg")
        #expect(sheet == (try PictureFixtures.golden(sheet, at: url)))
    }
}
