import NavigationLayout
import Testing

/// Odd screens and states never crash the engine, and every frame it returns is finite.
@Suite("Engine robustness")
struct EngineRobustnessTests {
    static let requests = [
        "seed-delegate-guidance.json", "seed-delegate-prompt.json", "builtin-guidance.json",
        "engine/seed-landscape-phone-prompt.json",
    ]

    @Test("odd screens give finite frames in every navigation mode", arguments: requests)
    func oddScreensGiveFiniteFrames(fixture: String) throws {
        let base = try EngineFixtures.request(fixture)
        let screens = [
            Screen(width: 1, height: 1),
            Screen(width: 320, height: 100, safeArea: EdgeInsets(top: 60, bottom: 60, left: 0, right: 0)),
            Screen(width: 100, height: 2000, safeArea: EdgeInsets(top: 0, bottom: 0, left: 60, right: 60)),
            Screen(width: 4000, height: 3000, layoutDirection: .rightToLeft),
        ]
        for screen in screens {
            for navigation in NavigationMode.allCases {
                var request = base
                request.screen = screen
                request.state.navigation = navigation
                let result = LayoutEngine.solve(request)
                for (name, frame) in result.frames + result.guides {
                    #expect(
                        frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite,
                        "\(fixture) \(screen) \(navigation): \(name)")
                }
                #expect(result.navigation == navigation)
            }
        }
    }

    @Test("a short screen hides stack buttons instead of breaking the layout")
    func aShortScreenHidesStackButtonsInsteadOfBreakingTheLayout() throws {
        var request = try EngineFixtures.request("seed-delegate-guidance.json")
        request.screen = Screen(width: 393, height: 300, safeArea: EdgeInsets(top: 59, bottom: 34, left: 0, right: 0))
        let result = LayoutEngine.solve(request)
        #expect(result.hidden.map(\.name).contains("reporting"))
        #expect(result.hidden.allSatisfy { $0.reason == "hiding stack out of room" })
    }
}
