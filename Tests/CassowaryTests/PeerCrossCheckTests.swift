import Cassowary
import CassowaryScenario
import Testing

/// Our values on the shared scenarios equal the peer's (kiwisolver 1.5.1, `--dump` output kept in
/// Fixtures/*.kiwisolver-1.5.1.dump) within 1e-6, initially and after every resize step.
@Suite("Cross-check with kiwisolver")
struct PeerCrossCheckTests {
    /// The sections of a dump: the values of one state, in scenario variable order.
    static func dumpSections(_ text: String) -> [[(name: String, value: Double)]] {
        var sections: [[(name: String, value: Double)]] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("##") {
                sections.append([])
                continue
            }
            let fields = line.split(separator: " ")
            guard fields.count == 2, let value = Double(fields[1]), !sections.isEmpty else { continue }
            sections[sections.count - 1].append((String(fields[0]), value))
        }
        return sections
    }

    @Test(
        "values match kiwisolver's within a millionth, initially and after every resize", arguments: ["nav", "enaml"])
    func valuesMatchThePeerWithinAMillionth(scenarioName: String) throws {
        let system = ScenarioSystem(try FixtureFiles.scenario("\(scenarioName).txt"))
        let expected = Self.dumpSections(try FixtureFiles.text("\(scenarioName).kiwisolver-1.5.1.dump"))
        try #require(expected.count == system.resizeStepCount + 1)
        var solver = try system.solve()
        for (step, section) in expected.enumerated() {
            if step > 0 { try system.applyResize(step: step - 1, to: &solver) }
            try #require(section.count == system.variables.count)
            for (variable, peer) in zip(system.variables, section) {
                #expect(variable.name == peer.name)
                #expect(
                    isClose(solver.value(of: variable), peer.value, within: 1e-6),
                    "\(scenarioName) step \(step): \(variable.name) = \(solver.value(of: variable)), peer \(peer.value)"
                )
            }
        }
    }
}
