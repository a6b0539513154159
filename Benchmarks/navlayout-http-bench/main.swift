// Serves a /healthz-style JSON route for load measurement (scripts/bench-http.sh drives it with wrk
// against nginx serving the same bytes). Usage:
//   navlayout-http-bench [--port N] [--loops N] [--access-log]
//   navlayout-http-bench --profile parse COUNT [--pipelined M] FILE.json
// Prints "listening on 127.0.0.1:PORT" once ready; SIGTERM or SIGINT stops it gracefully.
//
// --profile parse reads typical POST /v1/layouts requests (the head a client sends and FILE.json as
// the body) through the request parser COUNT times after a warm-up and prints one line, for an
// instruction or allocation counter (see ProfileRequest and scripts/check-budgets.sh). No socket is
// opened: M requests (--pipelined, 256 by default; more than COUNT) are put in one decoder's buffer
// first, as a client pipelining on a keep-alive connection would send them, and the parser reads
// COUNT + 1 of them. Filling the buffer costs the same whatever COUNT is, so it cancels out of the
// per-request figure the script computes; what is left is the parser, as on a connection, where the
// socket read writes into the same kind of buffer.
import BenchmarkSupport
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

/// A POST /v1/layouts request as a client sends it, with `body` as its JSON body.
func layoutRequest(body: [UInt8]) -> [UInt8] {
    let head = [
        "POST /v1/layouts HTTP/1.1", "Host: 127.0.0.1:8080", "User-Agent: curl/8.5.0", "Accept: */*",
        "Authorization: Bearer nlk_3f9c2a71_Q2hvb3NlIGEgbG9uZyByYW5kb20gc2VjcmV0IGhlcmU",
        "Content-Type: application/json", "Content-Length: \(body.count)", "", "",
    ].joined(separator: "\r\n")
    return Array(head.utf8) + body
}

let usage = """
    usage: navlayout-http-bench [--port N] [--loops N] [--access-log]
           navlayout-http-bench --profile parse COUNT [--pipelined M] FILE.json
    """
var configuration = ServerConfiguration(host: "127.0.0.1", port: 8080)
var accessLog = false
var profile: ProfileRequest?
var bodyFile: String?
var pipelined = 256
var reader = OptionReader(CommandLine.arguments, usage: usage)
while let option = reader.nextOption() {
    switch option {
    case "--port":
        guard let port = Int(reader.value()), port >= 0 else { reader.fail() }
        configuration.port = port
    case "--loops": configuration.eventLoopCount = reader.positiveInteger()
    case "--access-log": accessLog = true
    case "--print-body":
        print(String(decoding: HealthRoute.body, as: UTF8.self), terminator: "")
        exit(0)
    case "--profile": profile = reader.profile(stages: ["parse"])
    case "--pipelined": pipelined = reader.positiveInteger()
    default:
        if option.hasPrefix("--") || bodyFile != nil { reader.fail() }
        bodyFile = option
    }
}

if profile == nil && bodyFile != nil { reader.fail() }
if let profile {
    guard let bodyFile, let body = fileContents(bodyFile), profile.count < pipelined else { reader.fail() }
    var decoder = RequestDecoder()
    decoder.feed(Array([[UInt8]](repeating: layoutRequest(body: body), count: pipelined).joined()))
    profile.run {
        guard case .request(let request, _)? = try? decoder.next() else { return 0 }
        return request.body.count
    }
    exit(0)
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
