// Serves a /healthz-style JSON route for load measurement (scripts/bench-http.sh drives it with wrk
// against nginx serving the same bytes). Usage:
//   navlayout-http-bench [--port N] [--loops N] [--access-log]
// Prints "listening on 127.0.0.1:PORT" once ready; SIGTERM or SIGINT stops it gracefully.
import HTTPServer

#if canImport(Glibc)
    import Glibc
#endif

/// The body of GET /healthz; scripts/bench-http.sh writes the same bytes for nginx to serve.
enum HealthRoute {
    static let body = Array(#"{"status":"ok","service":"navlayout","checks":{"http":"ok"}}"#.utf8)
}

/// Built in a nonisolated function so the handler closure cannot pick up main-actor isolation from
/// the top-level code (which would add a hop to the main thread to every request).
nonisolated func makeRouter(accessLog: Bool) throws(RouteDefinitionError) -> Router {
    let router = RouterBuilder()
    router.add(middleware: RequestIDMiddleware())
    if accessLog { router.add(middleware: AccessLogMiddleware(sink: FileDescriptorLogSink(descriptor: STDERR_FILENO))) }
    router.add(middleware: ProblemDetailsMiddleware())
    router.get("/healthz") { _, _ in .json(HealthRoute.body) }
    return try router.build()
}

/// Writes a line to standard error (the C `stderr` global is not concurrency-safe to touch).
func complain(_ message: String) {
    say(message, to: STDERR_FILENO)
}

/// Unbuffered, so a script reading the pipe sees the line at once.
func say(_ message: String, to descriptor: Int32 = STDOUT_FILENO) {
    let line = message + "\n"
    _ = line.withCString { write(descriptor, $0, strlen($0)) }
}

var configuration = ServerConfiguration(host: "127.0.0.1", port: 8080)
var accessLog = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--port":
        guard let value = arguments.next().flatMap(Int.init) else {
            complain("--port needs a number")
            exit(2)
        }
        configuration.port = value
    case "--loops":
        guard let value = arguments.next().flatMap(Int.init), value > 0 else {
            complain("--loops needs a positive number")
            exit(2)
        }
        configuration.eventLoopCount = value
    case "--access-log":
        accessLog = true
    case "--print-body":
        print(String(decoding: HealthRoute.body, as: UTF8.self), terminator: "")
        exit(0)
    default:
        complain("unknown argument \(argument)")
        exit(2)
    }
}

do {
    let server = HTTPServer(configuration: configuration, responder: try makeRouter(accessLog: accessLog))
    try server.start()
    server.shutdownOnSignals([SIGTERM, SIGINT], gracePeriod: .seconds(5))
    say("listening on \(configuration.host):\(server.localPort ?? configuration.port)")
    await server.waitUntilStopped()
} catch {
    complain("navlayout-http-bench: \(error)")
    exit(1)
}
