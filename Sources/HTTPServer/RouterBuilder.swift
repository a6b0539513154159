/// Collects routes and middleware at start-up; `build()` checks them and produces the immutable
/// `Router`. Not Sendable on purpose: it is filled in by one piece of set-up code, then dropped.
public final class RouterBuilder {
    private var trie = RouteTrie()
    private var middlewares: [any Middleware] = []
    private var definitionErrors: [RouteDefinitionError] = []

    public init() {}

    /// Adds a middleware around every request; the first one added is the outermost.
    @discardableResult
    public func add(middleware: some Middleware) -> Self {
        middlewares.append(middleware)
        return self
    }

    /// Adds a route. A pattern's segments are text (`layouts`), a parameter (`{id}`) or a parameter
    /// followed by fixed text (`{id}.svg`); where several match a path, text wins over a parameter
    /// with a suffix, and that over a plain parameter. Mistakes in the pattern are reported by
    /// `build()`, so a route table reads as a plain list of calls.
    @discardableResult
    public func on(_ method: HTTPMethod, _ pattern: String, use handler: @escaping RouteHandler) -> Self {
        do throws(RouteDefinitionError) {
            try trie.insert(RoutePattern(pattern), method: method, handler: handler)
        } catch {
            definitionErrors.append(error)
        }
        return self
    }

    @discardableResult
    public func get(_ pattern: String, use handler: @escaping RouteHandler) -> Self { on(.get, pattern, use: handler) }
    @discardableResult
    public func post(_ pattern: String, use handler: @escaping RouteHandler) -> Self {
        on(.post, pattern, use: handler)
    }
    @discardableResult
    public func put(_ pattern: String, use handler: @escaping RouteHandler) -> Self { on(.put, pattern, use: handler) }
    @discardableResult
    public func patch(_ pattern: String, use handler: @escaping RouteHandler) -> Self {
        on(.patch, pattern, use: handler)
    }
    @discardableResult
    public func delete(_ pattern: String, use handler: @escaping RouteHandler) -> Self {
        on(.delete, pattern, use: handler)
    }

    /// The finished router, or the first mistake in the route table.
    public func build() throws(RouteDefinitionError) -> Router {
        if let first = definitionErrors.first { throw first }
        return Router(trie: trie, middlewares: middlewares)
    }
}
