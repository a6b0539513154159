import Testing

@testable import NavigationLayout

/// The screen is a given: a required constraint that contradicts the map's size or safe area is
/// reported as a conflict and broken, never allowed to move the screen.
@Suite("A wrong screen is a conflict, not a move")
struct ScreenConflictTests {
    /// A ready layout whose viewport is pinned both under the safe area and to the map's top: the two
    /// agree only on a screen without a top inset.
    static func leftover(top: Double) throws -> LayoutRequest {
        try EngineFixtures.request(
            json: """
                {"screen": {"width": 393, "height": 852, "safeArea": {"top": \(top), "bottom": 34, "left": 0, "right": 0}},
                 "state": {"navigation": "ready"},
                 "delegate": {"ready": {"views": ["googleLogo", "viewport"], "constraints": [
                     "googleLogo.leading == safeArea.leading", "googleLogo.bottom == safeArea.bottom",
                     "viewport.leading == map.leading", "viewport.trailing == map.trailing",
                     "viewport.top == safeArea.top", "viewport.bottom == map.bottom",
                     "viewport.top == map.top"]}}}
                """)
    }

    @Test("both constraints are reported, the screen keeps its safe area, and the later one is broken")
    func leftoverConflict() throws {
        let result = LayoutEngine.solve(try Self.leftover(top: 59))
        let conflict = try #require(result.diagnostics.first { $0.code == .unsatisfiableConstraints })
        #expect(conflict.constraint == "viewport.top == map.top")
        #expect(conflict.conflicting?.contains("viewport.top == safeArea.top") == true)
        #expect(conflict.conflicting?.contains { $0.hasPrefix("safeArea.insetTop == 59") } == true)
        // The viewport stays under the safe area: the screen did not move.
        #expect(result.cameraViewport?.y == 59)
    }

    @Test("on a screen without a top inset the two constraints agree and nothing is reported")
    func noConflictWithoutInset() throws {
        let result = LayoutEngine.solve(try Self.leftover(top: 0))
        #expect(!result.codes.contains(.unsatisfiableConstraints))
        #expect(result.cameraViewport?.y == 0)
    }

    @Test("a prepared layout solved across screens answers each as a fresh solve, conflict or not")
    func preparedAcrossScreens() throws {
        var prepared = PreparedLayout(try Self.leftover(top: 0))
        for top in [0.0, 59, 20, 0, 47, 47, 0] {
            var request = try Self.leftover(top: 0)
            request.screen = Screen(
                width: 393, height: 852, safeArea: EdgeInsets(top: top, bottom: 34, left: 0, right: 0))
            #expect(prepared.solve(screen: request.screen) == LayoutEngine.solve(request), "top \(top)")
        }
    }
}

extension ScreenConflictTests {
    @Test("an optional constraint at 999 cannot move the screen: it gives way, reported as broken, not as a conflict")
    func optionalCompetitorIsNoConflict() throws {
        let request = try EngineFixtures.request(
            json: """
                {"screen": {"width": 393, "height": 852, "safeArea": {"top": 59, "bottom": 34, "left": 0, "right": 0}},
                 "state": {"navigation": "ready"},
                 "delegate": {"ready": {"views": ["googleLogo", "viewport"], "constraints": [
                     "googleLogo.leading == safeArea.leading", "googleLogo.bottom == safeArea.bottom",
                     "viewport.leading == map.leading", "viewport.trailing == map.trailing",
                     "viewport.top == safeArea.top", "viewport.bottom == map.bottom",
                     "viewport.top == map.top @999"]}}}
                """)
        let result = LayoutEngine.solve(request)
        #expect(!result.codes.contains(.unsatisfiableConstraints))
        // The screen is a given: the viewport stays under the safe area, and the 999 constraint breaks.
        #expect(result.cameraViewport?.y == 59)
        #expect(result.broken.contains { $0.constraint.hasPrefix("viewport.top == map.top") && $0.violation == 59 })
        var prepared = PreparedLayout(request)
        #expect(prepared.solve(screen: request.screen) == result)
    }
}
