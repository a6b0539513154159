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

    @Test("known field names and indexes print like document keys, past the inline steps too")
    func printsInlineSteps() {
        let inline = JSONPath.root.appending(field: "delegate").appending(field: "wide").appending(field: "guidance")
            .appending(field: "constraints").appending(12)
        #expect(inline.description == "delegate.wide.guidance.constraints[12]")
        // Seven steps: the first ones are printed into the prefix when the inline steps are full.
        let deep = inline.appending(field: "first").appending(0).appending(field: "x")
        #expect(deep.description == "delegate.wide.guidance.constraints[12].first[0].x")
        // Mixed with keys read from the document, and equal to the same path built from keys alone.
        let mixed = JSONPath.root.appending(field: "delegate").appending("views").appending(field: "orderCard")
        let fromKeys = JSONPath.root.appending("delegate").appending("views").appending("orderCard")
        #expect(mixed.description == "delegate.views.orderCard")
        #expect(mixed == fromKeys)
        #expect(mixed.hashValue == fromKeys.hashValue)
        // A field name that is not a plain name is quoted like a document key.
        #expect(JSONPath.root.appending(field: "a").appending(field: "odd key").description == #"a["odd key"]"#)
    }
}
