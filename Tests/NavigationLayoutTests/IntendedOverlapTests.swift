import JSON
import Testing

@testable import NavigationLayout

/// Frames that overlap by design are no finding: two of the SDK's views stacked against each other's
/// layout margins guide (seed 000, rule 3), and an app view's own subviews.
@Suite("Overlaps by design are not reported")
struct IntendedOverlapTests {
    /// A guidance layout with the Google logo resting on the ETA card, written as `logoBottom`.
    static func request(logoBottom: String) throws -> LayoutRequest {
        try EngineFixtures.request(
            json: """
                {"screen": {"width": 393, "height": 852, "safeArea": {"top": 59, "bottom": 34, "left": 0, "right": 0}},
                 "state": {"navigation": "guidance"},
                 "delegate": {"guidance": {"views": ["turnCard", "etaCard", "googleLogo", "viewport"], "constraints": [
                     "turnCard.leading == safeArea.leading", "turnCard.top == map.top",
                     "etaCard.leading == map.leading", "etaCard.bottom == map.bottom",
                     "googleLogo.leading == safeArea.leading", "\(logoBottom)",
                     "viewport.leading == safeArea.leading", "viewport.trailing == safeArea.trailing",
                     "viewport.top == turnCard.bottom", "viewport.bottom == etaCard.top"]}}}
                """)
    }

    static func overlapsOfLogoAndCard(_ result: LayoutResult) -> [Diagnostic] {
        result.diagnostics.filter { $0.code == .overlap && Set($0.items) == ["googleLogo", "etaCard"] }
    }

    @Test("the logo on the card's margins guide is no overlap")
    func marginsGuideIsNoOverlap() throws {
        let result = LayoutEngine.solve(try Self.request(logoBottom: "googleLogo.bottom == etaCard.margins.top"))
        let logo = try #require(result.frames.first { $0.name == "googleLogo" }?.frame)
        let card = try #require(result.frames.first { $0.name == "etaCard" }?.frame)
        // The logo does sit in the card's margin band.
        #expect(logo.overlapArea(with: card) > 0)
        #expect(Self.overlapsOfLogoAndCard(result).isEmpty, "\(result.problems)")
    }

    @Test("the same frames written without the margins guide are an overlap")
    func sameFramesWithoutGuideOverlap() throws {
        let withGuide = LayoutEngine.solve(try Self.request(logoBottom: "googleLogo.bottom == etaCard.margins.top"))
        let result = LayoutEngine.solve(try Self.request(logoBottom: "googleLogo.bottom == etaCard.top + 8"))
        #expect(result.frames.map(\.frame) == withGuide.frames.map(\.frame))
        #expect(Self.overlapsOfLogoAndCard(result).count == 1, "\(result.problems)")
    }

    @Test("a pair is found once whichever side names the guide, and only between two placed items")
    func pairsFromConstraints() throws {
        var index = ItemNameIndex()
        for name in ["etaCard", "googleLogo", "speedWidget"] { index.append(name) }
        let texts = [
            "googleLogo.bottom == etaCard.margins.top", "etaCard.margins.top == googleLogo.bottom + 0",
            "speedWidget.margins.bottom == googleLogo.top", "googleLogo.top == etaCard.top",
            "speedWidget.margins.bottom <= map.bottom", "speedWidget.margins.leading == speedWidget.leading",
        ]
        let constraints = try texts.enumerated().map { position, text in
            DelegateConstraint(
                spec: try ConstraintParser.parse(text).spec, path: "delegate.guidance.constraints[\(position)]",
                text: text)
        }
        let pairs = IntendedOverlap.find(constraints: constraints, views: [], itemIndex: index)
        #expect(pairs == [IntendedOverlap(0, 1), IntendedOverlap(1, 2)])
        #expect(IntendedOverlap.contains(pairs, 1, 0))
        #expect(!IntendedOverlap.contains(pairs, 0, 2))
    }

    /// A ready layout with an order card and a badge on it, the badge's superview given or not.
    static func badgeOnCard(superview: String?) throws -> LayoutRequest {
        let badge =
            superview.map { #"{"width": 24, "height": 24, "superview": "\#($0)"}"# } ?? #"{"width": 24, "height": 24}"#
        return try EngineFixtures.request(
            json: """
                {"screen": {"width": 393, "height": 852, "safeArea": {"top": 59, "bottom": 34, "left": 0, "right": 0}},
                 "state": {"navigation": "ready"},
                 "delegate": {
                   "views": {"orderCard": {"width": 220, "height": 72}, "badge": \(badge), "label": {"width": 60, "height": 20, "superview": "badge"}},
                   "ready": {"views": ["googleLogo", "viewport", "orderCard", "badge", "label"], "constraints": [
                     "googleLogo.leading == safeArea.leading", "googleLogo.bottom == safeArea.bottom",
                     "viewport.leading == map.leading", "viewport.trailing == map.trailing",
                     "viewport.top == safeArea.top", "viewport.bottom == map.bottom",
                     "orderCard.leading == safeArea.leading + 16", "orderCard.top == safeArea.top + 16",
                     "badge.trailing == orderCard.trailing - 8", "badge.top == orderCard.top + 8",
                     "label.leading == orderCard.leading + 8", "label.top == badge.top"]}}}
                """)
    }

    static func overlapPairs(_ result: LayoutResult) -> Set<Set<String>> {
        Set(result.diagnostics.filter { $0.code == .overlap }.map { Set($0.items) })
    }

    @Test("an app view's subviews, at any depth, do not overlap it; its siblings still do")
    func subviewsAreNoOverlap() throws {
        let nested = Self.overlapPairs(LayoutEngine.solve(try Self.badgeOnCard(superview: "orderCard")))
        #expect(!nested.contains(["badge", "orderCard"]))
        // The label is inside the badge, which is inside the card.
        #expect(!nested.contains(["label", "orderCard"]))
        #expect(!nested.contains(["label", "badge"]))
        // A badge added to the map's view beside the card lies on it: that is a finding.
        let loose = Self.overlapPairs(LayoutEngine.solve(try Self.badgeOnCard(superview: nil)))
        #expect(loose.contains(["badge", "orderCard"]))
        #expect(loose.contains(["label", "orderCard"]))
        #expect(!loose.contains(["label", "badge"]))
    }

    @Test("a superview that is not a custom view, or one that makes a view its own subview, is refused at its field")
    func badSuperviewsAreRefused() throws {
        for (views, path, phrase) in [
            (#"{"badge": {"superview": "turnCard"}}"#, "delegate.views.badge.superview", "not a custom view"),
            (#"{"a": {"superview": "b"}, "b": {"superview": "a"}}"#, "delegate.views.a.superview", "inside itself"),
            (#"{"a": {"superview": "a"}}"#, "delegate.views.a.superview", "inside itself"),
            (#"{"a": {"superview": 3}}"#, "delegate.views.a.superview", "string"),
        ] {
            let json = """
                {"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready"},
                 "delegate": {"views": \(views), "ready": {"views": ["googleLogo"], "constraints": []}}}
                """
            do {
                _ = try EngineFixtures.request(json: json)
                Issue.record("\(views) was accepted")
            } catch {
                let issues = (error as? RequestError)?.issues ?? []
                let match = issues.first { $0.path == path }
                #expect(match != nil, "\(views): \(issues)")
                #expect(match?.message.contains(phrase) == true, "\(views): \(match?.message ?? "")")
            }
        }
    }

    @Test("a superview is written back as read")
    func superviewRoundTrips() throws {
        let request = try Self.badgeOnCard(superview: "orderCard")
        let again = try LayoutRequest.decode(from: JSONWriter().bytes(for: request.jsonValue))
        #expect(again.delegate?.views.first { $0.name == "badge" }?.superview == "orderCard")
        #expect(again.delegate?.views.first { $0.name == "label" }?.superview == "badge")
        #expect(again.delegate?.views.first { $0.name == "orderCard" }?.superview == nil)
    }
}
