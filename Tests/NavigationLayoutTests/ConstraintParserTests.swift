import Cassowary
import Testing

@testable import NavigationLayout

@Suite("Constraint expression parser")
struct ConstraintParserTests {
    func anchor(_ name: String, _ attribute: LayoutAttribute, guide: ItemReference.OwnGuide? = nil) -> Anchor {
        Anchor(item: ItemReference(name: name, guide: guide), attribute: attribute)
    }

    @Test("name characters are letters, digits and '_', and a name starts without a digit")
    func nameCharactersForEveryByte() {
        for value in 0...255 {
            let byte = UInt8(value)
            let letter = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || byte == UInt8(ascii: "_")
            let digit = (0x30...0x39).contains(value)
            #expect(isNameStart(byte) == letter, "byte \(value)")
            #expect(isNameContinuation(byte) == (letter || digit), "byte \(value)")
        }
    }

    @Test(
        "finds an id's colon wherever it sits",
        arguments: ["a: top.top == map.top", "long-identifier.with-dots: top.top == map.top", "x:top.top==map.top"])
    func findsTheIDAtAnyOffset(text: String) throws {
        let parsed = try ConstraintParser.parse(text)
        #expect(parsed.spec.id == String(text[..<(text.firstIndex(of: ":") ?? text.endIndex)]))
        #expect(parsed.spec.first == anchor("top", .top) && parsed.spec.second == anchor("map", .top))
    }

    @Test("reads every attribute on both sides", arguments: LayoutAttribute.allCases)
    func readsEveryAttribute(attribute: LayoutAttribute) throws {
        let parsed = try ConstraintParser.parse("a.\(attribute.rawValue) == b.margins.\(attribute.rawValue)")
        #expect(parsed.spec.first == anchor("a", attribute))
        #expect(parsed.spec.second == anchor("b", attribute, guide: .margins))
    }

    @Test("reads a view's safe-area guide on either side, and prints it as written")
    func readsSafeAreaGuides() throws {
        let parsed = try ConstraintParser.parse("a.safeArea.top >= turnCard.safeArea.bottom")
        #expect(parsed.spec.first == anchor("a", .top, guide: .safeArea))
        #expect(parsed.spec.second == anchor("turnCard", .bottom, guide: .safeArea))
        #expect(parsed.spec.description == "a.safeArea.top >= turnCard.safeArea.bottom")
        #expect(
            try ConstraintParser.parseAnchor("etaCard.safeArea.leading")
                == anchor("etaCard", .leading, guide: .safeArea))
        #expect(throws: ExpressionError.self) { try ConstraintParser.parse("a.safeArea == b.top") }
    }

    @Test("reads every relation", arguments: LayoutRelation.allCases)
    func readsEveryRelation(relation: LayoutRelation) throws {
        #expect(try ConstraintParser.parse("a.top \(relation.rawValue) b.top").spec.relation == relation)
    }

    @Test(
        "reads every priority form",
        arguments: [
            ("required", 1000), ("high", 750), ("low", 250), ("fittingSize", 50), ("1", 1), ("999", 999),
            ("1000", 1000),
            ("0250", 250),
        ])
    func readsPriorities(text: String, level: Int) throws {
        #expect(try ConstraintParser.parse("a.top == b.top @\(text)").spec.priority.value == level)
        #expect(try ConstraintParser.parse("a.top == b.top @ \(text)").spec.priority.value == level)
    }

    @Test("a constraint without a priority is required")
    func defaultsToRequired() throws {
        #expect(try ConstraintParser.parse("a.top == b.top").spec.priority == .required)
    }

    struct Valid: Sendable, CustomTestStringConvertible {
        var text: String
        var spec: LayoutConstraintSpec
        var testDescription: String { text }
    }

    static let validCases: [Valid] = {
        func a(_ name: String, _ attribute: LayoutAttribute, guide: ItemReference.OwnGuide? = nil) -> Anchor {
            Anchor(item: ItemReference(name: name, guide: guide), attribute: attribute)
        }
        return [
            Valid(
                text: "vp-top: viewport.top == turnCard.bottom",
                spec: .init(id: "vp-top", first: a("viewport", .top), relation: .equal, second: a("turnCard", .bottom))),
            Valid(
                text: "speedWidget.bottom == etaCard.margins.top",
                spec: .init(
                    first: a("speedWidget", .bottom), relation: .equal, second: a("etaCard", .top, guide: .margins))),
            Valid(
                text: "orderCard.width <= map.width * 0.5 + 8 @high",
                spec: .init(
                    first: a("orderCard", .width), relation: .lessThanOrEqual, second: a("map", .width),
                    multiplier: 0.5,
                    constant: .points(8), priority: .high)),
            Valid(
                text: "  buttons.trailing>=safeArea.trailing-16@low  ",
                spec: .init(
                    first: a("buttons", .trailing), relation: .greaterThanOrEqual, second: a("safeArea", .trailing),
                    constant: .points(-16), priority: .low)),
            Valid(
                text: "logo.bottom == guide.top - style.buttonVerticalPadding",
                spec: .init(
                    first: a("logo", .bottom), relation: .equal, second: a("guide", .top),
                    constant: .style(.buttonVerticalPadding, negated: true))),
            Valid(
                text: "button.top == safeArea.top + style.headerTopPadding @ 999",
                spec: .init(
                    first: a("button", .top), relation: .equal, second: a("safeArea", .top),
                    constant: .style(.headerTopPadding, negated: false), priority: Priority(999) ?? .required)),
            Valid(
                text: "contentBottom.height == 0",
                spec: .init(first: a("contentBottom", .height), relation: .equal, second: nil)),
            Valid(
                text: "gap.width >= -4.5",
                spec: .init(
                    first: a("gap", .width), relation: .greaterThanOrEqual, second: nil, constant: .points(-4.5))),
            Valid(
                text: "gap.height == style.headerNominalHeight @fittingSize",
                spec: .init(
                    first: a("gap", .height), relation: .equal, second: nil,
                    constant: .style(.headerNominalHeight, negated: false), priority: .fittingSize)),
            Valid(
                text: "gap.height == -style.layoutMargin",
                spec: .init(
                    first: a("gap", .height), relation: .equal, second: nil,
                    constant: .style(.layoutMargin, negated: true))),
            Valid(
                text: "a.width == b.height * -2 + 1e1",
                spec: .init(
                    first: a("a", .width), relation: .equal, second: a("b", .height), multiplier: -2,
                    constant: .points(10))),
            Valid(
                text: "x.centerX == map.centerX * 1.5E-1",
                spec: .init(first: a("x", .centerX), relation: .equal, second: a("map", .centerX), multiplier: 0.15)),
            Valid(
                text: "card.v2.top: _a1.centerY == _b.centerY",
                spec: .init(id: "card.v2.top", first: a("_a1", .centerY), relation: .equal, second: a("_b", .centerY))),
            Valid(
                text: "margins.left == b.left",
                spec: .init(first: a("margins", .left), relation: .equal, second: a("b", .left))),
        ]
    }()

    @Test("parses the forms of the grammar", arguments: validCases)
    func parsesValidForms(_ valid: Valid) throws {
        #expect(try ConstraintParser.parse(valid.text).spec == valid.spec)
    }

    @Test("canonical text parses back to the same constraint", arguments: validCases)
    func canonicalTextRoundTrips(_ valid: Valid) throws {
        let text = valid.spec.description
        #expect(try ConstraintParser.parse(text).spec == valid.spec)
    }

    @Test("canonical text is readable")
    func canonicalText() throws {
        let parsed = try ConstraintParser.parse("id1:a.width<=b.width*0.5-style.buttonSize@low")
        #expect(parsed.spec.description == "id1: a.width <= b.width * 0.5 - style.buttonSize @low")
    }

    @Test("records the columns of the parts")
    func recordsColumns() throws {
        let parsed = try ConstraintParser.parse("id: a.top == b.bottom + 4")
        #expect(parsed.columns == ParsedConstraint.Columns(first: 5, second: 14, constant: 25))
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        var text: String
        var column: Int
        var message: String
        var testDescription: String { text }
    }

    @Test(
        "rejects malformed constraints at the right column",
        arguments: [
            Invalid(text: "", column: 1, message: "empty constraint"),
            Invalid(text: "   ", column: 4, message: "empty constraint"),
            Invalid(text: "a.top", column: 6, message: "expected '==', '<=' or '>='"),
            Invalid(text: "a.top = b.top", column: 7, message: "write '=='"),
            Invalid(text: "a.top < b.top", column: 7, message: "strict inequalities"),
            Invalid(text: "a.top => b.top", column: 7, message: "write '=='"),
            Invalid(text: "a.top == ", column: 10, message: "expected an anchor or a constant"),
            Invalid(text: "a == b.top", column: 2, message: "expected '.' and an attribute after 'a'"),
            Invalid(text: "a.tpo == b.top", column: 3, message: "unknown attribute 'tpo' (did you mean 'top'?)"),
            Invalid(text: "a.top == b.margins", column: 19, message: "after 'b.margins'"),
            Invalid(text: "a.top == b.safeArea", column: 20, message: "after 'b.safeArea'"),
            Invalid(text: "a.top == b.margins.lft", column: 20, message: "unknown attribute 'lft'"),
            Invalid(text: "1a.top == b.top", column: 1, message: "expected an item name"),
            Invalid(text: "a.top == b.top * 0", column: 18, message: "multiplier of 0"),
            Invalid(text: "a.top == b.top * x", column: 18, message: "expected a number for the multiplier"),
            Invalid(text: "a.top == b.top + ", column: 18, message: "expected a number or a style value"),
            Invalid(text: "a.top == b.top + - 4", column: 18, message: "after '+'"),
            Invalid(text: "a.top == b.top + c", column: 18, message: "expected a number or 'style.name'"),
            Invalid(text: "a.top == b.top + style.nope", column: 24, message: "unknown style value 'nope'"),
            Invalid(text: "a.top == b.top + style.buttonSise", column: 24, message: "did you mean 'buttonSize'?"),
            Invalid(text: "a.top == b.top + style", column: 23, message: "expected '.' and a style name"),
            Invalid(text: "a.top == b.top + 1.", column: 20, message: "digit after the decimal point"),
            Invalid(text: "a.top == b.top + 1e", column: 20, message: "digit in the exponent"),
            Invalid(text: "a.width == 1e999", column: 12, message: "out of range"),
            Invalid(text: "a.top == b.top @", column: 17, message: "expected a priority"),
            Invalid(text: "a.top == b.top @1001", column: 17, message: "invalid priority '1001'"),
            Invalid(text: "a.top == b.top @0", column: 17, message: "invalid priority '0'"),
            Invalid(text: "a.top == b.top @medium", column: 17, message: "invalid priority 'medium'"),
            Invalid(text: "a.top == b.top @750.5", column: 17, message: "invalid priority '750.5'"),
            Invalid(text: "a.top == b.top c", column: 16, message: "unexpected 'c'"),
            Invalid(text: "a.top == b.top @high x", column: 22, message: "unexpected 'x'"),
            Invalid(text: ": a.top == b.top", column: 1, message: "expected a constraint id"),
            Invalid(text: "9x: a.top == b.top", column: 1, message: "invalid constraint id"),
            Invalid(text: "style.top == b.top", column: 1, message: "'style' names a style value"),
            Invalid(text: "a.top == b.top\u{0}", column: 15, message: "control character U+0"),
            Invalid(text: "đ.top == b.top", column: 1, message: "expected an item name, found 'đ'"),
            Invalid(text: "a.top == đ.top + 1", column: 10, message: "found 'đ'"),
        ])
    func rejectsMalformedConstraints(_ invalid: Invalid) {
        #expect {
            try ConstraintParser.parse(invalid.text)
        } throws: { error in
            guard let error = error as? ExpressionError else { return false }
            return error.column == invalid.column && error.message.contains(invalid.message)
        }
    }

    @Test("rejects expressions longer than the limit")
    func rejectsLongExpressions() {
        let text = "a.top == b.top" + String(repeating: " ", count: ConstraintParser.maximumLength)
        #expect(throws: ExpressionError.self) { try ConstraintParser.parse(text) }
    }

    @Test("reads lone anchors and constants for the object form")
    func readsLoneParts() throws {
        #expect(try ConstraintParser.parseAnchor(" etaCard.margins.top ") == anchor("etaCard", .top, guide: .margins))
        #expect(try ConstraintParser.parseConstant("-style.buttonSize") == .style(.buttonSize, negated: true))
        #expect(try ConstraintParser.parseConstant("12.5") == .points(12.5))
        #expect(throws: ExpressionError.self) { try ConstraintParser.parseAnchor("a.top == b.top") }
        #expect(throws: ExpressionError.self) { try ConstraintParser.parseConstant("style.") }
    }

    @Test("resolves style constants under overrides")
    func resolvesStyleConstants() {
        var style = StyleValues.defaults
        style[.buttonSize] = 44
        #expect(LayoutConstant.style(.buttonSize, negated: true).resolved(in: style) == -44)
        #expect(LayoutConstant.points(3).resolved(in: style) == 3)
    }

    @Test("each attribute's packed name holds the bytes of its raw value", arguments: LayoutAttribute.allCases)
    func packedNamesMatchRawValues(attribute: LayoutAttribute) {
        var word: UInt64 = 0
        for (shift, byte) in attribute.rawValue.utf8.enumerated() { word |= UInt64(byte) << UInt64(8 * shift) }
        #expect(attribute.packedName == word)
    }
}
