import Testing

@testable import NavigationLayout

@Suite("Constraint static checks")
struct ConstraintCheckerTests {
    static let items: ItemCatalog = {
        var items = ItemCatalog()
        items.add("orderCard", as: .view)
        items.add("contentBottom", as: .guide)
        items.add("buttons", as: .stack)
        return items
    }()

    func problem(_ text: String) throws -> ExpressionError? {
        ConstraintChecker.check(try ConstraintParser.parse(text), items: Self.items)
    }

    @Test(
        "accepts anchors of the same kind",
        arguments: [
            "orderCard.leading == safeArea.leading", "orderCard.centerX == map.margins.centerX * 0.5",
            "orderCard.left == map.right", "orderCard.top == turnCard.margins.bottom + 8",
            "orderCard.centerY >= contentBottom.top", "orderCard.width == orderCard.height * 2",
            "orderCard.height == 40", "contentBottom.height == 0", "buttons.trailing == safeArea.trailing",
            "speedWidget.bottom == etaCard.margins.top", "buttons.margins.top == compass.bottom",
            "headerAccessory.top == turnCard.bottom", "myLocation.bottom == recenter.top",
            "orderCard.top == turnCard.safeArea.top", "orderCard.safeArea.bottom >= etaCard.top",
            "buttons.safeArea.leading == safeArea.leading", "prompt.safeArea.height >= 20",
        ])
    func acceptsMatchingAnchors(text: String) throws {
        #expect(try problem(text) == nil)
    }

    struct Rejected: Sendable, CustomTestStringConvertible {
        var text: String
        var column: Int
        var part: ExpressionError.Part
        var message: String
        var testDescription: String { text }
    }

    @Test(
        "rejects what Auto Layout cannot express",
        arguments: [
            Rejected(
                text: "orderCard.top == map.leading", column: 18, part: .second, message: "cannot relate orderCard.top"),
            Rejected(text: "orderCard.width == map.top", column: 20, part: .second, message: "sizes to sizes"),
            Rejected(text: "orderCard.centerX == map.height", column: 22, part: .second, message: "(size)"),
            Rejected(
                text: "orderCard.leading == map.left", column: 22, part: .second, message: "never mix with left/right"),
            Rejected(text: "orderCard.right >= safeArea.trailing", column: 20, part: .second, message: "never mix"),
            Rejected(text: "orderCard.top == 20", column: 1, part: .first, message: "cannot equal a constant"),
            Rejected(
                text: "x: orderCard.centerX == 0", column: 4, part: .first, message: "relate it to another anchor"),
            Rejected(
                text: "ordercard.top == map.top", column: 1, part: .first,
                message: "unknown item 'ordercard' (did you mean 'orderCard'?)"),
            Rejected(
                text: "map.top == turncard.bottom", column: 12, part: .second, message: "did you mean 'turnCard'?"),
            Rejected(
                text: "orderCard.top == safeArea.margins.top", column: 18, part: .second,
                message: "has no layout margins"),
            Rejected(text: "contentBottom.margins.top == map.top", column: 1, part: .first, message: "layout guide"),
            Rejected(text: "viewport.margins.top == map.top", column: 1, part: .first, message: "layout guide"),
            Rejected(
                text: "orderCard.top == viewport.safeArea.top", column: 18, part: .second,
                message: "'viewport' is a layout guide and has no safe-area guide; drop '.safeArea'"),
            Rejected(
                text: "contentBottom.safeArea.top == map.top", column: 1, part: .first, message: "no safe-area guide"),
            Rejected(
                text: "orderCard.top == map.safeArea.top", column: 18, part: .second,
                message: "the map's safe-area guide is the item 'safeArea'"),
            Rejected(text: "safeArea.safeArea.top == map.top", column: 1, part: .first, message: "no safe-area guide"),
        ])
    func rejectsMismatches(_ rejected: Rejected) throws {
        let problem = try #require(try problem(rejected.text))
        #expect(problem.column == rejected.column)
        #expect(problem.part == rejected.part)
        #expect(problem.message.contains(rejected.message))
    }

    @Test("custom names cannot shadow built-ins or each other")
    func customNamesAreUnique() {
        var items = ItemCatalog()
        let addedView = items.add("card", as: .view)
        let addedRepeat = items.add("card", as: .guide)
        let addedBuiltIn = items.add("turnCard", as: .view)
        #expect(addedView)
        #expect(!addedRepeat)
        #expect(!addedBuiltIn)
        #expect(items.customNames == ["card"])
    }
}
