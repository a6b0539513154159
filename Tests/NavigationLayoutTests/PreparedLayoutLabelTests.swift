import Testing

@testable import NavigationLayout

/// A prepared layout is solved for screen after screen for as long as the cache keeps it: the size
/// and stack constraints it replaces on the way must leave nothing behind.
@Suite("Prepared layout: what a long-lived session keeps")
struct PreparedLayoutLabelTests {
    @Test(
        "solving the same screens again keeps as many labels as the constraints in force",
        arguments: ["seed-delegate-prompt.json", "builtin-guidance.json"])
    func labelsStayBounded(fixture: String) throws {
        let request = try EngineFixtures.request(fixture)
        var prepared = PreparedLayout(request)
        let screens = DeviceCatalog.presets.map { $0.metrics(.portrait).screen(direction: .leftToRight) }
        #expect(screens.count > 8)
        func round() -> [Int] {
            screens.map { screen in
                _ = prepared.solve(screen: screen)
                return prepared.session.labels.count
            }
        }
        let first = round()
        #expect(round() == first)
        #expect(round() == first)
        // Every label is a constraint the solver holds.
        let inSolver = Set(prepared.session.solver.constraints.map(ObjectIdentifier.init))
        #expect(prepared.session.labels.allSatisfy { inSolver.contains(ObjectIdentifier($0.constraint)) })
    }
}
