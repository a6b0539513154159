import DedicatedExecutor
import HTTPServer
import Testing

/// The router called in process, the way service tests will call the application without sockets.
@Suite("Router in process")
struct RouterTests {
    private func respond(_ router: Router, _ method: HTTPMethod, _ target: String, body: String = "") async -> Response
    {
        await router.respond(
            to: Request(method: method, target: target, body: Array(body.utf8)), context: RequestContext())
    }

    private func text(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test("captures and percent-decodes path parameters")
    func parameters() async throws {
        let router = try TestRoutes.makeRouter()
        let response = await respond(router, .get, "/v1/profiles/acme%20driver/versions/3")
        #expect(response.status == .ok)
        #expect(text(response) == "acme driver#3")
    }

    @Test("answers 400 when a typed parameter does not convert")
    func badParameter() async throws {
        let response = await respond(try TestRoutes.makeRouter(), .get, "/v1/profiles/acme/versions/three")
        #expect(response.status == .badRequest)
        #expect(text(response).contains("path parameter n"))
    }

    @Test("prefers a literal segment and falls back to a parameter")
    func literalOverParameter() async throws {
        let builder = RouterBuilder()
        builder.get("/a/b/c") { _, _ in .text("literal") }
        builder.get("/a/{x}/d") { _, context in .text("param \(context.parameters["x"] ?? "")") }
        let router = try builder.build()
        #expect(text(await respond(router, .get, "/a/b/c")) == "literal")
        #expect(text(await respond(router, .get, "/a/b/d")) == "param b")
    }

    /// `GET /v1/layouts/{id}.svg` and `GET /v1/layouts/{id}`, registered in either order; each
    /// answers its pattern and the captured id.
    private func layoutRouter(suffixedFirst: Bool) throws -> Router {
        let builder = RouterBuilder()
        let plain: RouteHandler = { _, context in
            .text("\(context.routePattern ?? "") \(context.parameters["id"] ?? "")")
        }
        if !suffixedFirst { builder.get("/v1/layouts/{id}", use: plain) }
        builder.get("/v1/layouts/{id}.svg", use: plain)
        if suffixedFirst { builder.get("/v1/layouts/{id}", use: plain) }
        return try builder.build()
    }

    @Test("a parameter with a suffix captures what precedes the suffix", arguments: [true, false])
    func suffixMatch(suffixedFirst: Bool) async throws {
        let router = try layoutRouter(suffixedFirst: suffixedFirst)
        #expect(text(await respond(router, .get, "/v1/layouts/abc.svg")) == "/v1/layouts/{id}.svg abc")
        #expect(text(await respond(router, .get, "/v1/layouts/a%20b.svg")) == "/v1/layouts/{id}.svg a b")
        #expect(text(await respond(router, .get, "/v1/layouts/a.b.svg")) == "/v1/layouts/{id}.svg a.b")
    }

    @Test("a segment without the suffix goes to the plain parameter next to it", arguments: [true, false])
    func suffixFallback(suffixedFirst: Bool) async throws {
        let router = try layoutRouter(suffixedFirst: suffixedFirst)
        #expect(text(await respond(router, .get, "/v1/layouts/abc")) == "/v1/layouts/{id} abc")
        #expect(text(await respond(router, .get, "/v1/layouts/abc.png")) == "/v1/layouts/{id} abc.png")
        #expect(text(await respond(router, .get, "/v1/layouts/abc.svg.txt")) == "/v1/layouts/{id} abc.svg.txt")
        // The suffix is compared with the segment as sent, like a literal segment.
        #expect(text(await respond(router, .get, "/v1/layouts/abc%2Esvg")) == "/v1/layouts/{id} abc.svg")
    }

    @Test("a segment that is only the suffix goes to the plain parameter, or is not found without one")
    func onlyTheSuffix() async throws {
        let router = try layoutRouter(suffixedFirst: true)
        #expect(text(await respond(router, .get, "/v1/layouts/.svg")) == "/v1/layouts/{id} .svg")
        let builder = RouterBuilder()
        builder.get("/sheets/{id}.svg") { _, _ in .text("sheet") }
        #expect(await respond(try builder.build(), .get, "/sheets/.svg").status == .notFound)
    }

    @Test("a suffixed parameter without a plain sibling answers only segments with its suffix")
    func suffixWithoutPlainSibling() async throws {
        let builder = RouterBuilder()
        builder.get("/sheets/{id}.svg") { _, context in .text("sheet \(context.parameters["id"] ?? "")") }
        let router = try builder.build()
        #expect(text(await respond(router, .get, "/sheets/m1.svg")) == "sheet m1")
        #expect(await respond(router, .get, "/sheets/m1").status == .notFound)
        #expect(await respond(router, .get, "/sheets/m1.png").status == .notFound)
        let post = await respond(router, .post, "/sheets/m1.svg")
        #expect(post.status == .methodNotAllowed)
        #expect(post.headers["Allow"] == "GET, HEAD, OPTIONS")
    }

    @Test("the longest matching suffix wins, whatever the order of registration", arguments: [true, false])
    func longestSuffix(longestFirst: Bool) async throws {
        let builder = RouterBuilder()
        let patterns = longestFirst ? ["/f/{name}.min.svg", "/f/{name}.svg"] : ["/f/{name}.svg", "/f/{name}.min.svg"]
        for pattern in patterns {
            builder.get(pattern) { _, context in
                .text("\(context.routePattern ?? "") \(context.parameters["name"] ?? "")")
            }
        }
        let router = try builder.build()
        #expect(text(await respond(router, .get, "/f/a.min.svg")) == "/f/{name}.min.svg a")
        #expect(text(await respond(router, .get, "/f/a.svg")) == "/f/{name}.svg a")
    }

    @Test("a literal segment wins over a suffixed parameter; a suffixed branch that leads nowhere falls back")
    func suffixPrecedence() async throws {
        let builder = RouterBuilder()
        builder.get("/a/latest.svg") { _, _ in .text("literal") }
        builder.get("/a/{id}.svg") { _, context in .text("svg \(context.parameters["id"] ?? "")") }
        builder.get("/a/{id}.svg/meta") { _, context in .text("meta \(context.parameters["id"] ?? "")") }
        builder.get("/a/{key}/raw") { _, context in .text("raw \(context.parameters["key"] ?? "")") }
        let router = try builder.build()
        #expect(text(await respond(router, .get, "/a/latest.svg")) == "literal")
        #expect(text(await respond(router, .get, "/a/x.svg")) == "svg x")
        #expect(text(await respond(router, .get, "/a/x.svg/meta")) == "meta x")
        #expect(text(await respond(router, .get, "/a/x.svg/raw")) == "raw x.svg")
    }

    @Test("answers 404 problem details for an unknown path")
    func notFound() async throws {
        let response = await respond(try TestRoutes.makeRouter(), .get, "/v2/nothing")
        #expect(response.status == .notFound)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(text(response).hasPrefix(#"{"type":"about:blank","title":"Not Found","status":404"#))
    }

    @Test("answers 405 with a sorted Allow header for a known path and another method")
    func methodNotAllowed() async throws {
        let response = await respond(try TestRoutes.makeRouter(), .delete, "/echo")
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "OPTIONS, POST, PUT")
    }

    @Test("answers OPTIONS with 204 and Allow, HEAD with the GET route")
    func optionsAndHead() async throws {
        let router = try TestRoutes.makeRouter()
        let options = await respond(router, .options, "/hello")
        #expect(options.status == .noContent)
        #expect(options.headers["Allow"] == "GET, HEAD, OPTIONS")
        #expect(text(await respond(router, .head, "/hello")) == "hello")
    }

    @Test("answers OPTIONS * with 204 and every method some route answers")
    func optionsAsterisk() async throws {
        let router = try TestRoutes.makeRouter()
        let response = await respond(router, .options, "*")
        #expect(response.status == .noContent)
        #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS, POST, PUT")
        // A router with DELETE and PATCH routes lists them too.
        let builder = RouterBuilder()
        builder.delete("/a") { _, _ in Response(status: .noContent) }
        builder.patch("/b") { _, _ in Response(status: .noContent) }
        let other = await respond(try builder.build(), .options, "*")
        #expect(other.headers["Allow"] == "DELETE, OPTIONS, PATCH")
    }

    @Test("answers 501 to a method the server does not know")
    func unknownMethod() async throws {
        let response = await respond(try TestRoutes.makeRouter(), HTTPMethod("BREW"), "/hello")
        #expect(response.status == .notImplemented)
    }

    @Test("treats a trailing slash as a different path")
    func trailingSlash() async throws {
        #expect(await respond(try TestRoutes.makeRouter(), .get, "/hello/").status == .notFound)
    }

    @Test(
        "refuses a broken route table at build time",
        arguments: [
            (
                ["/a/{x}", "/a/{y}/b"],
                RouteDefinitionError.conflictingParameterNames(pattern: "/a/{y}/b", existing: "x", new: "y")
            ),
            (["/a", "/a"], RouteDefinitionError.duplicateRoute(method: "GET", pattern: "/a")),
            (["a/b"], RouteDefinitionError.patternNotAbsolute("a/b")),
            (["/a/{}"], RouteDefinitionError.invalidParameterName(pattern: "/a/{}", name: "")),
            (["/a/{x}/{x}"], RouteDefinitionError.duplicateParameterName(pattern: "/a/{x}/{x}", name: "x")),
            (["/a/b{x}"], RouteDefinitionError.invalidSegment(pattern: "/a/b{x}", segment: "b{x}")),
            (
                ["/a/{id}.svg", "/a/{name}.svg/b"],
                RouteDefinitionError.conflictingParameterNames(pattern: "/a/{name}.svg/b", existing: "id", new: "name")
            ),
            (
                ["/a/{id}.svg", "/a/{id}.svg"],
                RouteDefinitionError.duplicateRoute(method: "GET", pattern: "/a/{id}.svg")
            ),
            (["/a/{x}{y}"], RouteDefinitionError.invalidSegment(pattern: "/a/{x}{y}", segment: "{x}{y}")),
            (["/a/{x}.s}g"], RouteDefinitionError.invalidSegment(pattern: "/a/{x}.s}g", segment: "{x}.s}g")),
            (["/a/{}.svg"], RouteDefinitionError.invalidParameterName(pattern: "/a/{}.svg", name: "")),
            (["/a/{x}/{x}.svg"], RouteDefinitionError.duplicateParameterName(pattern: "/a/{x}/{x}.svg", name: "x")),
        ])
    func brokenTable(patterns: [String], expected: RouteDefinitionError) {
        let builder = RouterBuilder()
        for pattern in patterns { builder.get(pattern) { _, _ in Response() } }
        #expect(throws: expected) { try builder.build() }
    }
}

@Suite("Middleware")
struct MiddlewareTests {
    private struct Tenant: RequestContextKey { typealias Value = String }

    private struct TenantMiddleware: Middleware {
        func handle(
            _ request: Request, context: RequestContext, next: (Request, RequestContext) async throws -> Response
        ) async throws -> Response {
            var context = context
            context[Tenant.self] = request.headers["X-Tenant"]
            return try await next(request, context)
        }
    }

    private struct Failure: Error {}

    private func makeRouter(log: InMemoryLogSink, reported: InMemoryLogSink) throws -> Router {
        let builder = RouterBuilder()
        builder.add(middleware: RequestIDMiddleware())
        builder.add(middleware: AccessLogMiddleware(sink: log))
        builder.add(
            middleware: ProblemDetailsMiddleware { error, context in reported.write(line: "\(context.requestID)") })
        builder.add(middleware: TenantMiddleware())
        builder.get("/tenant") { _, context in .text(context[Tenant.self] ?? "none") }
        builder.post("/validate") { _, _ in
            throw HTTPError(
                .unprocessableContent, detail: "2 problems", type: "https://navlayout.invalid/problems/validation",
                errors: [
                    .init(path: "delegate.guidance.constraints[3]", message: "unknown item \"turnCrd\" at column 1"),
                    .init(path: "screen.width", message: "must be positive"),
                ])
        }
        builder.get("/crash") { _, _ in throw Failure() }
        return try builder.build()
    }

    @Test("echoes an acceptable X-Request-Id and uses it in the log")
    func echoesRequestID() async throws {
        let log = InMemoryLogSink()
        let router = try makeRouter(log: log, reported: InMemoryLogSink())
        let request = Request(method: .get, target: "/tenant", headers: ["X-Request-Id": "client-42"])
        let response = await router.respond(to: request, context: RequestContext())
        #expect(response.headers["X-Request-Id"] == "client-42")
        #expect(log.lines.first?.contains(#""requestId":"client-42""#) == true)
    }

    @Test(
        "replaces an unsafe X-Request-Id with a generated one",
        arguments: ["", "has space", String(repeating: "a", count: 129), "quote\"d"])
    func replacesUnsafeRequestID(_ supplied: String) async throws {
        let router = try makeRouter(log: InMemoryLogSink(), reported: InMemoryLogSink())
        let context = RequestContext()
        let request = Request(method: .get, target: "/tenant", headers: ["X-Request-Id": supplied])
        let response = await router.respond(to: request, context: context)
        #expect(response.headers["X-Request-Id"] == context.requestID)
    }

    @Test("writes one JSON access log line per request with route, status and peer")
    func accessLog() async throws {
        let log = InMemoryLogSink()
        let router = try makeRouter(log: log, reported: InMemoryLogSink())
        _ = await router.respond(
            to: Request(method: .get, target: "/tenant?x=1"), context: RequestContext(requestID: "r1"))
        _ = await router.respond(
            to: Request(method: .get, target: "/missing"), context: RequestContext(requestID: "r2"))
        let lines = log.lines
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"{"time":""#))
        #expect(lines[0].contains(#""requestId":"r1","method":"GET","path":"/tenant","route":"/tenant","status":200"#))
        #expect(lines[0].hasSuffix(#","remote":"in-process"}"#))
        #expect(lines[1].contains(#""path":"/missing","status":404"#))
    }

    @Test("maps an HTTPError to problem details with its errors array")
    func problemDetails() async throws {
        let router = try makeRouter(log: InMemoryLogSink(), reported: InMemoryLogSink())
        let response = await router.respond(to: Request(method: .post, target: "/validate"), context: RequestContext())
        #expect(response.status.code == 422)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        let expected =
            #"{"type":"https://navlayout.invalid/problems/validation","title":"Unprocessable Content","status":422,"#
            + #""detail":"2 problems","errors":[{"path":"delegate.guidance.constraints[3]","message":"unknown item \"turnCrd\" at column 1"},"#
            + #"{"path":"screen.width","message":"must be positive"}]}"#
        #expect(String(decoding: response.body, as: UTF8.self) == expected)
    }

    @Test("maps any other error to a 500 that names the request, and reports it")
    func internalError() async throws {
        let reported = InMemoryLogSink()
        let router = try makeRouter(log: InMemoryLogSink(), reported: reported)
        let response = await router.respond(
            to: Request(method: .get, target: "/crash"), context: RequestContext(requestID: "r9"))
        #expect(response.status == .internalServerError)
        #expect(String(decoding: response.body, as: UTF8.self).contains("request r9"))
        #expect(reported.lines == ["r9"])
    }

    @Test("passes values through the context to handlers")
    func contextValues() async throws {
        let router = try makeRouter(log: InMemoryLogSink(), reported: InMemoryLogSink())
        let response = await router.respond(
            to: Request(method: .get, target: "/tenant", headers: ["X-Tenant": "acme"]), context: RequestContext())
        #expect(String(decoding: response.body, as: UTF8.self) == "acme")
    }

    @Test("serves the same application live with X-Request-Id and a log line per request")
    func live() async throws {
        let log = InMemoryLogSink()
        let router = try makeRouter(log: log, reported: InMemoryLogSink())
        try await withServer(responder: router) { _, port in
            let client = try RawClient(port: port)
            client.send("GET /tenant HTTP/1.1\r\nHost: a\r\nX-Tenant: t1\r\nX-Request-Id: abc.1\r\n\r\n")
            let response = try await client.readResponse()
            #expect(response.bodyText == "t1")
            #expect(response.header("X-Request-Id") == "abc.1")
            #expect(log.lines.count == 1)
            #expect(log.lines.first?.contains(#""remote":"127.0.0.1:"#) == true)
        }
    }
}

@Suite("Response encoding")
struct ResponseEncodingTests {
    private func wire(_ handler: @escaping RouteHandler, request: String = "GET /r HTTP/1.1\r\nHost: a\r\n\r\n")
        async throws -> WireResponse
    {
        let builder = RouterBuilder()
        builder.get("/r", use: handler)
        var result: WireResponse?
        try await withServer(responder: try builder.build()) { _, port in
            let client = try RawClient(port: port)
            client.send(request)
            result = try await client.readResponse()
        }
        return try #require(result)
    }

    @Test("replaces handler framing headers with the server's own")
    func framingHeadersDropped() async throws {
        let response = try await wire { _, _ in
            Response(
                headers: ["Content-Length": "999", "Transfer-Encoding": "chunked", "Connection": "upgrade"],
                body: Array("ok".utf8))
        }
        #expect(response.header("Content-Length") == "2")
        #expect(response.header("Transfer-Encoding") == nil)
        #expect(response.header("Connection") == nil)
        #expect(response.bodyText == "ok")
    }

    @Test("keeps CR and LF in a handler's header value from splitting the response")
    func headerInjection() async throws {
        let response = try await wire { _, _ in Response(headers: ["X-Note": "a\r\nSet-Cookie: evil=1"]) }
        #expect(response.header("Set-Cookie") == nil)
        #expect(response.header("X-Note") == "a  Set-Cookie: evil=1")
    }

    @Test("sends no Content-Length and no body with 204")
    func noContent() async throws {
        let response = try await wire { _, _ in Response(status: .noContent, body: Array("ignored".utf8)) }
        #expect(response.status == 204)
        #expect(response.header("Content-Length") == nil)
        #expect(response.header("Date") != nil)
    }
}

@Suite("Application", .onDedicatedThreads)
struct ApplicationTests {
    private func buildApplication() throws -> HTTPApplication<Router> {
        HTTPApplication(configuration: liveTestConfiguration(eventLoops: 1), responder: try TestRoutes.makeRouter())
    }

    @Test("answers the same in process and live")
    func sameInProcessAndLive() async throws {
        let application = try buildApplication()
        let inProcess = await application.respond(to: Request(method: .get, target: "/v1/profiles/a%2Fb/versions/7"))
        #expect(inProcess.status == .ok)

        let server = application.makeServer()
        try server.start()
        let client = try RawClient(port: try #require(server.localPort))
        client.send("GET /v1/profiles/a%2Fb/versions/7 HTTP/1.1\r\nHost: a\r\n\r\n")
        let live = try await client.readResponse()
        await server.shutdown()
        #expect(live.status == inProcess.status.code)
        #expect(live.body == inProcess.body)
        #expect(live.bodyText == "a/b#7")
    }
}
