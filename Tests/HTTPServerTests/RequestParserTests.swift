import HTTPServer
import Testing

/// A request the parser must refuse, with the status the client must get.
struct RejectedRequest: CustomTestStringConvertible, Sendable {
    let rule: String
    let raw: String
    let status: Int

    var testDescription: String { rule }

    /// Every framing and smuggling rule the server enforces, one case each. The live-server suite
    /// replays the same table over real sockets.
    static let all: [RejectedRequest] = [
        RejectedRequest(
            rule: "Transfer-Encoding together with Content-Length",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            status: 400),
        RejectedRequest(
            rule: "repeated Content-Length, even with equal values",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc", status: 400),
        RejectedRequest(
            rule: "Content-Length as a list", raw: "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 3, 3\r\n\r\nabc",
            status: 400),
        RejectedRequest(
            rule: "Content-Length with a sign", raw: "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: +3\r\n\r\nabc",
            status: 400),
        RejectedRequest(
            rule: "negative Content-Length", raw: "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n",
            status: 400),
        RejectedRequest(
            rule: "hexadecimal Content-Length", raw: "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 0x3\r\n\r\nabc",
            status: 400),
        RejectedRequest(
            rule: "Content-Length with inner space",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 1 2\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "Content-Length too long to be a number",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 1234567890123456789012\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "Transfer-Encoding whose final coding is not chunked",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "Transfer-Encoding that is not chunked at all",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: identity\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "Transfer-Encoding that looks like chunked",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: xchunked\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "chunked applied twice",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
            status: 400),
        RejectedRequest(
            rule: "a coding before chunked that the server does not implement",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", status: 501),
        RejectedRequest(
            rule: "Transfer-Encoding in an HTTP/1.0 request",
            raw: "POST /echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "chunk size that is not hexadecimal",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", status: 400),
        RejectedRequest(
            rule: "chunk size with a sign",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n+5\r\nhello\r\n0\r\n\r\n",
            status: 400),
        RejectedRequest(
            rule: "chunk size that overflows",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffffffff\r\n",
            status: 413),
        RejectedRequest(
            rule: "chunk size followed by whitespace only",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5 \r\nhello\r\n0\r\n\r\n",
            status: 400),
        RejectedRequest(
            rule: "chunk extension followed by whitespace",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;a=b\t\r\nhello\r\n0\r\n\r\n",
            status: 400),
        RejectedRequest(
            rule: "chunk extension without a name",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;\r\nhello\r\n0\r\n\r\n",
            status: 400),
        RejectedRequest(
            rule: "chunk extension with an unterminated quoted value",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;a=\"b\r\nhello\r\n0\r\n\r\n",
            status: 400),
        RejectedRequest(
            rule: "chunk extension with a control byte",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;a=\u{01}\r\nhello\r\n0\r\n\r\n",
            status: 400),
        RejectedRequest(
            rule: "chunk size line longer than the limit (extension abuse)",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;a="
                + String(repeating: "b", count: 2000)
                + "\r\nhello\r\n0\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "chunk data not followed by CRLF",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhelloXX0\r\n\r\n",
            status: 400),
        RejectedRequest(
            rule: "whitespace between header name and colon", raw: "GET /hello HTTP/1.1\r\nHost : a\r\n\r\n",
            status: 400),
        RejectedRequest(
            rule: "obs-fold continuation line", raw: "GET /hello HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n",
            status: 400),
        RejectedRequest(
            rule: "whitespace before the first header", raw: "GET /hello HTTP/1.1\r\n Host: a\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "bare CR in a header value", raw: "GET /hello HTTP/1.1\r\nHost: a\r\nX-A: b\rc\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "bare LF ending a header line", raw: "GET /hello HTTP/1.1\r\nHost: a\nX-A: b\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "bare LF ending the request line", raw: "GET /hello HTTP/1.1\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "bare CR in the request line", raw: "GET /hel\rlo HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "NUL in a header value", raw: "GET /hello HTTP/1.1\r\nHost: a\r\nX-A: b\u{0}c\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "NUL in the request-target", raw: "GET /hel\u{0}lo HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "control byte in a header value", raw: "GET /hello HTTP/1.1\r\nHost: a\r\nX-A: b\u{1b}c\r\n\r\n",
            status: 400),
        RejectedRequest(
            rule: "DEL in a header value", raw: "GET /hello HTTP/1.1\r\nHost: a\r\nX-A: b\u{7f}c\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "control byte in the method", raw: "G\u{01}ET /hello HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "method that is not a token", raw: "GE(T /hello HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "header name that is not a token", raw: "GET /hello HTTP/1.1\r\nHost: a\r\nX(A): b\r\n\r\n",
            status: 400),
        RejectedRequest(rule: "empty header name", raw: "GET /hello HTTP/1.1\r\nHost: a\r\n: b\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "header line without a colon", raw: "GET /hello HTTP/1.1\r\nHost: a\r\nX-A\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "two spaces in the request line", raw: "GET  /hello HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "space inside the request-target", raw: "GET /he llo HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(rule: "asterisk-form with GET", raw: "GET * HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "authority-form with GET", raw: "GET example.com:80 HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "absolute-form with a non-HTTP scheme",
            raw: "GET ftp://example.com/hello HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "absolute-form with user information",
            raw: "GET http://u@example.com/hello HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "CONNECT (authority-form tunnels)",
            raw: "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n", status: 501),
        RejectedRequest(
            rule: "fragment in the request-target", raw: "GET /hello#top HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(rule: "HTTP/1.1 without Host", raw: "GET /hello HTTP/1.1\r\nX-A: b\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "two Host headers", raw: "GET /hello HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400),
        RejectedRequest(rule: "Host with a space", raw: "GET /hello HTTP/1.1\r\nHost: a b\r\n\r\n", status: 400),
        RejectedRequest(rule: "Host with a path", raw: "GET /hello HTTP/1.1\r\nHost: a/b\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "Host with user information", raw: "GET /hello HTTP/1.1\r\nHost: user@a\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "Host with a port that is not a number", raw: "GET /hello HTTP/1.1\r\nHost: a:8o\r\n\r\n",
            status: 400),
        RejectedRequest(
            rule: "Host with an unclosed IP literal", raw: "GET /hello HTTP/1.1\r\nHost: [::1\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "absolute-form authority that is not a host",
            raw: "GET http://a\"b/hello HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "HTTP/2.0 on an HTTP/1 connection", raw: "GET /hello HTTP/2.0\r\nHost: a\r\n\r\n", status: 505),
        RejectedRequest(rule: "lowercase protocol name", raw: "GET /hello http/1.1\r\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(rule: "malformed version", raw: "GET /hello HTTP/1.10\r\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(rule: "missing version", raw: "GET /hello\r\nHost: a\r\n\r\n", status: 400),
        RejectedRequest(
            rule: "an expectation other than 100-continue",
            raw: "GET /hello HTTP/1.1\r\nHost: a\r\nExpect: magic\r\n\r\n", status: 417),
        RejectedRequest(
            rule: "request line longer than the limit",
            raw: "GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: a\r\n\r\n", status: 414),
        RejectedRequest(
            rule: "header line longer than the limit",
            raw: "GET /hello HTTP/1.1\r\nHost: a\r\nX-A: " + String(repeating: "b", count: 9000) + "\r\n\r\n",
            status: 431),
        RejectedRequest(
            rule: "more header fields than the limit",
            raw: "GET /hello HTTP/1.1\r\nHost: a\r\n" + (0..<101).map { "X-\($0): v\r\n" }.joined() + "\r\n",
            status: 431),
        RejectedRequest(
            rule: "headers larger than the limit in total",
            raw: "GET /hello HTTP/1.1\r\nHost: a\r\n"
                + (0..<5).map { "X-\($0): " + String(repeating: "v", count: 7000) + "\r\n" }.joined()
                + "\r\n", status: 431),
        RejectedRequest(
            rule: "Content-Length above the body limit",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 1048577\r\n\r\n", status: 413),
        RejectedRequest(
            rule: "chunked body above the body limit",
            raw: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n100001\r\n", status: 413),
        RejectedRequest(
            rule: "too many empty lines before the request",
            raw: "\r\n\r\n\r\n\r\n\r\nGET /hello HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
    ]
}

@Suite("Request parser")
struct RequestParserTests {
    private func decodeAll(_ text: String, limits: ServerLimits = ServerLimits()) throws(HTTPParseError)
        -> [RequestDecoder.Event]
    {
        var decoder = RequestDecoder(limits: limits)
        decoder.feed(Array(text.utf8))
        var events: [RequestDecoder.Event] = []
        while let event = try decoder.next() { events.append(event) }
        return events
    }

    private func requests(_ events: [RequestDecoder.Event]) -> [(Request, Bool)] {
        events.compactMap { event in
            if case .request(let request, let keepAlive) = event { return (request, keepAlive) }
            return nil
        }
    }

    @Test("refuses a framing violation with the right status", arguments: RejectedRequest.all)
    func refuses(_ rejected: RejectedRequest) {
        #expect(throws: HTTPParseError.self) { try decodeAll(rejected.raw) }
        do {
            _ = try decodeAll(rejected.raw)
        } catch {
            #expect(error.status.code == rejected.status, "\(error.detail)")
        }
    }

    @Test("answers a refusal the same however the bytes are split", arguments: RejectedRequest.all)
    func refusesByteByByte(_ rejected: RejectedRequest) {
        var decoder = RequestDecoder()
        var failure: HTTPParseError?
        outer: for byte in rejected.raw.utf8 {
            decoder.feed([byte])
            do {
                while try decoder.next() != nil {}
            } catch {
                failure = error
                break outer
            }
        }
        #expect(failure?.status.code == rejected.status)
    }

    @Test("reads pipelined requests in order")
    func pipelined() throws {
        let events = try decodeAll(
            "GET /one HTTP/1.1\r\nHost: a\r\n\r\nPOST /two HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabcGET /three HTTP/1.1\r\nHost: a\r\n\r\n"
        )
        let parsed = requests(events)
        #expect(parsed.map(\.0.target) == ["/one", "/two", "/three"])
        #expect(parsed[1].0.body == Array("abc".utf8))
    }

    @Test("assembles a chunked body with extensions and ignores trailers")
    func chunked() throws {
        let events = try decodeAll(
            "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n5;name=value;q=\"a \\\"b\\\"\"\r\nhello\r\n"
                + "06 ; x\r\n world\r\n0\r\nChecksum: abc\r\nOther: d\r\n\r\n")
        let parsed = try #require(requests(events).first)
        #expect(String(decoding: parsed.0.body, as: UTF8.self) == "hello world")
        #expect(parsed.0.headers["Checksum"] == nil)
    }

    @Test(
        "keeps HTTP/1.1 connections open unless asked to close",
        arguments: [
            ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", true),
            ("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", false),
            ("GET / HTTP/1.1\r\nHost: a\r\nConnection: Upgrade, Close\r\n\r\n", false),
            ("GET / HTTP/1.0\r\n\r\n", false),
            ("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true),
            ("GET / HTTP/1.0\r\nConnection: Keep-Alive, close\r\n\r\n", false),
        ])
    func keepAlive(raw: String, expected: Bool) throws {
        let parsed = try #require(requests(try decodeAll(raw)).first)
        #expect(parsed.1 == expected)
    }

    @Test("reduces an absolute-form target to origin form and takes its authority as Host")
    func absoluteForm() throws {
        let parsed = try #require(
            requests(try decodeAll("GET http://example.com:8080/a/b?c=d HTTP/1.1\r\nHost: other\r\n\r\n")).first)
        #expect(parsed.0.target == "/a/b?c=d")
        #expect(parsed.0.headers.values(for: "Host") == ["example.com:8080"])
    }

    @Test(
        "accepts every form of Host value RFC 9112 allows",
        arguments: [
            "", "example.com", "example.com:8080", "127.0.0.1:80", "[::1]", "[::1]:8080", "a%41b", "x_y~z!$&'()*+,;=",
        ])
    func validHost(_ host: String) throws {
        let parsed = try #require(requests(try decodeAll("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")).first)
        #expect(parsed.0.headers["Host"] == host)
    }

    @Test("accepts asterisk-form for OPTIONS")
    func asteriskForm() throws {
        let parsed = try #require(requests(try decodeAll("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n")).first)
        #expect(parsed.0.target == "*")
    }

    @Test("skips a blank line before the request line")
    func leadingBlankLine() throws {
        #expect(requests(try decodeAll("\r\nGET /x HTTP/1.1\r\nHost: a\r\n\r\n")).first?.0.target == "/x")
    }

    @Test("reports 100-continue before the body arrives")
    func expectContinue() throws {
        var decoder = RequestDecoder()
        decoder.feed(Array("PUT /echo HTTP/1.1\r\nHost: a\r\nExpect: 100-Continue\r\nContent-Length: 2\r\n\r\n".utf8))
        guard case .expectsContinue = try #require(try decoder.next()) else {
            Issue.record("expected expectsContinue")
            return
        }
        #expect(try decoder.next() == nil)
        decoder.feed(Array("ok".utf8))
        guard case .request(let request, _) = try #require(try decoder.next()) else {
            Issue.record("expected a request")
            return
        }
        #expect(request.body == Array("ok".utf8))
    }

    @Test("trims optional whitespace around field values and keeps obs-text")
    func fieldValues() throws {
        let raw: [UInt8] =
            Array("GET / HTTP/1.1\r\nHost: a\r\nX-A: \t value with  spaces \t\r\nX-B: caf".utf8) + [0xC3, 0xA9]
            + Array("\r\n\r\n".utf8)
        var decoder = RequestDecoder()
        decoder.feed(raw)
        guard case .request(let request, _) = try #require(try decoder.next()) else {
            Issue.record("expected a request")
            return
        }
        #expect(request.headers["x-a"] == "value with  spaces")
        #expect(request.headers["X-B"] == "café")
    }

    /// RFC 9110 tchar: the only bytes a header name may hold. ':' ends the name early and leaves a
    /// valid field, so it is accepted too.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        let scalar = Unicode.Scalar(byte)
        return (scalar.properties.isASCIIHexDigit || ("g"..."z").contains(scalar) || ("G"..."Z").contains(scalar))
            || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
    }

    @Test("accepts exactly the token bytes in a header name", arguments: 0...255)
    func headerNameByte(_ value: Int) {
        let byte = UInt8(value)
        let raw = Array("GET / HTTP/1.1\r\nHost: a\r\nX".utf8) + [byte] + Array("Y: v\r\n\r\n".utf8)
        var decoder = RequestDecoder()
        decoder.feed(raw)
        let accepted: Bool
        do {
            accepted = try decoder.next() != nil
        } catch {
            accepted = false
            #expect(error.status.code == 400)
        }
        #expect(accepted == (Self.isTokenByte(byte) || byte == UInt8(ascii: ":")))
    }

    @Test("decodes query items")
    func queryItems() {
        let request = Request(method: .get, target: "/v1/layouts?profile=acme%20driver&limit=10&flag&q=a+b")
        #expect(request.path == "/v1/layouts")
        #expect(request.queryValue("profile") == "acme driver")
        #expect(request.queryValue("limit") == "10")
        #expect(request.queryValue("flag") == "")
        #expect(request.queryValue("q") == "a b")
    }
}
