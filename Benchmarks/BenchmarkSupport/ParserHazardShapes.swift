/// A shape of Swift source on which the toolchain's SwiftParser recursed without bound: repeated
/// `count` times, each repetition opens at least one more level of what the importer's scan counts
/// (`ParserHazard` in SwiftDelegate), so 300 repetitions are past its limit of 256 for every shape.
public struct ParserHazardShape: Sendable {
    public let name: String
    /// The file with the shape repeated `count` times.
    public let source: @Sendable (_ count: Int) -> String

    /// Every shape the parser was found to recurse on: the tests refuse each past the limit, and
    /// `navlayout-swift-bench --hazards` measures each at the largest size the importer reads.
    public static let all: [ParserHazardShape] = [
        ParserHazardShape("generic arguments tried at each `<`") { "let x = " + repeated("a<", $0) },
        ParserHazardShape("comparisons in a row") { "let x = " + repeated("a < ", $0) + "a" },
        ParserHazardShape("commas inside unclosed `<`") { "let x = " + repeated("a<a, ", $0) },
        ParserHazardShape("generic types") { "let x: " + repeated("A<", $0) + "B" + repeated(">", $0) },
        ParserHazardShape("function types") { "let x: " + repeated("(A) -> ", $0) + "A" },
        ParserHazardShape("else if") { function("if a {}" + repeated(" else if a {}", $0)) },
        ParserHazardShape("try") { "let x = " + repeated("try ", $0) + "a" },
        ParserHazardShape("assignments") { function(repeated("x = ", $0) + "a") },
        ParserHazardShape("ternaries") { "let x = " + repeated("a ? b : ", $0) + "c" },
        ParserHazardShape("operators") { "let x = a" + repeated(" + a", $0) },
        ParserHazardShape("member accesses on lines of their own") { "let x = a" + repeated("\n    .b", $0) },
        ParserHazardShape("calls") { "let x = a" + repeated("()", $0) },
        parentheses,
        closures,
        ParserHazardShape("attributes") { "class C {\n" + repeated("@a(", $0) + "\n}" },
        ParserHazardShape("string interpolations") { "let x = " + repeated(#""\("#, $0) + "a" + repeated(#")""#, $0) },
        ParserHazardShape("#if blocks") { repeated("#if A\n", $0) + repeated("#endif\n", $0) },
        ParserHazardShape("closers that match nothing open") { "let x = " + repeated("(]", $0) },
    ]

    /// The two shapes that take the most stack a level (`navlayout-swift-bench --hazards`).
    public static let closures = ParserHazardShape("closures") { "let x = " + repeated("{ ", $0) + repeated("} ", $0) }
    public static let parentheses = ParserHazardShape("parentheses") {
        "let x = " + repeated("(", $0) + "a" + repeated(")", $0)
    }

    init(_ name: String, source: @escaping @Sendable (Int) -> String) {
        self.name = name
        self.source = source
    }

    private static func repeated(_ text: String, _ count: Int) -> String {
        String(repeating: text, count: count)
    }

    /// `body` as the statements of a function, where statements (not declarations) are read.
    private static func function(_ body: String) -> String {
        "func f() {\n    " + body + "\n}\n"
    }
}
