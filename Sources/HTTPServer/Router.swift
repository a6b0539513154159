/// The immutable responder a `RouterBuilder` produces: middleware chain, then route dispatch.
///
/// 404 when no pattern matches the path; 405 with `Allow` when one does but not for this method;
/// 501 for a method token the server does not know. HEAD is answered by the GET route (the server
/// drops the body) and OPTIONS, unless routed, by 204 with `Allow`. `OPTIONS *` asks about the
/// server as a whole (RFC 9110 section 9.3.7): 204 with every method some route answers.
public struct Router: HTTPResponder {
    private let trie: RouteTrie
    private let chain: RouteHandler
    /// The `Allow` value of `OPTIONS *`, made once from every route.
    private let serverAllow: String

    init(trie: RouteTrie, middlewares: [any Middleware]) {
        self.trie = trie
        serverAllow = Router.allowedMethods(trie.nodes).map(\.rawValue).joined(separator: ", ")
        let dispatch: RouteHandler = { [trie, serverAllow] request, context in
            let outcome = context.routeOutcome ?? Router.resolve(request, trie: trie, serverAllow: serverAllow).outcome
            return try await outcome.get()(request, context)
        }
        // Composed once here, so a request walks a fixed chain of closures.
        var next = dispatch
        for middleware in middlewares.reversed() {
            let inner = next
            next = { request, context in
                try await middleware.handle(request, context: context, next: inner)
            }
        }
        chain = next
    }

    /// Routes first, so middleware (the access log, metrics) sees the matched pattern and the
    /// parameters; then runs the middleware chain around the chosen handler or routing error.
    public func respond(to request: Request, context: RequestContext) async -> Response {
        var context = context
        let resolution = Router.resolve(request, trie: trie, serverAllow: serverAllow)
        context.parameters = resolution.parameters
        context.routePattern = resolution.pattern
        context.routeOutcome = resolution.outcome
        do {
            return try await chain(request, context)
        } catch {
            // Without an error middleware (or when one itself fails) the client still gets a
            // well-formed problem, never a dropped connection.
            return ProblemDetailsMiddleware.response(for: error, requestID: context.requestID)
        }
    }

    private struct Resolution {
        var outcome: Result<RouteHandler, HTTPError>
        var parameters = RouteParameters()
        var pattern: String?
    }

    private static func resolve(_ request: Request, trie: RouteTrie, serverAllow: String) -> Resolution {
        guard HTTPMethod.known.contains(request.method) else {
            return Resolution(
                outcome: .failure(HTTPError(.notImplemented, detail: "method \(request.method) is not implemented")))
        }
        if request.target == "*" {
            // Only OPTIONS reaches here with the asterisk form (the parser refuses it otherwise).
            return Resolution(
                outcome: .success({ _, _ in Response(status: .noContent, headers: ["Allow": serverAllow]) }),
                pattern: "*")
        }
        switch trie.match(path: request.path) {
        case .notFound:
            return Resolution(outcome: .failure(HTTPError(.notFound, detail: "no route for \(request.path)")))
        case .badParameter(let name):
            return Resolution(
                outcome: .failure(HTTPError(.badRequest, detail: "path parameter \(name) has invalid percent-encoding"))
            )
        case .found(let node, let parameters):
            var resolution = Resolution(
                outcome: .failure(HTTPError(.notFound)), parameters: parameters, pattern: node.pattern)
            if let handler = node.handlers[request.method] {
                resolution.outcome = .success(handler)
            } else if request.method == .head, let handler = node.handlers[.get] {
                resolution.outcome = .success(handler)
            } else {
                let allow = allowedMethods([node]).map(\.rawValue).joined(separator: ", ")
                if request.method == .options {
                    resolution.outcome = .success({ _, _ in Response(status: .noContent, headers: ["Allow": allow]) })
                } else {
                    resolution.outcome = .failure(
                        HTTPError(
                            .methodNotAllowed,
                            detail: "\(request.method) is not allowed on \(node.pattern ?? "this path"); use \(allow)",
                            headers: ["Allow": allow]))
                }
            }
            return resolution
        }
    }

    /// The methods the given routes answer, sorted so the header is the same on every run.
    private static func allowedMethods(_ nodes: [RouteTrie.Node]) -> [HTTPMethod] {
        var methods = Set(nodes.flatMap(\.handlers.keys))
        if methods.contains(.get) { methods.insert(.head) }
        methods.insert(.options)
        return methods.sorted()
    }
}
