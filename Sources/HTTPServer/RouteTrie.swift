/// Routes as a tree of path segments: literal children by name, at most one parameter child.
/// Built once by `RouterBuilder`, then only read.
struct RouteTrie: Sendable {
    struct Node: Sendable {
        var literalChildren: [String: Int] = [:]
        var parameterChild: (name: String, node: Int)?
        var handlers: [HTTPMethod: RouteHandler] = [:]
        var pattern: String?
    }

    /// The outcome of looking a path up.
    enum Match {
        case found(node: Node, parameters: RouteParameters)
        case notFound
        /// A parameter value whose percent-encoding is broken.
        case badParameter(String)
    }

    private(set) var nodes: [Node] = [Node()]

    mutating func insert(_ pattern: RoutePattern, method: HTTPMethod, handler: @escaping RouteHandler)
        throws(RouteDefinitionError)
    {
        var current = 0
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                if let next = nodes[current].literalChildren[text] {
                    current = next
                } else {
                    nodes.append(Node())
                    nodes[current].literalChildren[text] = nodes.count - 1
                    current = nodes.count - 1
                }
            case .parameter(let name):
                if let existing = nodes[current].parameterChild {
                    guard existing.name == name else {
                        throw .conflictingParameterNames(pattern: pattern.text, existing: existing.name, new: name)
                    }
                    current = existing.node
                } else {
                    nodes.append(Node())
                    nodes[current].parameterChild = (name, nodes.count - 1)
                    current = nodes.count - 1
                }
            }
        }
        guard nodes[current].handlers[method] == nil else {
            throw .duplicateRoute(method: method.rawValue, pattern: pattern.text)
        }
        nodes[current].handlers[method] = handler
        nodes[current].pattern = pattern.text
    }

    /// Finds the node for a path. Literal segments win over parameters; when a literal branch leads
    /// nowhere the parameter branch is tried, so `/a/b/d` still reaches `/a/{x}/d` next to `/a/b/c`.
    func match(path: Substring) -> Match {
        guard path.first == "/" else { return .notFound }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var captured: [(String, Substring)] = []
        guard let node = search(node: 0, segments: segments[...], captured: &captured) else { return .notFound }
        var parameters = RouteParameters()
        for (name, raw) in captured {
            guard let value = PercentDecoding.decode(raw) else { return .badParameter(name) }
            parameters.append(name: name, value: value)
        }
        return .found(node: nodes[node], parameters: parameters)
    }

    private func search(node: Int, segments: ArraySlice<Substring>, captured: inout [(String, Substring)]) -> Int? {
        guard let segment = segments.first else {
            return nodes[node].pattern == nil ? nil : node
        }
        let rest = segments.dropFirst()
        if let literal = nodes[node].literalChildren[String(segment)],
            let found = search(node: literal, segments: rest, captured: &captured)
        {
            return found
        }
        if let parameter = nodes[node].parameterChild, !segment.isEmpty {
            captured.append((parameter.name, segment))
            if let found = search(node: parameter.node, segments: rest, captured: &captured) { return found }
            captured.removeLast()
        }
        return nil
    }
}
