// Hot: measured by the `http-parse` stage (Benchmarks/Thresholds/budgets.json,
// `navlayout-http-bench --profile parse`); changes here are checked by scripts/check-budgets.sh.

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
    enum State {
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
    static let maxLeadingEmptyLines = 4
    static let carriageReturn = UInt8(ascii: "\r")
    static let lineFeed = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")

    let limits: ServerLimits
    var state = State.requestLine
    /// Bytes at the front of the unread buffer already searched for a line feed, so a line that
    /// arrives in many small reads is scanned once.
    private var scannedCount = 0
    var emptyLinesSkipped = 0

    var method = HTTPMethod.get
    var target = ""
    var authority: String?
    var version = HTTPVersion.http11
    var headers = HTTPHeaders()
    var headerBytes = 0
    var trailerCount = 0
    var body: [UInt8] = []
    var keepAlive = true
    var chunkMetadataBytes = 0

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

    /// One step per state: each reads what its state awaits and returns an event for the caller, or nil
    /// when it has moved on to the next state (or skipped a blank line) and the loop goes on.
    private mutating func advance(_ buffer: inout InboundBuffer) throws(HTTPParseError) -> ParserEvent {
        while true {
            let event: ParserEvent?
            switch state {
            case .failed(let error): throw error
            case .requestLine: event = try readRequestLine(&buffer)
            case .headers: event = try readFieldLine(&buffer, isTrailer: false)
            case .trailers: event = try readFieldLine(&buffer, isTrailer: true)
            case .fixedBody(let remaining): event = readFixedBody(&buffer, remaining: remaining)
            case .chunkSize: event = try readChunkSizeLine(&buffer)
            case .chunkData(let remaining): event = readChunkData(&buffer, remaining: remaining)
            case .chunkDataEnd: event = try readChunkDataEnd(&buffer)
            }
            if let event { return event }
        }
    }

    /// The body of a Content-Length request, as much of it as has arrived.
    private mutating func readFixedBody(_ buffer: inout InboundBuffer, remaining: Int) -> ParserEvent {
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
    }

    /// Finds the next CRLF-terminated line at the front of the buffer and returns its length without
    /// the CRLF, or nil when the line is not complete yet. A line feed without a carriage return in
    /// front of it is an error: accepting bare LF is how two parsers come to disagree on framing.
    mutating func nextLine(
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

    mutating func completeRequest() -> ParsedRequest {
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
func decimalDigit(_ byte: UInt8) -> Int? {
    byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
}

/// A byte as an error message shows it: `0x` and two hexadecimal digits.
func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return "0x" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
}
