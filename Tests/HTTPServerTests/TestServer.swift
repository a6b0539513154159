import DedicatedExecutor
import HTTPServer
import Testing

/// Routes the live-server tests share: echo, path parameters, delays, thrown errors.
enum TestRoutes {
    static func makeRouter(logSink: InMemoryLogSink? = nil) throws -> Router {
        let builder = RouterBuilder()
        builder.add(middleware: RequestIDMiddleware())
        if let logSink { builder.add(middleware: AccessLogMiddleware(sink: logSink)) }
        builder.add(middleware: ProblemDetailsMiddleware())
        builder.get("/hello") { _, _ in .text("hello") }
        builder.get("/path") { request, _ in .text(request.target) }
        builder.post("/echo") { request, _ in Response(status: .ok, body: request.body) }
        builder.put("/echo") { request, _ in Response(status: .ok, body: request.body) }
        builder.get("/v1/profiles/{name}/versions/{n}") { _, context in
            let name = try context.parameters.require("name")
            let version = try context.parameters.require("n", as: Int.self)
            return .text("\(name)#\(version)")
        }
        builder.get("/v1/profiles/{name}") { _, context in .text("profile \(context.parameters["name"] ?? "")") }
        builder.get("/delay/{milliseconds}") { _, context in
            let milliseconds = try context.parameters.require("milliseconds", as: Int.self)
            await pause(for: .milliseconds(milliseconds))
            return .text("slept \(milliseconds)")
        }
        builder.get("/big/{bytes}") { _, context in
            let count = try context.parameters.require("bytes", as: Int.self)
            return Response(body: [UInt8](repeating: UInt8(ascii: "x"), count: count))
        }
        return try builder.build()
    }
}

/// A server on an ephemeral 127.0.0.1 port whose handlers run on an executor of their own (see
/// `DedicatedExecutor`): how every live test configures its server.
func liveTestConfiguration(limits: ServerLimits = ServerLimits(), eventLoops: Int = 2) -> ServerConfiguration {
    var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, limits: limits)
    configuration.eventLoopCount = eventLoops
    configuration.handlerExecutor = DedicatedExecutor()
    return configuration
}

/// Starts a server (`liveTestConfiguration`) for the duration of `body`, then drains it; `body` runs
/// on an executor of its own too.
func withServer(
    limits: ServerLimits = ServerLimits(),
    eventLoops: Int = 2,
    responder: (any HTTPResponder)? = nil,
    _ body: (HTTPServer, Int) async throws -> Void
) async throws {
    let configuration = liveTestConfiguration(limits: limits, eventLoops: eventLoops)
    let server: HTTPServer
    if let responder {
        server = HTTPServer(configuration: configuration, responder: responder)
    } else {
        server = HTTPServer(configuration: configuration, responder: try TestRoutes.makeRouter())
    }
    try server.start()
    let port = try #require(server.localPort)
    do {
        try await onDedicatedThreads { try await body(server, port) }
    } catch {
        await server.shutdown(gracePeriod: .milliseconds(100))
        throw error
    }
    await server.shutdown(gracePeriod: .milliseconds(100))
}

/// Limits small enough that the time-out tests finish in well under a second each.
func shortTimeLimits() -> ServerLimits {
    var limits = ServerLimits()
    limits.headReadTimeout = .milliseconds(300)
    limits.bodyProgressTimeout = .milliseconds(300)
    limits.idleTimeout = .milliseconds(300)
    limits.writeProgressTimeout = .milliseconds(300)
    return limits
}
