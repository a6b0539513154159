import DedicatedExecutor
import Dispatch
import Foundation
import HTTPServer
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Sends one byte of `bytes` every `milliseconds` on `client`, from a thread of its own so that a
/// busy concurrency pool cannot stretch the pauses, until the bytes run out or `stop()`.
final class BodyTrickler: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(_ bytes: [UInt8], on client: RawClient, everyMilliseconds milliseconds: UInt32) {
        Thread { [self] in
            for byte in bytes where !stopped.load(ordering: .relaxed) {
                client.send([byte])
                usleep(milliseconds * 1000)
            }
            finished.signal()
        }.start()
    }

    func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    func waitUntilDone() async throws {
        try await onOwnThread { [finished] in finished.wait() }
    }
}

/// Clients that hold connections without finishing requests: a body sent a byte at a time, and one
/// address opening every connection the server allows. Limits are short so the suite stays fast;
/// no duration is asserted: the client's own time-out bounds each wait.
@Suite("Slow clients")
struct SlowClientTests {
    @Test("answers 408 and closes when a body keeps trickling in past the body deadline")
    func trickledBody() async throws {
        var limits = shortTimeLimits()
        // A byte every 50 ms never trips the 3 s progress limit, and the whole body would take 50 s:
        // only the 1.5 s body deadline can end it.
        limits.bodyProgressTimeout = .seconds(3)
        limits.bodyReadTimeout = .milliseconds(1500)
        try await withServer(limits: limits) { _, port in
            let slow = try RawClient(port: port, receiveTimeoutSeconds: 10)
            slow.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\n")
            let trickler = BodyTrickler(
                Array(repeating: UInt8(ascii: "x"), count: 1000), on: slow, everyMilliseconds: 50)
            // The client gives up after 10 s: an answer at all means the deadline ended the body.
            let response = try await slow.readResponse()
            trickler.stop()
            try await trickler.waitUntilDone()
            #expect(response.status == 408)
            #expect(response.header("Connection") == "close")
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(response.bodyText.contains("request body not received within"), "\(response.bodyText)")
            #expect(await slow.isClosedByServer())
        }
    }

    @Test("serves a slow body that arrives in full within the deadline")
    func slowButCompleteBody() async throws {
        var limits = shortTimeLimits()
        limits.bodyProgressTimeout = .seconds(2)
        limits.bodyReadTimeout = .seconds(5)
        try await withServer(limits: limits) { _, port in
            let client = try RawClient(port: port, receiveTimeoutSeconds: 10)
            client.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 8\r\n\r\n")
            let trickler = BodyTrickler(Array("12345678".utf8), on: client, everyMilliseconds: 50)
            try await trickler.waitUntilDone()
            let response = try await client.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == "12345678")
        }
    }

    @Test("with every slot one address may hold taken by its slow bodies, another address is still served")
    func oneAddressCannotHoldEverySlot() async throws {
        var limits = ServerLimits()
        limits.maxConnections = 8  // a quarter, 2, for each address
        // Far longer than the test: the slow bodies must hold their slots throughout.
        limits.headReadTimeout = .seconds(60)
        limits.bodyProgressTimeout = .seconds(60)
        limits.bodyReadTimeout = .seconds(60)
        try await withServer(limits: limits) { server, port in
            var slow: [RawClient] = []
            for _ in 0..<8 {
                let client = try RawClient(port: port, sourceAddress: "127.0.0.2", receiveTimeoutSeconds: 5)
                client.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\na")
                slow.append(client)
            }
            // The refusals come at once, but a loaded machine may deliver them late: wait for six.
            for _ in 0..<100 {
                var answered = 0
                for client in slow where await client.hasInput(withinMilliseconds: 0) { answered += 1 }
                if answered >= 6 { break }
                await pause(for: .milliseconds(50))
            }
            var held: [RawClient] = []
            for client in slow {
                guard await client.hasInput(withinMilliseconds: 100) else {
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

    @Test("with every slot taken by slow bodies from many addresses, a new client gets the slot of the slowest")
    func slowBodiesFromManyAddressesGiveWay() async throws {
        var limits = ServerLimits()
        limits.maxConnections = 8
        limits.maxConnectionsPerAddress = 8
        // Far longer than the test: only the server being full may end a slow body.
        limits.headReadTimeout = .seconds(60)
        limits.bodyProgressTimeout = .seconds(60)
        limits.bodyReadTimeout = .seconds(60)
        limits.slotGraceWhenFull = .milliseconds(200)
        // One event loop: each loop frees a slot from its own connections only, so with more a new
        // client may land on a loop with none to give (it is refused, and served on a retry).
        try await withServer(limits: limits, eventLoops: 1) { server, port in
            var slow: [RawClient] = []
            for index in 1...8 {
                let client = try RawClient(port: port, sourceAddress: "127.0.1.\(index)", receiveTimeoutSeconds: 5)
                client.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\na")
                slow.append(client)
            }
            while server.openConnectionCount < 8 { await pause(for: .milliseconds(10)) }
            await pause(for: .milliseconds(300))
            let other = try RawClient(port: port, sourceAddress: "127.0.0.3", receiveTimeoutSeconds: 5)
            other.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try await other.readResponse().status == 200)
            var timedOut = 0
            for client in slow where await client.hasInput(withinMilliseconds: 200) {
                let response = try await client.readResponse()
                #expect(response.status == 408)
                #expect(response.bodyText.contains("no free connection"), "\(response.bodyText)")
                timedOut += 1
            }
            #expect(timedOut == 1)
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
                if !served { await pause(for: .milliseconds(20)) }
            }
            #expect(served)
            #expect(held.count == 2)
        }
    }
}
