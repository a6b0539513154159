import NavigationLayout
import Testing

@Suite("Prepared layout")
struct PreparedLayoutTests {
    @Test("resizing the prepared layout matches a fresh solve on every screen")
    func resizingThePreparedLayoutMatchesAFreshSolve() throws {
        let request = try EngineFixtures.request("seed-delegate-prompt.json")
        var prepared = PreparedLayout(request)
        for screen in [
            Screen(width: 375, height: 667, safeArea: EdgeInsets(top: 20, bottom: 0, left: 0, right: 0)),
            Screen(width: 430, height: 932, safeArea: EdgeInsets(top: 59, bottom: 34, left: 0, right: 0)),
            Screen(width: 852, height: 393, safeArea: EdgeInsets(top: 0, bottom: 21, left: 59, right: 59)),
            Screen(width: 393, height: 852, safeArea: EdgeInsets(top: 59, bottom: 34, left: 0, right: 0)),
        ] {
            var fresh = request
            fresh.screen = screen
            #expect(prepared.solve(screen: screen) == LayoutEngine.solve(fresh), "\(screen)")
        }
    }

    @Test("the injected clock measures the solve")
    func theInjectedClockMeasuresTheSolve() throws {
        let request = try EngineFixtures.request("seed-delegate-guidance.json")
        var ticks: UInt64 = 0
        let result = LayoutEngine.solve(request) {
            ticks += 5_000
            return ticks
        }
        #expect(result.solveMicros == 5)
    }

    @Test("solving the request's plan gives the same result as solving the request")
    func solvingTheRequestsPlanGivesTheSameResult() throws {
        let request = try EngineFixtures.request("seed-delegate-prompt.json")
        #expect(LayoutEngine.solve(plan: LayoutEngine.plan(for: request)) == LayoutEngine.solve(request))
    }
}
