import DedicatedExecutor
import HTTPServer
import Testing

/// Each test holds one misbehaving client while a second client keeps being served, then checks
/// how the misbehaving one was ended. Limits are a few hundred milliseconds so the suite stays fast;
/// nothing here asserts a duration.
@Suite("Time limits")
struct TimeLimitTests {
    /// Asks for /hello on a connection of its own and returns the status. Each request gets a fresh
    /// connection: the limits here are a few hundred milliseconds, and on a loaded machine the test
    /// itself can be descheduled that long between two requests, which would (rightly) end a reused
    /// connection as idle and blame the server for the test's own pause.
    private func fetchHello(port: Int) async throws -> Int {
        let client = try RawClient(port: port)
        client.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
        return try await client.readResponse().status
    }

    /// Serves requests on other connections for a while (longer than the limits), proving the
    /// server stays responsive while a slow client is connected. Returns how many were answered.
    private func serveMeanwhile(port: Int, milliseconds: Int = 700) async throws -> Int {
        var served = 0
        let end = ContinuousClock.now + .milliseconds(milliseconds)
        while ContinuousClock.now < end {
            if try await fetchHello(port: port) == 200 { served += 1 }
            await pause(for: .milliseconds(20))
        }
        return served
    }

    @Test("answers 408 to a head that trickles in too slowly (slowloris)")
    func slowHead() async throws {
        try await withServer(limits: shortTimeLimits()) { _, port in
            let slow = try RawClient(port: port)
            var fragments = Array("GET /hello HTTP/1.1\r\nHost: a\r\nX-Slow: ".utf8)[...]
            var served = 0
            // One byte every 20 ms for 450 ms: steady progress past the 300 ms head limit that
            // never finishes the head. Sending stops before the server's lingering close ends, so
            // no reset can destroy the 408 before it is read.
            let stopSending = ContinuousClock.now + .milliseconds(450)
            while ContinuousClock.now < stopSending, let byte = fragments.popFirst() {
                slow.send([byte])
                if try await fetchHello(port: port) == 200 { served += 1 }
                await pause(for: .milliseconds(20))
            }
            let response = try await slow.readResponse()
            #expect(response.status == 408)
            #expect(response.header("Connection") == "close")
            #expect(await slow.isClosedByServer())
            #expect(served > 0)
        }
    }

    @Test("answers 408 when a body stops making progress")
    func stalledBody() async throws {
        try await withServer(limits: shortTimeLimits()) { _, port in
            let slow = try RawClient(port: port)
            slow.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nab")
            #expect(try await serveMeanwhile(port: port) > 0)
            let response = try await slow.readResponse()
            #expect(response.status == 408)
            #expect(await slow.isClosedByServer())
        }
    }

    @Test("closes a kept-alive connection that stays idle, without a response")
    func idle() async throws {
        try await withServer(limits: shortTimeLimits()) { _, port in
            let client = try RawClient(port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try await client.readResponse().status == 200)
            #expect(try await serveMeanwhile(port: port) > 0)
            #expect(await client.isClosedByServer())
        }
    }

    @Test("closes a connection that never sends a request")
    func silentConnection() async throws {
        try await withServer(limits: shortTimeLimits()) { _, port in
            let silent = try RawClient(port: port)
            #expect(await silent.isClosedByServer())
            #expect(try await fetchHello(port: port) == 200)
        }
    }

    @Test("closes a connection whose client stops reading a large response")
    func stalledReader() async throws {
        try await withServer(limits: shortTimeLimits()) { _, port in
            let reader = try RawClient(port: port)
            // Far more than loopback socket buffers hold, so the server's writes stall.
            reader.send("GET /big/48000000 HTTP/1.1\r\nHost: a\r\n\r\n")
            for _ in 0..<5 {
                #expect(try await fetchHello(port: port) == 200)
            }
            #expect(await reader.waitForServerClose())
            // Compared as a flag: a failure message holding 48 MB of body would be unreadable.
            let completed = (try? await reader.readResponse()) != nil
            #expect(!completed, "the response should have been cut off")
        }
    }
}
