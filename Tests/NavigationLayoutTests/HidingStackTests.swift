import NavigationLayout
import Testing

/// A ready layout whose button stack gets `room` points between two guides.
private func stackRequest(
    room: Double, position: String = "bottom", alignment: String = "trailing", spacing: String = ""
)
    throws -> LayoutRequest
{
    try EngineFixtures.request(
        json: """
            {"screen": {"width": 393, "height": 852}, "state": {"navigation": "guidance"},
             "delegate": {"views": {"a": {"width": 40, "height": 40}, "b": {"width": 40, "height": 40},
                                    "c": {"width": 60, "height": 40}},
               "stacks": {"column": {"position": "\(position)", "alignment": "\(alignment)", "arranged": ["a", "b", "c"]\(spacing)}},
               "guidance": {"views": ["googleLogo", "viewport", "column"], "constraints": [
                 "googleLogo.leading == safeArea.leading", "googleLogo.bottom == safeArea.bottom",
                 "viewport.leading == safeArea.leading", "viewport.trailing == safeArea.trailing",
                 "viewport.top == safeArea.top", "viewport.bottom == googleLogo.top",
                 "column.trailing == safeArea.trailing", "column.top == safeArea.top + 100",
                 "column.height == \(room)"]}}}
            """)
}

@Suite("Hiding stacks")
struct HidingStackTests {
    @Test("bottom stacks lay out bottom to top with the default spacing")
    func bottomStacksLayOutBottomToTopWithDefaultSpacing() throws {
        let result = LayoutEngine.solve(try stackRequest(room: 200))
        #expect(result.frame(of: "a") == Frame(x: 353, y: 260, width: 40, height: 40))
        #expect(result.frame(of: "b") == Frame(x: 353, y: 212, width: 40, height: 40))
        #expect(result.frame(of: "c") == Frame(x: 333, y: 164, width: 60, height: 40))
        #expect(result.frame(of: "column")?.width == 60)
        #expect(result.hidden.isEmpty)
    }

    @Test("top stacks lay out top to bottom, and leading alignment uses the leading edge")
    func topStacksLayOutTopToBottomAndLeadingAlignmentUsesTheLeadingEdge() throws {
        let result = LayoutEngine.solve(try stackRequest(room: 200, position: "top", alignment: "leading"))
        #expect(result.frame(of: "a") == Frame(x: 333, y: 100, width: 40, height: 40))
        #expect(result.frame(of: "c")?.y == 196)
    }

    @Test("a stack that hid every view fits in zero width, and its frame is not ambiguous")
    func emptyStackFitsInZeroWidth() throws {
        let result = LayoutEngine.solve(try stackRequest(room: 30))
        #expect(result.hidden.map(\.name).sorted() == ["a", "b", "c"])
        #expect(result.frame(of: "column") == Frame(x: 393, y: 100, width: 0, height: 30))
        #expect(!result.diagnostics.contains { $0.code == .ambiguousLayout })
    }

    @Test("center stacks center their content")
    func centerStacksCenterTheirContent() throws {
        let result = LayoutEngine.solve(try stackRequest(room: 200, position: "center", spacing: #", "spacing": 10"#))
        // Content 3 * 40 + 2 * 10 = 140 in 200: 30 above and below.
        #expect(result.frame(of: "a")?.y == 130)
        #expect(result.frame(of: "c")?.maxY == 270)
    }

    @Test(
        "a stack out of room hides its views from the end",
        arguments: [(200.0, [String]()), (100.0, ["c"]), (50.0, ["b", "c"]), (30.0, ["a", "b", "c"])])
    func outOfRoomHidesFromTheEnd(room: Double, hidden: [String]) throws {
        let result = LayoutEngine.solve(try stackRequest(room: room))
        #expect(result.hidden.map(\.name).sorted() == hidden)
        #expect(result.hidden.allSatisfy { $0.reason == "hiding stack out of room" })
        for name in hidden { #expect(result.frame(of: name) == nil) }
    }

    @Test("hidden views come back when room returns")
    func hiddenViewsComeBackWhenRoomReturns() throws {
        // A stack pinned between the safe area's top and bottom: the screen height gives the room.
        let request = try EngineFixtures.request(
            json: """
                {"screen": {"width": 393, "height": 852}, "state": {"navigation": "guidance"},
                 "delegate": {"stacks": {"buttons": {"position": "bottom", "alignment": "trailing", "arranged": ["compass", "reporting"]}},
                   "guidance": {"views": ["googleLogo", "viewport", "buttons"], "constraints": [
                     "googleLogo.leading == safeArea.leading", "googleLogo.bottom == safeArea.bottom",
                     "viewport.leading == safeArea.leading", "viewport.trailing == safeArea.trailing",
                     "viewport.top == safeArea.top", "viewport.bottom == googleLogo.top",
                     "buttons.trailing == safeArea.trailing", "buttons.top == safeArea.top + 40",
                     "buttons.bottom == safeArea.bottom"]}}}
                """)
        var prepared = PreparedLayout(request)
        let tall = prepared.solve(screen: Screen(width: 393, height: 852))
        #expect(tall.hidden.isEmpty)
        let short = prepared.solve(screen: Screen(width: 393, height: 130))
        #expect(short.hidden.map(\.name) == ["reporting"])
        #expect(short.frame(of: "compass") != nil)
        let tallAgain = prepared.solve(screen: Screen(width: 393, height: 852))
        #expect(tallAgain.hidden.isEmpty)
        #expect(tallAgain == tall)
    }
}
