/// Appends SVG elements to a string: attributes in the order given (so output is deterministic),
/// numbers through `SVGNumber`, text and attribute values escaped.
struct SVGBuilder {
    /// An attribute value: a number is formatted, text is escaped.
    enum Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
        case number(Double)
        case text(String)

        init(stringLiteral value: String) { self = .text(value) }
        init(integerLiteral value: Int) { self = .number(Double(value)) }
        init(floatLiteral value: Double) { self = .number(value) }
    }

    var output: String
    private var depth: Int

    init(output: String = "", depth: Int = 0) {
        self.output = output
        self.depth = depth
    }

    private mutating func indent() {
        output += String(repeating: "  ", count: depth)
    }

    private mutating func writeAttributes(_ attributes: KeyValuePairs<String, Value>) {
        for (name, value) in attributes {
            output += " " + name + "=\""
            switch value {
            case .number(let number): output += SVGNumber.format(number)
            case .text(let text): output += XMLEscaping.escape(text)
            }
            output += "\""
        }
    }

    /// `<name a="..."/>`
    mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, Value>) {
        indent()
        output += "<" + name
        writeAttributes(attributes)
        output += "/>\n"
    }

    /// `<name a="...">` on its own line; close with `close(_:)`.
    mutating func open(_ name: String, _ attributes: KeyValuePairs<String, Value> = [:]) {
        indent()
        output += "<" + name
        writeAttributes(attributes)
        output += ">\n"
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        indent()
        output += "</" + name + ">\n"
    }

    /// `<name a="...">text</name>` on one line.
    mutating func text(_ name: String, _ attributes: KeyValuePairs<String, Value>, _ content: String) {
        indent()
        output += "<" + name
        writeAttributes(attributes)
        output += ">" + XMLEscaping.escape(content) + "</" + name + ">\n"
    }

    /// A `<title>`: browsers show it as a tooltip over its parent.
    mutating func tooltip(_ content: String) {
        text("title", [:], content)
    }
}
