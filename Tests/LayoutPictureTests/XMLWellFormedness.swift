/// A small XML well-formedness checker for the SVG the renderer writes: balanced and properly nested
/// tags, quoted attributes without '<' or raw '&', no repeated attribute, known entities only, one root
/// element, nothing but whitespace outside it.
///
/// It does not handle DTDs, CDATA or comments, which the renderer never writes: meeting one is reported.
struct XMLWellFormedness {
    struct Failure: Error, CustomStringConvertible {
        var offset: Int
        var message: String
        var description: String { "at byte \(offset): \(message)" }
    }

    /// The root element's name, and every element's name in document order.
    struct Document {
        var root: String
        var elements: [String]
    }

    static func check(_ text: String) throws(Failure) -> Document {
        let bytes = Array(text.utf8)
        var index = 0
        var stack: [String] = []
        var elements: [String] = []
        var root: String? = nil
        var rootClosed = false

        func fail(_ message: String) -> Failure { Failure(offset: index, message: message) }
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x5F || byte == 0x3A || byte == 0x2E || byte >= 0x80
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
        func readName() throws(Failure) -> String {
            let start = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            guard index > start else { throw fail("expected a name") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        func checkEntity() throws(Failure) {
            // At '&': one of the five named entities or a character reference, then ';'.
            let start = index
            guard let end = bytes[start...].firstIndex(of: 0x3B), end - start <= 10 else {
                throw fail("'&' that starts no entity")
            }
            let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
            let named = ["amp", "lt", "gt", "quot", "apos"]
            let numeric =
                name.hasPrefix("#") && name.count > 1
                && name.dropFirst().allSatisfy { $0.isHexDigit || $0 == "x" }
            guard named.contains(name) || numeric else { throw fail("unknown entity '&\(name);'") }
            index = end + 1
        }

        // The XML declaration, if any.
        if text.hasPrefix("<?xml") {
            guard let end = text.range(of: "?>") else { throw fail("unterminated XML declaration") }
            index = text.utf8.distance(from: text.startIndex, to: end.upperBound)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x3C {  // '<'
                index += 1
                guard index < bytes.count else { throw fail("'<' at the end") }
                if bytes[index] == 0x21 || bytes[index] == 0x3F {
                    throw fail("comments, CDATA and processing instructions are not expected")
                }
                if bytes[index] == 0x2F {  // '</'
                    index += 1
                    let name = try readName()
                    while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                    guard index < bytes.count, bytes[index] == 0x3E else {
                        throw fail("expected '>' closing </\(name)")
                    }
                    index += 1
                    guard let open = stack.popLast() else { throw fail("</\(name)> closes nothing") }
                    guard open == name else { throw fail("</\(name)> closes <\(open)>") }
                    if stack.isEmpty { rootClosed = true }
                    continue
                }
                guard !rootClosed else { throw fail("a second root element") }
                let name = try readName()
                if root == nil { root = name }
                elements.append(name)
                var attributes: Set<String> = []
                while true {
                    let hadSpace = index < bytes.count && isSpace(bytes[index])
                    while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                    guard index < bytes.count else { throw fail("unterminated <\(name)>") }
                    if bytes[index] == 0x3E {
                        index += 1
                        stack.append(name)
                        break
                    }
                    if bytes[index] == 0x2F {
                        index += 1
                        guard index < bytes.count, bytes[index] == 0x3E else { throw fail("expected '/>'") }
                        index += 1
                        if stack.isEmpty { rootClosed = true }
                        break
                    }
                    guard hadSpace else { throw fail("attributes of <\(name)> must be separated by space") }
                    let attribute = try readName()
                    guard attributes.insert(attribute).inserted else { throw fail("repeated attribute '\(attribute)'") }
                    guard index < bytes.count, bytes[index] == 0x3D else {
                        throw fail("expected '=' after \(attribute)")
                    }
                    index += 1
                    guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
                        throw fail("unquoted value of \(attribute)")
                    }
                    let quote = bytes[index]
                    index += 1
                    while index < bytes.count, bytes[index] != quote {
                        if bytes[index] == 0x3C { throw fail("'<' inside the value of \(attribute)") }
                        if bytes[index] == 0x26 { try checkEntity() } else { index += 1 }
                    }
                    guard index < bytes.count else { throw fail("unterminated value of \(attribute)") }
                    index += 1
                }
            } else if byte == 0x26 {
                try checkEntity()
            } else {
                if stack.isEmpty, !isSpace(byte) { throw fail("text outside the root element") }
                if byte == 0x3E, index >= 2, bytes[index - 1] == 0x5D, bytes[index - 2] == 0x5D {
                    throw fail("']]>' in text")
                }
                index += 1
            }
        }
        guard stack.isEmpty else { throw fail("unclosed <\(stack.last ?? "")>") }
        guard let root else { throw fail("no root element") }
        return Document(root: root, elements: elements)
    }
}
