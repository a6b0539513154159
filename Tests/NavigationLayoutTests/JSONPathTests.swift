import Testing

@testable import NavigationLayout

@Suite("JSON paths")
struct JSONPathTests {
    @Test("prints names with dots, indexes in brackets and other keys quoted")
    func printsPaths() {
        let path = JSONPath.root.appending("delegate").appending("guidance").appending("constraints").appending(3)
        #expect(path.description == "delegate.guidance.constraints[3]")
        #expect(JSONPath.root.appending("views").appending("order card").description == #"views["order card"]"#)
        #expect(JSONPath.root.appending("a\"b").appending("x").description == #"["a\"b"].x"#)
        #expect(JSONPath.root.appending(0).appending("k").description == "[0].k")
        #expect(JSONPath.root.description == "")
    }
}
