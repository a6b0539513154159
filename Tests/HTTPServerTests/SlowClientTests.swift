import HTTPServer
import Testing

/// Clients that hold connections without finishing requests: a body sent a byte at a time, and one
/// address opening every connection the server allows. Limits are short so the suite stays fast;
/// the only duration asserted is a generous upper bound that a server without the limit misses.
@Suite("Slow clients")
struct SlowClientTests {
    /// Sends one byte of `bytes` every `interval` on `client` until they run out or the task is cancelled.
    private func trickle(_ bytes: [UInt8], on client: RawClient, every interval: Duration) -> Task<Void, Never> {
        Task {
            for byte in bytes {
                if Task.isCancelled { return }
                client.send([byte])
                try? await Task.sleep(for: interval)
            }
        }
    }

    @Test("answers 408 and closes when a body keeps trickling in past the body deadline")
    func trickledBody() async throws {
        var limits = shortTimeLimits()
        limits.bodyProgressTimeout = .milliseconds(300)
        limits.bodyReadTimeout = .milliseconds(600)
        try await withServer(limits: limits) { _, port in
            let slow = try RawClient(port: port, receiveTimeoutSeconds: 5)
            let started = ContinuousClock.now
            slow.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\n")
            // A byte every 50 ms never trips the 300 ms progress limit; the whole body would take 50 s.
            let trickler = trickle(Array(repeating: UInt8(ascii: "x"), count: 1000), on: slow, every: .milliseconds(50))
            let response = try await slow.readResponse()
            let elapsed = ContinuousClock.now - started
            trickler.cancel()
            await trickler.value
            #expect(response.status == 408)
            #expect(response.header("Connection") == "close")
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(response.bodyText.contains("request body not received within"), "\(response.bodyText)")
            #expect(elapsed < .seconds(4), "answered after \(elapsed)")
            #expect(await slow.isClosedByServer())
        }
    }

    @Test("serves a slow body that arrives in full within the deadline")
    func slowButCompleteBody() async throws {
        var limits = shortTimeLimits()
        limits.bodyProgressTimeout = .milliseconds(300)
        limits.bodyReadTimeout = .seconds(3)
        try await withServer(limits: limits) { _, port in
            let client = try RawClient(port: port, receiveTimeoutSeconds: 5)
            client.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 8\r\n\r\n")
            let trickler = trickle(Array("12345678".utf8), on: client, every: .milliseconds(50))
            await trickler.value
            let response = try await client.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == "12345678")
        }
    }

    @Test("with every slot one address may hold taken by its slow bodies, another address is still served")
    func oneAddressCannotHoldEverySlot() async throws {
        var limits = ServerLimits()
        limits.maxConnections = 8  // a quarter, 2, for each address
        limits.headReadTimeout = .seconds(5)
        limits.bodyProgressTimeout = .seconds(5)
        limits.bodyReadTimeout = .seconds(5)
        try await withServer(limits: limits) { server, port in
            var slow: [RawClient] = []
            for _ in 0..<8 {
                let client = try RawClient(port: port, sourceAddress: "127.0.0.2", receiveTimeoutSeconds: 5)
                client.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\na")
                slow.append(client)
            }
            var held: [RawClient] = []
            for client in slow {
                guard await client.hasInput(withinMilliseconds: 300) else {
                    held.append(client)
                    continue
                }
                let response = try await client.readResponse()
                #expect(response.status == 503)
                #expect(response.header("Retry-After") == "1")
                #expect(response.bodyText.contains("from this address"), "\(response.bodyText)")
                #expect(await client.isClosedByServer())
            }
            #expect(held.count == 2)
            #expect(server.openConnectionCount == 2)

            for source in ["127.0.0.3", "127.0.0.4"] {
                let other = try RawClient(port: port, sourceAddress: source, receiveTimeoutSeconds: 5)
                other.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
                #expect(try await other.readResponse().status == 200, "from \(source)")
            }
            // The slow bodies still hold their slots, unanswered.
            for client in held {
                #expect(!(await client.hasInput(withinMilliseconds: 0)))
            }
        }
    }

    @Test("an explicit per-address cap replaces the quarter of the connection limit")
    func explicitCap() async throws {
        var limits = ServerLimits()
        limits.maxConnections = 100
        limits.maxConnectionsPerAddress = 3
        try await withServer(limits: limits) { _, port in
            var held: [RawClient] = []
            for _ in 0..<3 {
                let client = try RawClient(port: port, sourceAddress: "127.0.0.5")
                client.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
                #expect(try await client.readResponse().status == 200)
                held.append(client)
            }
            let fourth = try RawClient(port: port, sourceAddress: "127.0.0.5")
            #expect(try await fourth.readResponse().status == 503)
            // A closed connection frees its slot.
            held.removeFirst()
            var served = false
            for _ in 0..<50 where !served {
                let again = try RawClient(port: port, sourceAddress: "127.0.0.5")
                again.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
                served = try await again.readResponse().status == 200
                if !served { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(served)
            #expect(held.count == 2)
        }
    }
}
