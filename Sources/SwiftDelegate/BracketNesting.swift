/// The first `[` of a file that opens a bracket more than `limit` deep, outside comments and string
/// literals.
///
/// The toolchain's SwiftParser takes time exponential in the nesting depth of square brackets (a
/// file with 14 nested `[` parses in about 90 ms, with 20 in about 20 s), so a file that nests them
/// deeper than a layout ever does is refused before it is parsed: one request must not hold a thread
/// for minutes.
enum BracketNesting {
    static let limit = 10

    /// The byte offset of the first bracket past `limit`, if any.
    static func firstTooDeep(in bytes: [UInt8], limit: Int = limit) -> Int? {
        var depth = 0
        var index = 0
        let count = bytes.count
        func at(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
                // Block comments nest in Swift.
                var nesting = 0
                while index < count {
                    if bytes[index] == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") {
                        nesting += 1
                        index += 2
                    } else if bytes[index] == UInt8(ascii: "*"), at(index + 1) == UInt8(ascii: "/") {
                        nesting -= 1
                        index += 2
                        if nesting == 0 { break }
                    } else {
                        index += 1
                    }
                }
            case UInt8(ascii: "#"), UInt8(ascii: "\""):
                // A string literal: `"..."`, `"""..."""`, or raw with `#` signs; escapes are skipped
                // (an interpolation's brackets are left uncounted, which only errs towards parsing).
                var hashes = 0
                var start = index
                while at(start) == UInt8(ascii: "#") {
                    hashes += 1
                    start += 1
                }
                guard at(start) == UInt8(ascii: "\"") else {
                    index = start + (hashes == 0 ? 1 : 0)
                    continue
                }
                let multiline = at(start + 1) == UInt8(ascii: "\"") && at(start + 2) == UInt8(ascii: "\"")
                index = start + (multiline ? 3 : 1)
                while index < count {
                    let current = bytes[index]
                    if current == UInt8(ascii: "\\") {
                        index += 2
                        continue
                    }
                    if current == UInt8(ascii: "\n"), !multiline { break }
                    let quotes = multiline ? 3 : 1
                    if current == UInt8(ascii: "\""),
                        (0..<quotes).allSatisfy({ at(index + $0) == UInt8(ascii: "\"") }),
                        (0..<hashes).allSatisfy({ at(index + quotes + $0) == UInt8(ascii: "#") })
                    {
                        index += quotes + hashes
                        break
                    }
                    index += 1
                }
            case UInt8(ascii: "["):
                depth += 1
                if depth > limit { return index }
                index += 1
            case UInt8(ascii: "]"):
                depth = max(0, depth - 1)
                index += 1
            default:
                index += 1
            }
        }
        return nil
    }
}
