#if canImport(Glibc)
    import Glibc
#endif

/// A request whose head and body have arrived, with what the connection must do after answering it.
struct ParsedRequest: Sendable {
    var request: Request
    /// False when the client asked to close (or HTTP/1.0 without keep-alive).
    var keepAlive: Bool
}

/// What the parser needs next or has produced.
enum ParserEvent {
    /// The buffer holds no complete step; read more bytes.
    case needMoreData
    /// The head asked for `Expect: 100-continue` and the body is still to come: send 100 Continue.
    case expectsContinue
    case request(ParsedRequest)
}

/// An incremental HTTP/1.1 request parser (RFC 9112) that is strict about framing.
///
/// It consumes bytes from an `InboundBuffer` one CRLF-terminated line or one body slice at a time, so
/// it gives the same answer however the bytes are split across reads (the fuzzer checks this). Any
/// ambiguity an intermediary could read differently (request smuggling) is an error, never a guess:
/// Transfer-Encoding with Content-Length, repeated or malformed Content-Length, codings other than a
/// final chunked, bare CR or LF, obs-fold, whitespace before a colon, control bytes anywhere.
struct RequestParser {
    private enum State {
        case requestLine
        case headers
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case failed(HTTPParseError)
    }

    /// Blank lines tolerated before a request line (RFC 9112 section 2.2 asks to ignore at least one).
    private static let maxLeadingEmptyLines = 4
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    let limits: ServerLimits
    private var state = State.requestLine
    /// Bytes at the front of the unread buffer already searched for a line feed, so a line that
    /// arrives in many small reads is scanned once.
    private var scannedCount = 0
    private var emptyLinesSkipped = 0

    private var method = HTTPMethod.get
    private var target = ""
    private var authority: String?
    private var version = HTTPVersion.http11
    private var headers = HTTPHeaders()
    private var headerBytes = 0
    private var trailerCount = 0
    private var body: [UInt8] = []
    private var keepAlive = true
    private var chunkMetadataBytes = 0

    init(limits: ServerLimits) {
        self.limits = limits
    }

    /// True while some part of a request (beyond blank lines) has been consumed.
    var isInsideRequest: Bool {
        switch state {
        case .requestLine: scannedCount > 0
        case .failed: false
        default: true
        }
    }

    /// True once the head is complete and body bytes are awaited.
    var isReadingBody: Bool {
        switch state {
        case .fixedBody, .chunkSize, .chunkData, .chunkDataEnd, .trailers: true
        default: false
        }
    }

    /// Advances as far as the buffered bytes allow. Errors are sticky: the connection must close.
    mutating func next(_ buffer: inout InboundBuffer) throws(HTTPParseError) -> ParserEvent {
        do {
            return try advance(&buffer)
        } catch {
            state = .failed(error)
            throw error
        }
    }

    private mutating func advance(_ buffer: inout InboundBuffer) throws(HTTPParseError) -> ParserEvent {
        while true {
            switch state {
            case .failed(let error):
                throw error

            case .requestLine:
                let tooLong = HTTPParseError(
                    .uriTooLong, "request line longer than \(limits.maxRequestLineLength) bytes")
                guard let length = try nextLine(in: buffer, limit: limits.maxRequestLineLength, tooLong: tooLong)
                else { return .needMoreData }
                if length == 0 {
                    buffer.consume(2)
                    emptyLinesSkipped += 1
                    if emptyLinesSkipped > Self.maxLeadingEmptyLines {
                        throw .malformed("more than \(Self.maxLeadingEmptyLines) empty lines before the request line")
                    }
                    continue
                }
                try buffer.withUnreadBytes { (bytes) throws(HTTPParseError) in
                    try parseRequestLine(UnsafeBufferPointer(rebasing: bytes[0..<length]))
                }
                buffer.consume(length + 2)
                state = .headers

            case .headers, .trailers:
                let isTrailer: Bool
                if case .trailers = state { isTrailer = true } else { isTrailer = false }
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
                    if let event = try finishHead() { return event }
                    continue
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

            case .fixedBody(let remaining):
                let take = min(remaining, buffer.readableCount)
                if take > 0 {
                    buffer.withUnreadBytes { bytes in
                        body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<take]))
                    }
                    buffer.consume(take)
                }
                if take == remaining { return .request(completeRequest()) }
                state = .fixedBody(remaining: remaining - take)
                return .needMoreData

            case .chunkSize:
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

            case .chunkData(let remaining):
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

            case .chunkDataEnd:
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
            }
        }
    }

    /// Finds the next CRLF-terminated line at the front of the buffer and returns its length without
    /// the CRLF, or nil when the line is not complete yet. A line feed without a carriage return in
    /// front of it is an error: accepting bare LF is how two parsers come to disagree on framing.
    private mutating func nextLine(
        in buffer: InboundBuffer, limit: Int, tooLong: HTTPParseError
    ) throws(HTTPParseError) -> Int? {
        let searchEnd = min(buffer.readableCount, limit + 2)
        let start = min(scannedCount, searchEnd)
        let found: Int? = buffer.withUnreadBytes { bytes in
            guard searchEnd > start, let base = bytes.baseAddress else { return nil }
            guard let hit = memchr(base + start, Int32(Self.lineFeed), searchEnd - start) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        guard let lineFeedIndex = found else {
            if buffer.readableCount >= limit + 2 { throw tooLong }
            scannedCount = searchEnd
            return nil
        }
        scannedCount = 0
        let precededByCR =
            lineFeedIndex > 0
            && buffer.withUnreadBytes { $0[lineFeedIndex - 1] } == Self.carriageReturn
        guard precededByCR else { throw .malformed("line ends in a bare LF") }
        return lineFeedIndex - 1
    }

    private mutating func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) {
        var index = 0
        while index < line.count && ByteClass.isToken(line[index]) { index += 1 }
        guard index > 0 else { throw .malformed("request line does not start with a method token") }
        guard index < line.count, line[index] == Self.space else {
            throw .malformed(
                index < line.count
                    ? "method contains byte \(hex(line[index])) at column \(index + 1)"
                    : "request line has no request-target")
        }
        let methodName = String(decoding: UnsafeBufferPointer(rebasing: line[0..<index]), as: UTF8.self)
        index += 1
        let targetStart = index
        while index < line.count && ByteClass.isTarget(line[index]) { index += 1 }
        guard index > targetStart else { throw .malformed("request line has an empty request-target") }
        guard index < line.count, line[index] == Self.space else {
            throw .malformed(
                index < line.count
                    ? "request-target contains byte \(hex(line[index])) at column \(index + 1)"
                    : "request line has no HTTP version")
        }
        let rawTarget = String(decoding: UnsafeBufferPointer(rebasing: line[targetStart..<index]), as: UTF8.self)
        index += 1
        version = try parseVersion(UnsafeBufferPointer(rebasing: line[index...]))
        method = HTTPMethod(methodName)
        try setTarget(rawTarget)
    }

    private func parseVersion(_ text: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> HTTPVersion {
        let prefix: [UInt8] = Array("HTTP/".utf8)
        guard text.count == 8, text.prefix(5).elementsEqual(prefix), text[6] == UInt8(ascii: "."),
            let major = decimalDigit(text[5]), let minor = decimalDigit(text[7])
        else { throw .malformed("HTTP version is not of the form HTTP/<digit>.<digit>") }
        guard major == 1 else {
            throw HTTPParseError(.httpVersionNotSupported, "HTTP/\(major).\(minor) is not supported; use HTTP/1.1")
        }
        // RFC 9110 section 6.2: a higher minor version is answered as the highest one supported.
        return minor == 0 ? .http10 : .http11
    }

    /// Accepts origin-form, absolute-form (http and https, as RFC 9112 section 3.2.2 requires of
    /// servers) and asterisk-form for OPTIONS; authority-form belongs to CONNECT, which is not served.
    private mutating func setTarget(_ raw: String) throws(HTTPParseError) {
        authority = nil
        if method == .connect {
            throw HTTPParseError(.notImplemented, "CONNECT is not implemented by this server")
        }
        if raw.utf8.contains(UInt8(ascii: "#")) {
            throw .malformed("request-target contains a fragment ('#')")
        }
        if raw.utf8.first == UInt8(ascii: "/") {
            target = raw
            return
        }
        if raw == "*" {
            guard method == .options else {
                throw .malformed("asterisk-form request-target is only allowed with OPTIONS")
            }
            target = raw
            return
        }
        let lowered = raw.lowercased()
        let schemeLength: Int
        if lowered.hasPrefix("http://") {
            schemeLength = 7
        } else if lowered.hasPrefix("https://") {
            schemeLength = 8
        } else {
            throw .malformed("request-target is not in origin, absolute or asterisk form")
        }
        let afterScheme = raw.utf8.dropFirst(schemeLength)
        let authorityEnd =
            afterScheme.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
            ?? afterScheme.endIndex
        let authorityPart = String(decoding: afterScheme[afterScheme.startIndex..<authorityEnd], as: UTF8.self)
        guard !authorityPart.isEmpty, !authorityPart.contains("@"), HostSyntax.isValid(authorityPart) else {
            throw .malformed("absolute-form request-target has no usable authority")
        }
        let rest = String(decoding: afterScheme[authorityEnd...], as: UTF8.self)
        authority = authorityPart
        target = rest.hasPrefix("/") ? rest : "/" + rest
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

    /// Decides the body framing from the head (RFC 9112 section 6.3) and whether the connection may
    /// stay open. Returns an event when the caller must act before any body arrives.
    private mutating func finishHead() throws(HTTPParseError) -> ParserEvent? {
        var hostCount = 0
        var hostValue: String?
        var contentLengths: [String] = []
        var transferCodings: [String] = []
        var sawTransferEncoding = false
        var connectionTokens: [String] = []
        var expectations: [String] = []
        for field in headers {
            switch field.name.utf8.count {
            case 4 where HTTPHeaders.namesEqual(field.name, "Host"):
                hostCount += 1
                hostValue = field.value
            case 14 where HTTPHeaders.namesEqual(field.name, "Content-Length"):
                contentLengths.append(field.value)
            case 17 where HTTPHeaders.namesEqual(field.name, "Transfer-Encoding"):
                sawTransferEncoding = true
                transferCodings += field.value.split(separator: ",", omittingEmptySubsequences: false)
                    .map { $0.trimmingOWS().lowercasedASCII() }
            case 10 where HTTPHeaders.namesEqual(field.name, "Connection"):
                connectionTokens += field.value.split(separator: ",").map { $0.trimmingOWS().lowercasedASCII() }
            case 6 where HTTPHeaders.namesEqual(field.name, "Expect"):
                expectations.append(field.value.lowercased())
            default:
                break
            }
        }

        if hostCount > 1 { throw .malformed("more than one Host header") }
        if let hostValue, !HostSyntax.isValid(hostValue) {
            // RFC 9112 section 3.2: a Host that is not uri-host [ ":" port ] answers 400; passing it
            // on would let a client steer whatever later trusts Host (links, routing, caches).
            throw .malformed("Host is not a host with an optional port: \(hostValue)")
        }
        if hostCount == 0 && version == .http11 && authority == nil {
            throw .malformed("HTTP/1.1 request without a Host header")
        }
        if let authority {
            // RFC 9112 section 3.2.2: the authority of an absolute-form target replaces Host.
            headers.replaceOrAdd(name: "Host", value: authority)
        }

        var framing: State?
        if sawTransferEncoding {
            if !contentLengths.isEmpty { throw .malformed("both Transfer-Encoding and Content-Length") }
            if version == .http10 { throw .malformed("Transfer-Encoding in an HTTP/1.0 request") }
            guard transferCodings.last == "chunked" else {
                throw .malformed("Transfer-Encoding does not end in chunked")
            }
            if transferCodings.contains("") { throw .malformed("Transfer-Encoding has an empty coding") }
            if transferCodings.dropLast().contains("chunked") { throw .malformed("chunked applied more than once") }
            if transferCodings.count > 1 {
                throw HTTPParseError(
                    .notImplemented, "transfer coding \(transferCodings[0]) is not implemented; only chunked is")
            }
            framing = .chunkSize
        } else if !contentLengths.isEmpty {
            if contentLengths.count > 1 { throw .malformed("more than one Content-Length header") }
            let text = contentLengths[0]
            guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ decimalDigit($0) != nil }),
                let length = Int(text)
            else { throw .malformed("Content-Length is not a decimal number: \(text)") }
            if length > limits.maxBodySize {
                throw HTTPParseError(
                    .contentTooLarge, "body of \(length) bytes exceeds the limit of \(limits.maxBodySize)")
            }
            if length > 0 {
                framing = .fixedBody(remaining: length)
                body.reserveCapacity(length)
            }
        }

        if version == .http11 {
            keepAlive = !connectionTokens.contains("close")
        } else {
            keepAlive = connectionTokens.contains("keep-alive") && !connectionTokens.contains("close")
        }

        var expectsContinue = false
        if version == .http11 && !expectations.isEmpty {
            // RFC 9110 section 10.1.1: the only expectation defined is 100-continue; others get 417.
            guard expectations.count == 1, expectations[0] == "100-continue" else {
                throw HTTPParseError(
                    .expectationFailed, "unsupported expectation: \(expectations.joined(separator: ", "))")
            }
            expectsContinue = true
        }

        guard let framing else { return .request(completeRequest()) }
        state = framing
        return expectsContinue ? .expectsContinue : nil
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

    private mutating func completeRequest() -> ParsedRequest {
        let request = Request(method: method, target: target, version: version, headers: headers, body: body)
        let parsed = ParsedRequest(request: request, keepAlive: keepAlive)
        state = .requestLine
        scannedCount = 0
        emptyLinesSkipped = 0
        headers = HTTPHeaders()
        headerBytes = 0
        trailerCount = 0
        body = []
        chunkMetadataBytes = 0
        authority = nil
        return parsed
    }
}

@inline(__always)
private func decimalDigit(_ byte: UInt8) -> Int? {
    byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
}

private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return "0x" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
}
