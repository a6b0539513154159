// Hot: measured by the `http-parse` stage (Benchmarks/Thresholds/budgets.json,
// `navlayout-http-bench --profile parse`); changes here are checked by scripts/check-budgets.sh.

/// Header and trailer field lines (RFC 9112 section 5), up to the blank line that ends them.
extension RequestParser {
    /// One field line of the head, or of the trailers after a chunked body; the blank line after the
    /// head decides the framing, the one after the trailers completes the request.
    mutating func readFieldLine(_ buffer: inout InboundBuffer, isTrailer: Bool) throws(HTTPParseError) -> ParserEvent? {
        let remainingBudget = limits.maxHeaderBytes - headerBytes
        let lineLimit = min(limits.maxHeaderLineLength, max(0, remainingBudget - 2))
        let what = isTrailer ? "trailer" : "header"
        let tooLong = HTTPParseError(
            .requestHeaderFieldsTooLarge,
            remainingBudget - 2 < limits.maxHeaderLineLength
                ? "\(what)s larger than \(limits.maxHeaderBytes) bytes in total"
                : "\(what) line longer than \(limits.maxHeaderLineLength) bytes")
        guard let length = try nextLine(in: buffer, limit: lineLimit, tooLong: tooLong)
        else { return .needMoreData }
        headerBytes += length + 2
        if length == 0 {
            buffer.consume(2)
            if isTrailer { return .request(completeRequest()) }
            return try finishHead()
        }
        let field = try buffer.withUnreadBytes { (bytes) throws(HTTPParseError) in
            try parseFieldLine(UnsafeBufferPointer(rebasing: bytes[0..<length]), what: what)
        }
        buffer.consume(length + 2)
        if isTrailer {
            // Trailers are read and checked so framing stays exact, then dropped: nothing
            // in this server gives them meaning.
            trailerCount += 1
            if trailerCount > limits.maxHeaderCount {
                throw HTTPParseError(
                    .requestHeaderFieldsTooLarge, "more than \(limits.maxHeaderCount) trailer fields")
            }
        } else {
            if headers.count >= limits.maxHeaderCount {
                throw HTTPParseError(
                    .requestHeaderFieldsTooLarge, "more than \(limits.maxHeaderCount) header fields")
            }
            headers.add(name: field.name, value: field.value)
        }
        return nil
    }

    private func parseFieldLine(
        _ line: UnsafeBufferPointer<UInt8>, what: String
    ) throws(HTTPParseError) -> HTTPHeaders.Field {
        if line[0] == Self.space || line[0] == Self.tab {
            throw .malformed("\(what) line starts with whitespace (obs-fold is not allowed)")
        }
        var index = 0
        while index < line.count && ByteClass.isToken(line[index]) { index += 1 }
        guard index < line.count else { throw .malformed("\(what) line has no colon") }
        let byte = line[index]
        if byte != UInt8(ascii: ":") {
            if byte == Self.space || byte == Self.tab {
                throw .malformed("whitespace between \(what) name and colon")
            }
            throw .malformed("\(what) name contains byte \(hex(byte)) at column \(index + 1)")
        }
        guard index > 0 else { throw .malformed("\(what) line has an empty name") }
        let name = String(decoding: UnsafeBufferPointer(rebasing: line[0..<index]), as: UTF8.self)
        var valueStart = index + 1
        var valueEnd = line.count
        while valueStart < valueEnd && (line[valueStart] == Self.space || line[valueStart] == Self.tab) {
            valueStart += 1
        }
        while valueEnd > valueStart && (line[valueEnd - 1] == Self.space || line[valueEnd - 1] == Self.tab) {
            valueEnd -= 1
        }
        var position = valueStart
        while position < valueEnd {
            guard ByteClass.isFieldValue(line[position]) else {
                throw .malformed("\(what) \(name) contains byte \(hex(line[position])) at column \(position + 1)")
            }
            position += 1
        }
        let value = String(decoding: UnsafeBufferPointer(rebasing: line[valueStart..<valueEnd]), as: UTF8.self)
        return HTTPHeaders.Field(name: name, value: value)
    }
}
