import BenchmarkSupport
import Testing

/// Files the toolchain's parser cannot read in bounded time and stack (it recursed without limit on
/// each of these shapes, overflowing the stack of a few kilobytes of source, or took minutes on a
/// few tens) are refused before they are parsed, at the token past the limit; files that only look
/// long are read.
@Suite("Files the parser cannot read in bounded time and stack")
struct ParserHazardTests {
    static let tooDeep = "error: more than 256 levels are open here"

    static func errors(_ source: String) -> [String] { SwiftDelegateFileTests.errors(source) }

    static func isTooDeep(_ source: String) -> Bool {
        errors(source).contains { $0.contains(tooDeep) }
    }

    @Test("each shape the parser recursed on without bound is refused past 256 levels")
    func unboundedShapes() {
        for shape in ParserHazardShape.all {
            let source = shape.source(300)
            #expect(Self.isTooDeep(source), "\(shape.name): \(Self.errors(source).prefix(2))")
        }
    }

    @Test("the deepest files read take less stack than a thread has by default")
    func stackAtTheLimit() {
        // 250 repetitions of either shape are read.
        for shape in [ParserHazardShape.closures, .parentheses] {
            let source = shape.source(250)
            #expect(!Self.isTooDeep(source), "\(shape.name): \(Self.errors(source).prefix(2))")
            let peak = ThreadStack.peakBytes { _ = Self.errors(source) }
            #expect(peak < 8 << 20, "\(shape.name): \(peak >> 10) KB of stack")
        }
    }

    @Test("the error is at the token past the limit, and the file is not parsed")
    func position() {
        // `let`, `x` and `=` are three tokens; the 257th is the 254th of the run `a<a<...`, at
        // offset 8 + 253.
        let errors = Self.errors("let x = " + String(repeating: "a<", count: 1000))
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("App/Layout.swift:1:262: \(Self.tooDeep)") == true, "\(errors)")
    }

    @Test("statements end at a new line, a semicolon or a comma, so long files, lists and calls are read")
    func statementEnds() {
        let long: [(name: String, source: String)] = [
            ("declarations", (0..<400).map { "let a\($0) = b + c.d(e)\n" }.joined()),
            ("statements", "func f() {\n" + String(repeating: "    if a < b { c = d.e }\n", count: 400) + "}\n"),
            ("semicolons", "func f() { " + String(repeating: "a = b + c; ", count: 200) + "}"),
            ("an array", "let x = [" + (0..<400).map { "a.b(\($0))" }.joined(separator: ", ") + "]"),
            ("arguments", "let x = f(" + (0..<400).map { "a\($0): b < c" }.joined(separator: ", ") + ")"),
            ("generic arguments closed", "let x = " + (0..<200).map { _ in "A<B>()" }.joined(separator: ", ")),
            (
                "members of a class",
                "class C {\n" + (0..<200).map { "    @objc var a\($0): [String: Int] = [:]\n" }.joined() + "}\n"
            ),
        ]
        for file in long {
            #expect(!Self.isTooDeep(file.source), "\(file.name): \(Self.errors(file.source).prefix(2))")
        }
        // A chain of 250 links is read: the limit is on what is open, not on the file.
        let chain = "let x = a" + String(repeating: " + a", count: 125)
        #expect(!Self.isTooDeep(chain), "\(Self.errors(chain).prefix(2))")
    }

    @Test("brackets in comments and string literals are text; an interpolation's are code")
    func textIsNotNesting() {
        let deep = String(repeating: "(", count: 400)
        let quoted = [
            "let s = \"" + deep + "\"",
            "let r = #\"" + deep + "\"#",
            "let i = #\"\\(" + deep + "\"#",
            "let m = \"\"\"\n" + deep + "\n\"\"\"",
            "let e = \"\\\"" + deep + "\"",
            "let t = \"\\(a)" + deep + "\"",
            "// " + deep,
            "/* /* */ " + deep + " */",
        ]
        for line in quoted {
            #expect(!Self.isTooDeep(line), "\(line.prefix(20)): \(Self.errors(line).prefix(2))")
        }
        let interpolated = "let t = \"\\(" + deep + "a" + String(repeating: ")", count: 400) + ")\""
        #expect(Self.isTooDeep(interpolated))
        let rawInterpolated = "let t = #\"\\#(" + deep + "a" + String(repeating: ")", count: 400) + ")\"#"
        #expect(Self.isTooDeep(rawInterpolated))
    }

    @Test("square brackets nested past 10 are refused before parsing, outside strings and comments")
    func deepBrackets() {
        let deep = "let x = 1\nlet y = " + String(repeating: "[", count: 40) + "1"
        #expect(
            Self.errors(deep).first?.hasPrefix(
                "App/Layout.swift:2:19: error: square brackets nest more than 10 deep here") == true,
            "\(Self.errors(deep))"
        )
        // Closed, unclosed, or in a parameter's name: counted the same.
        let closed = "let z = " + String(repeating: "[", count: 11) + "1" + String(repeating: "]", count: 11)
        #expect(Self.errors(closed).first?.contains("square brackets nest more than 10 deep") == true)
        // In strings, raw strings, multi-line strings and comments they are text, not nesting.
        let quoted = [
            "let s = \"" + String(repeating: "[", count: 30) + "\"",
            "let r = #\"" + String(repeating: "[", count: 30) + "\"#",
            "let m = \"\"\"\n" + String(repeating: "[", count: 30) + "\n\"\"\"",
            "// " + String(repeating: "[", count: 30),
            "/* /* */ " + String(repeating: "[", count: 30) + " */",
            "let e = \"\\\"" + String(repeating: "[", count: 30) + "\"",
        ]
        for line in quoted {
            #expect(!Self.errors(line).contains { $0.contains("square brackets") }, "\(line)")
        }
        // Ten deep is read.
        let ten = "let t = " + String(repeating: "[", count: 10) + "1" + String(repeating: "]", count: 10)
        #expect(!Self.errors(ten).contains { $0.contains("square brackets") })
    }
}
