/// The request parser with its own buffer, for code that holds bytes rather than a socket: tests,
/// the fuzzer, and anything that replays captured traffic.
public struct RequestDecoder {
    /// One step of decoding.
    public enum Event: Sendable {
        /// The head asks for `Expect: 100-continue` and its body has not arrived yet.
        case expectsContinue
        /// A complete request; `keepAlive` says whether the connection may carry another one.
        case request(Request, keepAlive: Bool)
    }

    private var parser: RequestParser
    private var buffer = InboundBuffer()

    public init(limits: ServerLimits = ServerLimits()) {
        parser = RequestParser(limits: limits)
    }

    /// Adds received bytes.
    public mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        buffer.append(contentsOf: bytes)
    }

    /// The next event the buffered bytes allow, or nil when more bytes are needed. After an error
    /// every later call throws the same error.
    public mutating func next() throws(HTTPParseError) -> Event? {
        switch try parser.next(&buffer) {
        case .needMoreData: return nil
        case .expectsContinue: return .expectsContinue
        case .request(let parsed): return .request(parsed.request, keepAlive: parsed.keepAlive)
        }
    }

    /// Bytes received and not yet consumed.
    public var bufferedByteCount: Int { buffer.readableCount }
}
