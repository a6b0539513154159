import DedicatedExecutor
import HTTPServer
import Testing

@Suite("Live server over raw sockets")
struct LiveServerTests {
    @Test("answers a framing violation with its status, Connection: close, and closes", arguments: RejectedRequest.all)
    func refusesOverSocket(_ rejected: RejectedRequest) async throws {
        try await withServer { _, port in
            let client = try RawClient(port: port)
            client.send(rejected.raw)
            let response = try await client.readResponse()
            #expect(response.status == rejected.status)
            #expect(response.header("Connection") == "close")
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(response.header("X-Request-Id")?.isEmpty == false)
            #expect(response.bodyText.contains("\"status\":\(rejected.status)"))
            #expect(await client.isClosedByServer())
        }
    }

    @Test("accepts exactly the token bytes in a header name on the wire")
    func headerNameBytesOverSocket() async throws {
        try await withServer { _, port in
            for value in 0...255 {
                let byte = UInt8(value)
                let client = try RawClient(port: port)
                client.send(Array("GET /hello HTTP/1.1\r\nHost: a\r\nX".utf8) + [byte] + Array("Y: v\r\n\r\n".utf8))
                let response = try await client.readResponse()
                let acceptable = RequestParserTests.isTokenByte(byte) || byte == UInt8(ascii: ":")
                #expect(response.status == (acceptable ? 200 : 400), "byte \(value)")
            }
        }
    }

    @Test("serves several requests on one kept-alive connection")
    func keepAlive() async throws {
        try await withServer { _, port in
            let client = try RawClient(port: port)
            for _ in 0..<3 {
                client.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
                let response = try await client.readResponse()
                #expect(response.status == 200)
                #expect(response.bodyText == "hello")
                #expect(response.header("Connection") == nil)
            }
        }
    }

    @Test("answers pipelined requests in order even when the first is the slowest")
    func pipelining() async throws {
        try await withServer { _, port in
            let client = try RawClient(port: port)
            client.send(
                "GET /delay/150 HTTP/1.1\r\nHost: a\r\n\r\nGET /path?second HTTP/1.1\r\nHost: a\r\n\r\n"
                    + "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nthirdGET /delay/0 HTTP/1.1\r\nHost: a\r\n\r\n"
            )
            #expect(try await client.readResponse().bodyText == "slept 150")
            #expect(try await client.readResponse().bodyText == "/path?second")
            #expect(try await client.readResponse().bodyText == "third")
            #expect(try await client.readResponse().bodyText == "slept 0")
        }
    }

    @Test("closes an HTTP/1.0 connection after the response unless keep-alive is asked for")
    func http10() async throws {
        try await withServer { _, port in
            let plain = try RawClient(port: port)
            plain.send("GET /hello HTTP/1.0\r\n\r\n")
            let first = try await plain.readResponse()
            #expect(first.status == 200)
            #expect(first.header("Connection") == "close")
            #expect(await plain.isClosedByServer())

            let kept = try RawClient(port: port)
            for _ in 0..<2 {
                kept.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let response = try await kept.readResponse()
                #expect(response.status == 200)
                #expect(response.header("Connection") == "keep-alive")
            }
        }
    }

    @Test("closes after answering Connection: close")
    func connectionClose() async throws {
        try await withServer { _, port in
            let client = try RawClient(port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            #expect(try await client.readResponse().header("Connection") == "close")
            #expect(await client.isClosedByServer())
        }
    }

    @Test("reads Content-Length and chunked bodies, chunk by chunk across writes")
    func bodies() async throws {
        try await withServer { _, port in
            let client = try RawClient(port: port)
            client.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\nhello")
            await pause(for: .milliseconds(20))
            client.send(" world")
            #expect(try await client.readResponse().bodyText == "hello world")

            client.send("PUT /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n4;note=first\r\nchun")
            await pause(for: .milliseconds(20))
            client.send("\r\n5\r\nked b\r\n3\r\nody\r\n0\r\nX-Checksum: 1\r\n\r\n")
            #expect(try await client.readResponse().bodyText == "chunked body")
        }
    }

    @Test("sends 100 Continue before reading an expected body")
    func expectContinue() async throws {
        try await withServer { _, port in
            let client = try RawClient(port: port)
            client.send("POST /echo HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
            let interim = try await client.readResponse()
            #expect(interim.status == 100)
            client.send("data")
            let final = try await client.readResponse()
            #expect(final.status == 200)
            #expect(final.bodyText == "data")
        }
    }

    @Test("refuses an expected body above the limit without 100 Continue")
    func expectContinueTooLarge() async throws {
        try await withServer { _, port in
            let client = try RawClient(port: port)
            client.send("POST /echo HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 99999999\r\n\r\n")
            let response = try await client.readResponse()
            #expect(response.status == 413)
            #expect(response.header("Connection") == "close")
        }
    }

    @Test("answers HEAD with the GET headers and no body, keeping the connection in step")
    func head() async throws {
        try await withServer { _, port in
            let client = try RawClient(port: port)
            client.send("HEAD /big/1000 HTTP/1.1\r\nHost: a\r\n\r\nGET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
            let headResponse = try await client.readResponse(expectBody: false)
            #expect(headResponse.status == 200)
            #expect(headResponse.header("Content-Length") == "1000")
            let next = try await client.readResponse()
            #expect(next.bodyText == "hello")
        }
    }

    @Test("writes a response larger than the socket buffer completely")
    func largeResponse() async throws {
        try await withServer { _, port in
            let client = try RawClient(port: port)
            client.send("GET /big/4000000 HTTP/1.1\r\nHost: a\r\n\r\n")
            let response = try await client.readResponse()
            #expect(response.body.count == 4_000_000)
        }
    }

    @Test("answers requests sent just before the client half-closes")
    func halfClose() async throws {
        try await withServer { _, port in
            let client = try RawClient(port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\nGET /path?x HTTP/1.1\r\nHost: a\r\n\r\n")
            client.finishSending()
            #expect(try await client.readResponse().bodyText == "hello")
            #expect(try await client.readResponse().bodyText == "/path?x")
            #expect(await client.isClosedByServer())
        }
    }

    @Test("ends a connection after the maximum number of requests")
    func maxRequestsPerConnection() async throws {
        var limits = ServerLimits()
        limits.maxRequestsPerConnection = 2
        try await withServer(limits: limits) { _, port in
            let client = try RawClient(port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try await client.readResponse().header("Connection") == nil)
            client.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try await client.readResponse().header("Connection") == "close")
            #expect(await client.isClosedByServer())
        }
    }

    @Test("refuses connections beyond the limit with 503 while serving the others")
    func maxConnections() async throws {
        var limits = ServerLimits()
        limits.maxConnections = 2
        limits.maxConnectionsPerAddress = 2  // every client here is 127.0.0.1
        // The kept-alive connections must keep their slots however slow the machine (see
        // SlowClientTests for a full server giving a slot away).
        limits.slotGraceWhenFull = .seconds(60)
        try await withServer(limits: limits) { server, port in
            let first = try RawClient(port: port)
            let second = try RawClient(port: port)
            first.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
            second.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try await first.readResponse().status == 200)
            #expect(try await second.readResponse().status == 200)
            #expect(server.openConnectionCount == 2)
            let third = try RawClient(port: port)
            let refused = try await third.readResponse()
            #expect(refused.status == 503)
            #expect(await third.isClosedByServer())
            first.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try await first.readResponse().status == 200)
        }
    }

    @Test("accepts a body of exactly the limit")
    func bodyAtLimit() async throws {
        var limits = ServerLimits()
        limits.maxBodySize = 1000
        try await withServer(limits: limits) { _, port in
            let client = try RawClient(port: port)
            client.send(
                "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\n" + String(repeating: "z", count: 1000))
            #expect(try await client.readResponse().body.count == 1000)
            client.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 1001\r\n\r\n")
            #expect(try await client.readResponse().status == 413)
        }
    }
}
