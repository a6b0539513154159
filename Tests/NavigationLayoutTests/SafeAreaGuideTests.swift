import Testing

@testable import NavigationLayout

/// A view's own safe-area guide (`panel.safeArea`, UIKit's `safeAreaLayoutGuide`) is the part of the
/// view inside the window's safe area, on every screen, and no optional constraint moves it.
@Suite("A view's safe-area guide")
struct SafeAreaGuideTests {
    /// A ready layout with an app panel placed by `panel` constraints, the viewport below it, and two
    /// 20-point badges inside it: one at the top-leading corner of the panel's safe-area guide, one at
    /// its bottom-trailing corner.
    static func request(
        panel: [String], extra: [String] = [], insets: EdgeInsets, size: (Double, Double) = (393, 852),
        direction: String = "ltr"
    ) throws -> LayoutRequest {
        let constraints =
            [
                "googleLogo.leading == safeArea.leading", "googleLogo.bottom == safeArea.bottom",
                "viewport.leading == safeArea.leading", "viewport.trailing == safeArea.trailing",
                "viewport.top == panel.bottom", "viewport.bottom == safeArea.bottom",
                "top.top == panel.safeArea.top", "top.leading == panel.safeArea.leading",
                "bottom.bottom == panel.safeArea.bottom", "bottom.trailing == panel.safeArea.trailing",
            ] + panel + extra
        let list = constraints.map { "\"\($0)\"" }.joined(separator: ", ")
        return try EngineFixtures.request(
            json: """
                {"screen": {"width": \(size.0), "height": \(size.1), "layoutDirection": "\(direction)",
                            "safeArea": {"top": \(insets.top), "bottom": \(insets.bottom), "left": \(insets.left), "right": \(insets.right)}},
                 "state": {"navigation": "ready"},
                 "delegate": {"views": {"panel": {}, "top": {"width": 20, "height": 20, "superview": "panel"},
                                        "bottom": {"width": 20, "height": 20, "superview": "panel"}},
                              "ready": {"views": ["googleLogo", "viewport", "panel", "top", "bottom"], "constraints": [\(list)]}}}
                """)
    }

    static let notchedPortrait = EdgeInsets(top: 59, bottom: 34, left: 0, right: 0)
    static let fullWidthPanel = [
        "panel.leading == map.leading", "panel.trailing == map.trailing", "panel.top == map.top",
        "panel.height == 150",
    ]

    @Test("a panel under the notch: the guide starts below the inset and keeps the panel's other edges")
    func clippedByTheTopInset() throws {
        let result = LayoutEngine.solve(try Self.request(panel: Self.fullWidthPanel, insets: Self.notchedPortrait))
        #expect(result.frame(of: "panel") == Frame(x: 0, y: 0, width: 393, height: 150))
        #expect(result.frame(of: "top") == Frame(x: 0, y: 59, width: 20, height: 20))
        #expect(result.frame(of: "bottom") == Frame(x: 373, y: 130, width: 20, height: 20))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.broken.isEmpty)
        // The guide is the engine's own: it is neither a frame nor a guide of the result.
        #expect(result.frame(of: "panel.safeArea") == nil && result.guide("panel.safeArea") == nil)
    }

    @Test("in landscape the side insets clip the guide, left and right")
    func clippedByTheSideInsets() throws {
        let result = LayoutEngine.solve(
            try Self.request(
                panel: Self.fullWidthPanel, insets: EdgeInsets(top: 0, bottom: 21, left: 59, right: 59),
                size: (852, 393)))
        #expect(result.frame(of: "top") == Frame(x: 59, y: 0, width: 20, height: 20))
        #expect(result.frame(of: "bottom") == Frame(x: 852 - 59 - 20, y: 130, width: 20, height: 20))
    }

    @Test("right to left: leading is the right edge, clipped by the right inset")
    func rightToLeft() throws {
        let result = LayoutEngine.solve(
            try Self.request(
                panel: Self.fullWidthPanel, insets: EdgeInsets(top: 0, bottom: 21, left: 0, right: 59),
                size: (852, 393), direction: "rtl"))
        #expect(result.frame(of: "top") == Frame(x: 852 - 59 - 20, y: 0, width: 20, height: 20))
        #expect(result.frame(of: "bottom") == Frame(x: 0, y: 130, width: 20, height: 20))
    }

    @Test("a panel inside the safe area: the guide is the panel")
    func insideTheSafeArea() throws {
        let panel = [
            "panel.leading == safeArea.leading + 16", "panel.trailing == safeArea.trailing - 16",
            "panel.top == safeArea.top + 10", "panel.height == 150",
        ]
        let result = LayoutEngine.solve(try Self.request(panel: panel, insets: Self.notchedPortrait))
        #expect(result.frame(of: "top") == Frame(x: 16, y: 69, width: 20, height: 20))
        #expect(result.frame(of: "bottom") == Frame(x: 393 - 16 - 20, y: 69 + 150 - 20, width: 20, height: 20))
    }

    @Test("a panel wholly inside the top inset: the guide has no height, at the panel's bottom")
    func whollyOutside() throws {
        let panel = [
            "panel.leading == map.leading", "panel.trailing == map.trailing", "panel.top == map.top",
            "panel.height == 40",
        ]
        let result = LayoutEngine.solve(try Self.request(panel: panel, insets: Self.notchedPortrait))
        #expect(result.frame(of: "top")?.y == 40)
        #expect(result.frame(of: "bottom")?.y == 20)
        #expect(!result.codes.contains(.unsatisfiableConstraints))
    }

    @Test("an optional constraint at 999 does not move the guide: it gives way")
    func optionalConstraintsGiveWay() throws {
        let request = try Self.request(
            panel: Self.fullWidthPanel, extra: ["top.top == map.top @999"], insets: Self.notchedPortrait)
        let result = LayoutEngine.solve(request)
        #expect(result.frame(of: "top")?.y == 59)
        #expect(result.broken.map(\.constraint) == ["top.top == map.top @999"])
        #expect(!result.codes.contains(.ambiguousLayout))
    }

    @Test("a required constraint that puts the guide outside its view is a conflict naming the guide")
    func outsideItsViewConflicts() throws {
        let request = try Self.request(
            panel: Self.fullWidthPanel, extra: ["top.top == panel.top - 10"], insets: Self.notchedPortrait)
        let result = LayoutEngine.solve(request)
        let conflict = try #require(result.diagnostics.first { $0.code == .unsatisfiableConstraints })
        #expect(conflict.constraint == "top.top == panel.top - 10")
        #expect(
            conflict.conflicting?.contains {
                $0.hasPrefix("panel.safeArea: ") && $0.hasSuffix("(UIKit's safe-area guide)")
            } == true)
    }

    @Test("a prepared layout answers every screen as a fresh solve")
    func preparedAcrossScreens() throws {
        let screens: [(EdgeInsets, (Double, Double))] = [
            (Self.notchedPortrait, (393, 852)), (EdgeInsets(top: 20, bottom: 0, left: 0, right: 0), (393, 852)),
            (EdgeInsets(top: 0, bottom: 21, left: 59, right: 59), (852, 393)), (Self.notchedPortrait, (393, 852)),
            (EdgeInsets(top: 200, bottom: 34, left: 0, right: 0), (393, 852)),
        ]
        var prepared = PreparedLayout(try Self.request(panel: Self.fullWidthPanel, insets: Self.notchedPortrait))
        for (insets, size) in screens {
            let request = try Self.request(panel: Self.fullWidthPanel, insets: insets, size: size)
            #expect(prepared.solve(screen: request.screen) == LayoutEngine.solve(request), "\(insets)")
        }
    }
}
