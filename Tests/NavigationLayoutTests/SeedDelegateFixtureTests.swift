import NavigationLayout
import Testing

/// The seed's sample delegate on the device fixtures, in each state, with the layout invariants.
@Suite("Seed delegate on the device fixtures")
struct SeedDelegateFixtureTests {
    static let devices = ["iphone-se", "iphone-15", "ipad-portrait", "landscape-phone", "iphone-15-rtl"]
    static let fixtures = devices.flatMap { device in
        ["ready", "guidance", "prompt"].map { "engine/seed-\(device)-\($0).json" }
    }

    @Test("the seed delegate holds every layout invariant on each device and in each state", arguments: fixtures)
    func seedDelegateHoldsEveryInvariant(fixture: String) throws {
        let request = try EngineFixtures.request(fixture)
        let result = LayoutEngine.solve(request)
        #expect(result.mode == .delegate)
        #expect(result.problems == [], "\(fixture)")
        #expect(result.status == "ok")
        #expect(ConstraintEvaluator(request: request, result: result).violatedRequiredConstraints() == [])
        let screen = Frame(x: 0, y: 0, width: request.screen.width, height: request.screen.height)
        for (name, frame) in result.frames {
            #expect(screen.contains(frame), "\(name) \(frame) leaves the screen")
        }
        let viewport = try #require(result.cameraViewport)
        #expect(result.frame(of: "googleLogo") != nil)
        if request.state.navigation == .guidance {
            let turnCard = try #require(result.frame(of: "turnCard"))
            let etaCard = try #require(result.frame(of: "etaCard"))
            #expect(viewport.minY >= turnCard.maxY - 0.001)
            #expect(viewport.maxY <= etaCard.minY + 0.001)
            #expect(turnCard.height == request.style[.headerNominalHeight] + request.screen.safeArea.top)
            #expect(etaCard.height == request.style[.footerNominalHeight] + request.screen.safeArea.bottom)
        }
        if let prompt = result.prompt {
            #expect(prompt.frame.maxY == request.screen.height)
            #expect(prompt.frame.overlapArea(with: viewport) == 0)
            #expect(prompt.animation.from.minY == request.screen.height)
            #expect(prompt.animation.to == prompt.frame)
        }
    }

    @Test("iPhone 15 guidance frames match the seed's arithmetic")
    func iPhone15GuidanceFramesMatchTheSeedsArithmetic() throws {
        let result = try EngineFixtures.solve("engine/seed-iphone-15-guidance.json")
        #expect(result.frame(of: "turnCard") == Frame(x: 0, y: 0, width: 393, height: 155))
        #expect(result.frame(of: "etaCard") == Frame(x: 0, y: 746, width: 393, height: 106))
        #expect(result.cameraViewport == Frame(x: 0, y: 155, width: 393, height: 591))
        #expect(result.frame(of: "googleLogo") == Frame(x: 0, y: 712, width: 66, height: 34))
        // The stack lays out bottom to top: compass lowest, reporting above it, 8 pt apart.
        #expect(result.frame(of: "compass") == Frame(x: 345, y: 698, width: 48, height: 48))
        #expect(result.frame(of: "reporting") == Frame(x: 345, y: 642, width: 48, height: 48))
        #expect(result.broken.map(\.constraint) == ["contentBottom.bottom == safeArea.bottom @low"])
    }

    @Test("right to left mirrors leading and trailing")
    func rightToLeftMirrorsLeadingAndTrailing() throws {
        let ltr = try EngineFixtures.solve("engine/seed-iphone-15-guidance.json")
        let rtl = try EngineFixtures.solve("engine/seed-iphone-15-rtl-guidance.json")
        for name in ["googleLogo", "compass", "reporting", "buttons"] {
            let left = try #require(ltr.frame(of: name))
            let right = try #require(rtl.frame(of: name))
            #expect(right.x == 393 - left.maxX, "\(name)")
            #expect(right.y == left.y)
        }
    }

    @Test("the ready state has no guidance components")
    func readyStateHasNoGuidanceComponents() throws {
        let result = try EngineFixtures.solve("engine/seed-iphone-15-ready.json")
        #expect(result.frame(of: "turnCard") == nil)
        #expect(result.frame(of: "reporting") == nil)
        #expect(result.frame(of: "compass") != nil)
        #expect(result.cameraViewport == Frame(x: 0, y: 59, width: 393, height: 759))
    }

    @Test("landscape wide mode puts narrower cards on the leading edge, without a warning")
    func landscapeWideModeShrinksTheCardsOnTheLeadingEdge() throws {
        let result = try EngineFixtures.solve("engine/seed-landscape-phone-guidance.json")
        #expect(result.wideMode)
        let turnCard = try #require(result.frame(of: "turnCard"))
        #expect(turnCard.width == 360)
        #expect(turnCard.x == 59)
        #expect(result.diagnostics(.wideModeCardOffLeadingEdge).isEmpty)
    }
}
