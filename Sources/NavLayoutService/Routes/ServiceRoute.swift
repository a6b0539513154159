import HTTPServer

/// One route of the service as the contract names it: method, documented pattern and handler.
///
/// The documented pattern may end in a parameter with a fixed suffix, `/v1/layouts/{id}.svg`,
/// which the router's segment patterns cannot express; `RouteTable` registers such routes under
/// the plain parameter and picks the handler by the suffix.
public struct ServiceRoute: Sendable {
    public var method: HTTPMethod
    public var pattern: String
    public var handler: RouteHandler

    public init(_ method: HTTPMethod, _ pattern: String, handler: @escaping RouteHandler) {
        self.method = method
        self.pattern = pattern
        self.handler = handler
    }

    /// The suffix after the last parameter (`.svg`), or nil.
    var parameterSuffix: (routerPattern: String, parameter: String, suffix: String)? {
        guard let slash = pattern.lastIndex(of: "/") else { return nil }
        let last = pattern[pattern.index(after: slash)...]
        guard last.hasPrefix("{"), let close = last.firstIndex(of: "}"), last.index(after: close) < last.endIndex
        else { return nil }
        let name = String(last[last.index(after: last.startIndex)..<close])
        let suffix = String(last[last.index(after: close)...])
        return (String(pattern[...slash]) + "{\(name)}", name, suffix)
    }
}
