import Cassowary
import CassowaryScenario
import Testing

@Suite("Scenario files")
struct ScenarioTests {
    @Test(
        "strengths map to priorities, by name or by numeric weight",
        arguments: [
            ("required", 1000), ("strong", 750), ("medium", 500), ("weak", 250), ("1001001000", 1000),
            ("1000000", 750), ("1000", 500), ("1", 250), ("100000", 667), ("1250", 508), ("0.001", 1),
        ])
    func strengthsMapToPriorities(strength: String, level: Int) {
        #expect(Scenario.priority(forStrength: strength)?.value == level)
    }

    @Test("empty, negative and unknown strengths are rejected", arguments: ["", "-3", "strongest"])
    func unknownStrengthsAreRejected(strength: String) {
        #expect(Scenario.priority(forStrength: strength) == nil)
    }

    @Test("parses constraints, edits and resizes, skipping comments and blank lines")
    func parsesConstraintsEditsAndResizes() throws {
        let scenario = try Scenario(
            parsing: """
                # comment
                c required == -8 1:a.left
                c weak <= 4 2:a.left -1:b.width
                edit b.width strong 320

                resize b.width 1 2 3
                """)
        #expect(scenario.variableNames == ["a.left", "b.width"])
        #expect(scenario.constraints.count == 2)
        #expect(scenario.constraints[1].relation == .lessThanOrEqual)
        #expect(scenario.constraints[1].terms.map(\.coefficient) == [2, -1])
        #expect(scenario.edits.first?.initialValue == 320)
        #expect(scenario.resizes.first?.values == [1, 2, 3])
    }

    @Test("reports the line of a mistake")
    func reportsTheLineOfAMistake() {
        #expect {
            _ = try Scenario(parsing: "c required == 0 1:x\nc required =< 0 1:x\n")
        } throws: { error in
            (error as? ScenarioError)?.line == 2
        }
    }
}
