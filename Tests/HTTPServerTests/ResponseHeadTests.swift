import HTTPServer
import Testing

/// Answers every request with one fixed response, whatever a handler might put in it.
private struct FixedResponder: HTTPResponder {
    let response: Response

    func respond(to request: Request, context: RequestContext) async -> Response { response }
}

@Suite("Response status line")
struct ResponseHeadTests {
    @Test("a reason phrase cannot split the response or inject header fields")
    func reasonPhraseInjection() async throws {
        let hostile = Response(
            status: HTTPStatus(code: 200, reasonPhrase: "OK\r\nX-Injected: yes\r\n\r\nHTTP/1.1 204 Smuggled"),
            body: Array("body".utf8))
        try await withServer(responder: FixedResponder(response: hostile)) { _, port in
            let client = try RawClient(port: port)
            client.send("GET /a HTTP/1.1\r\nHost: a\r\n\r\nGET /b HTTP/1.1\r\nHost: a\r\n\r\n")
            for _ in 0..<2 {
                let response = try await client.readResponse()
                #expect(response.status == 200)
                #expect(response.header("X-Injected") == nil)
                #expect(response.bodyText == "body")
            }
        }
    }

    @Test("a header name with no token byte is left out instead of sent as an empty name")
    func emptyHeaderName() async throws {
        let response = Response(
            headers: HTTPHeaders([("", "a"), ("\r\n", "b"), ("X-Kept", "c")]), body: Array("body".utf8))
        try await withServer(responder: FixedResponder(response: response)) { _, port in
            let client = try RawClient(port: port)
            client.send("GET /a HTTP/1.1\r\nHost: a\r\n\r\n")
            let answer = try await client.readResponse()
            #expect(answer.status == 200)
            #expect(!answer.headers.contains { $0.name.isEmpty })
            #expect(answer.header("X-Kept") == "c")
        }
    }

    /// A final response needs a status of 200 to 599: a 1xx is read as interim (the client then
    /// waits for a final response that never comes) and anything outside 100...599 is unreadable.
    @Test("a status that cannot end a request is answered as 500", arguments: [101, 42, 1000, 700])
    func invalidFinalStatus(_ code: Int) async throws {
        let response = Response(status: HTTPStatus(code: code), body: Array("body".utf8))
        try await withServer(responder: FixedResponder(response: response)) { _, port in
            let client = try RawClient(port: port)
            client.send("GET /a HTTP/1.1\r\nHost: a\r\n\r\n")
            let answer = try await client.readResponse()
            #expect(answer.status == 500)
            #expect(answer.header("Content-Length") == "4")
        }
    }
}
