import DedicatedExecutor
import HTTPServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Graceful shutdown", .onDedicatedThreads)
struct ShutdownTests {
    private func startServer(limits: ServerLimits = ServerLimits()) throws -> (HTTPServer, Int) {
        let server = HTTPServer(
            configuration: liveTestConfiguration(limits: limits), responder: try TestRoutes.makeRouter())
        try server.start()
        return (server, try #require(server.localPort))
    }

    @Test("finishes the request in flight, closes idle connections, then refuses new ones")
    func drains() async throws {
        let (server, port) = try startServer()
        let busy = try RawClient(port: port)
        let idle = try RawClient(port: port)
        idle.send("GET /hello HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try await idle.readResponse().status == 200)
        busy.send("GET /delay/300 HTTP/1.1\r\nHost: a\r\n\r\n")
        await pause(for: .milliseconds(50))  // let the slow request reach its handler

        server.beginShutdown(gracePeriod: .seconds(5))
        #expect(await idle.isClosedByServer())
        let response = try await busy.readResponse()
        #expect(response.status == 200)
        #expect(response.bodyText == "slept 300")
        #expect(response.header("Connection") == "close")
        #expect(await busy.isClosedByServer())

        await server.waitUntilStopped()
        #expect(throws: RawClientError.self) { try RawClient(port: port) }
    }

    /// A connection the kernel completes into the backlog after draining began would never be
    /// served: the client (or a load balancer) should be refused at once and go elsewhere, not wait
    /// out the grace period.
    @Test("refuses new connections while draining instead of leaving them in the backlog")
    func refusesDuringDrain() async throws {
        let (server, port) = try startServer()
        let busy = try RawClient(port: port)
        busy.send("GET /delay/500 HTTP/1.1\r\nHost: a\r\n\r\n")
        await pause(for: .milliseconds(50))
        server.beginShutdown(gracePeriod: .seconds(5))
        #expect(throws: RawClientError.self) { try RawClient(port: port) }
        #expect(try await busy.readResponse().status == 200)
        await server.waitUntilStopped()
    }

    @Test("closes what is still running once the grace period is over")
    func forcesAfterGracePeriod() async throws {
        let (server, port) = try startServer()
        let stuck = try RawClient(port: port)
        stuck.send("GET /delay/60000 HTTP/1.1\r\nHost: a\r\n\r\n")
        await pause(for: .milliseconds(50))
        await server.shutdown(gracePeriod: .milliseconds(200))
        #expect(await stuck.isClosedByServer())
    }

    @Test("a second shutdown request does not push the grace period's end further out")
    func repeatedShutdownKeepsDeadline() async throws {
        let (server, port) = try startServer()
        let stuck = try RawClient(port: port)
        stuck.send("GET /delay/60000 HTTP/1.1\r\nHost: a\r\n\r\n")
        await pause(for: .milliseconds(50))
        server.beginShutdown(gracePeriod: .milliseconds(200))
        // A second SIGTERM (or Ctrl-C pressed twice) must not give stuck requests another minute.
        server.beginShutdown(gracePeriod: .seconds(60))
        #expect(await stuck.isClosedByServer())
        server.beginShutdown(gracePeriod: .zero)  // ends the test promptly even when the check failed
        await server.waitUntilStopped()
    }

    @Test("a zero grace period closes what is still running at once")
    func zeroGracePeriod() async throws {
        let (server, port) = try startServer()
        let stuck = try RawClient(port: port)
        stuck.send("GET /delay/60000 HTTP/1.1\r\nHost: a\r\n\r\n")
        await pause(for: .milliseconds(50))
        server.beginShutdown(gracePeriod: .zero)
        #expect(await stuck.isClosedByServer())
        await server.waitUntilStopped()
    }

    @Test("shuts down gracefully on SIGTERM")
    func sigterm() async throws {
        let (server, port) = try startServer()
        server.shutdownOnSignals([SIGTERM], gracePeriod: .seconds(5))
        let client = try RawClient(port: port)
        client.send("GET /delay/200 HTTP/1.1\r\nHost: a\r\n\r\n")
        await pause(for: .milliseconds(50))
        kill(getpid(), SIGTERM)
        let response = try await client.readResponse()
        #expect(response.status == 200)
        #expect(response.header("Connection") == "close")
        await server.waitUntilStopped()
        #expect(throws: RawClientError.self) { try RawClient(port: port) }
        // Stopped, the server gives SIGTERM its default action back.
        var disposition = sigaction()
        sigaction(SIGTERM, nil, &disposition)
        #expect(disposition.__sigaction_handler.sa_handler == nil)  // SIG_DFL
    }

    @Test("stops at once when nothing is connected")
    func idleServer() async throws {
        let (server, port) = try startServer()
        await server.shutdown()
        #expect(throws: RawClientError.self) { try RawClient(port: port) }
    }
}
