/// Where each line of a file starts, to turn a byte offset into the line and column the compiler
/// prints: lines from 1, columns from 1 in UTF-8 bytes of the line. A line ends at "\n", "\r\n" or a
/// lone "\r", as Swift's lexer ends lines.
///
/// Built from the file's bytes, so the checks made before parsing (UTF-8, bracket depth) and every
/// position in the syntax tree count lines one way.
struct SourceLineTable {
    private var starts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") {
                starts.append(index)
            } else if byte == UInt8(ascii: "\r") {
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index)
            }
        }
    }

    /// The line and column of the byte at `offset` (an offset at the end of the file is on its last
    /// line).
    func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}
