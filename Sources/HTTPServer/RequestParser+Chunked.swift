/// The chunked transfer coding (RFC 9112 section 7.1): size lines with their extensions, chunk data
/// and the CRLF after it.
extension RequestParser {
    /// A chunk's size line: the next chunk's data, or the trailers after the last (zero-size) chunk.
    mutating func readChunkSizeLine(_ buffer: inout InboundBuffer) throws(HTTPParseError) -> ParserEvent? {
        let tooLong = HTTPParseError.malformed("chunk size line longer than \(limits.maxChunkLineLength) bytes")
        guard let length = try nextLine(in: buffer, limit: limits.maxChunkLineLength, tooLong: tooLong)
        else { return .needMoreData }
        chunkMetadataBytes += length + 2
        if chunkMetadataBytes > max(limits.maxBodySize, 4096) {
            // Many chunks with long extensions cost work without adding body bytes; bound
            // that work by the body limit.
            throw .malformed("chunk size lines and extensions exceed \(max(limits.maxBodySize, 4096)) bytes")
        }
        let size = try buffer.withUnreadBytes { (bytes) throws(HTTPParseError) in
            try parseChunkSizeLine(UnsafeBufferPointer(rebasing: bytes[0..<length]))
        }
        buffer.consume(length + 2)
        if size == 0 {
            headerBytes = 0
            state = .trailers
        } else {
            if size > limits.maxBodySize - body.count {
                throw HTTPParseError(.contentTooLarge, "chunked body larger than \(limits.maxBodySize) bytes")
            }
            state = .chunkData(remaining: size)
        }
        return nil
    }

    /// A chunk's data, as much of it as has arrived.
    mutating func readChunkData(_ buffer: inout InboundBuffer, remaining: Int) -> ParserEvent? {
        let take = min(remaining, buffer.readableCount)
        if take > 0 {
            buffer.withUnreadBytes { bytes in
                body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<take]))
            }
            buffer.consume(take)
        }
        if take == remaining {
            state = .chunkDataEnd
        } else {
            state = .chunkData(remaining: remaining - take)
            return .needMoreData
        }
        return nil
    }

    /// The CRLF that ends a chunk's data; any other byte there is an error as soon as it arrives.
    mutating func readChunkDataEnd(_ buffer: inout InboundBuffer) throws(HTTPParseError) -> ParserEvent? {
        let available = buffer.readableCount
        let (first, second): (UInt8?, UInt8?) = buffer.withUnreadBytes { bytes in
            (bytes.count > 0 ? bytes[0] : nil, bytes.count > 1 ? bytes[1] : nil)
        }
        if let first, first != Self.carriageReturn {
            throw .malformed("chunk data is not followed by CRLF")
        }
        if let second, second != Self.lineFeed {
            throw .malformed("chunk data is not followed by CRLF")
        }
        if available < 2 { return .needMoreData }
        buffer.consume(2)
        state = .chunkSize
        return nil
    }

    /// Parses `chunk-size [ BWS ; chunk-ext ]` and returns the size.
    private func parseChunkSizeLine(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> Int {
        var index = 0
        var size = 0
        while index < line.count && ByteClass.isHexDigit(line[index]) {
            // Leading zeros are legal and cost nothing; a value past the body limit is refused by
            // the caller, so growth saturates there instead of overflowing.
            let digit = Int(PercentDecoding.hexValue(line[index]) ?? 0)
            let (shifted, overflow) = size.multipliedReportingOverflow(by: 16)
            size = overflow || shifted > limits.maxBodySize ? Int.max : shifted + digit
            index += 1
        }
        guard index > 0 else { throw .malformed("chunk size is not a hexadecimal number") }
        try validateChunkExtensions(UnsafeBufferPointer(rebasing: line[index...]))
        return size
    }

    /// chunk-ext = *( BWS ";" BWS ext-name [ BWS "=" BWS ext-val ] ), ext-val = token / quoted-string.
    private func validateChunkExtensions(_ text: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) {
        // BWS is allowed only before ';' or '=': no valid line ends in whitespace. Parsers that
        // read "5 " (or "5;a=b ") differently must not be offered the choice.
        if let last = text.last, last == Self.space || last == Self.tab {
            throw .malformed("chunk size line ends in whitespace")
        }
        var index = 0
        func skipWhitespace() {
            while index < text.count && (text[index] == Self.space || text[index] == Self.tab) { index += 1 }
        }
        func token() -> Bool {
            let start = index
            while index < text.count && ByteClass.isToken(text[index]) { index += 1 }
            return index > start
        }
        while true {
            skipWhitespace()
            if index == text.count { return }
            guard text[index] == UInt8(ascii: ";") else {
                throw .malformed("chunk size is followed by byte \(hex(text[index])) instead of an extension")
            }
            index += 1
            skipWhitespace()
            guard token() else { throw .malformed("chunk extension without a name") }
            skipWhitespace()
            guard index < text.count, text[index] == UInt8(ascii: "=") else { continue }
            index += 1
            skipWhitespace()
            if index < text.count && text[index] == UInt8(ascii: "\"") {
                index += 1
                var closed = false
                while index < text.count {
                    let byte = text[index]
                    if byte == UInt8(ascii: "\"") {
                        closed = true
                        index += 1
                        break
                    }
                    if byte == UInt8(ascii: "\\") {
                        index += 1
                        guard index < text.count, ByteClass.isFieldValue(text[index]) else {
                            throw .malformed("invalid quoted-pair in a chunk extension")
                        }
                    } else if !ByteClass.isQuotedText(byte) {
                        throw .malformed("chunk extension value contains byte \(hex(byte))")
                    }
                    index += 1
                }
                guard closed else { throw .malformed("unterminated quoted chunk extension value") }
            } else if !token() {
                throw .malformed("chunk extension value is neither a token nor a quoted string")
            }
        }
    }
}
