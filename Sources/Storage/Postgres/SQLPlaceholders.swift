/// The statements of this project are written once, with SQLite's `?` placeholders; PostgreSQL
/// numbers them (`$1`, `$2`, ...). This rewrites the first into the second, leaving alone what only
/// looks like a placeholder: a `?` inside a string literal, a quoted identifier, a comment or a
/// dollar-quoted body.
enum SQLPlaceholders {
    /// `sql` with its placeholders numbered, and how many there are.
    static func numbered(_ sql: String) -> (sql: String, count: Int) {
        let bytes = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        var count = 0
        var index = 0
        /// Copies up to and including the next `terminator` (or to the end).
        func copy(through terminator: [UInt8]) {
            while index < bytes.count {
                if bytes[index...].starts(with: terminator) {
                    output += terminator
                    index += terminator.count
                    return
                }
                output.append(bytes[index])
                index += 1
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                // A doubled quote inside ends one literal and starts the next: the same bytes out.
                output.append(byte)
                index += 1
                copy(through: [byte])
            case UInt8(ascii: "-") where bytes[index...].starts(with: Array("--".utf8)):
                copy(through: [UInt8(ascii: "\n")])
            case UInt8(ascii: "/") where bytes[index...].starts(with: Array("/*".utf8)):
                copy(through: Array("*/".utf8))
            case UInt8(ascii: "$"):
                // $tag$ ... $tag$, the tag empty or an identifier.
                var end = index + 1
                while end < bytes.count, bytes[end] == UInt8(ascii: "_") || isAlphanumeric(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "$"), index + 1 == end || !isDigit(bytes[index + 1]) {
                    let tag = Array(bytes[index...end])
                    output += tag
                    index = end + 1
                    copy(through: tag)
                } else {
                    output.append(byte)
                    index += 1
                }
            case UInt8(ascii: "?"):
                count += 1
                output += Array("$\(count)".utf8)
                index += 1
            default:
                output.append(byte)
                index += 1
            }
        }
        return (String(decoding: output, as: UTF8.self), count)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte >= 0x80
    }
}
