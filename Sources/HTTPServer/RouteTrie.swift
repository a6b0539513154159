/// Routes as a tree of path segments: literal children by name, parameters with a suffix
/// (`{id}.svg`) by suffix, and at most one plain parameter child. Built once by `RouterBuilder`,
/// then only read.
struct RouteTrie: Sendable {
    struct Node: Sendable {
        var literalChildren: [String: Int] = [:]
        /// Parameters followed by a fixed suffix, longest suffix first: of `{id}.svg` and
        /// `{id}.min.svg` the more specific one is tried first, whatever the order of registration.
        var suffixedChildren: [(suffix: String, name: String, node: Int)] = []
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
                    let child = appendNode()
                    nodes[current].literalChildren[text] = child
                    current = child
                }
            case .parameter(let name, let suffix) where suffix.isEmpty:
                if let existing = nodes[current].parameterChild {
                    guard existing.name == name else {
                        throw .conflictingParameterNames(pattern: pattern.text, existing: existing.name, new: name)
                    }
                    current = existing.node
                } else {
                    let child = appendNode()
                    nodes[current].parameterChild = (name, child)
                    current = child
                }
            case .parameter(let name, let suffix):
                if let existing = nodes[current].suffixedChildren.first(where: { $0.suffix == suffix }) {
                    guard existing.name == name else {
                        throw .conflictingParameterNames(pattern: pattern.text, existing: existing.name, new: name)
                    }
                    current = existing.node
                } else {
                    let child = appendNode()
                    nodes[current].suffixedChildren.append((suffix, name, child))
                    nodes[current].suffixedChildren.sort { $0.suffix.utf8.count > $1.suffix.utf8.count }
                    current = child
                }
            }
        }
        guard nodes[current].handlers[method] == nil else {
            throw .duplicateRoute(method: method.rawValue, pattern: pattern.text)
        }
        nodes[current].handlers[method] = handler
        nodes[current].pattern = pattern.text
    }

    private mutating func appendNode() -> Int {
        nodes.append(Node())
        return nodes.count - 1
    }

    /// Finds the node for a path, the most specific pattern first: a literal segment, then a
    /// parameter with a suffix (longest suffix first), then a plain parameter. When a branch leads
    /// nowhere the next one is tried, so `/a/b/d` still reaches `/a/{x}/d` next to `/a/b/c`.
    ///
    /// Suffixes, like literals, are compared with the segment as sent, before percent-decoding.
    /// A suffixed parameter captures at least one byte: `.svg` alone is not `{id}.svg` with an empty
    /// id, and goes to the plain `{id}` when there is one.
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
        for child in nodes[node].suffixedChildren {
            guard let value = Self.value(of: segment, before: child.suffix) else { continue }
            captured.append((child.name, value))
            if let found = search(node: child.node, segments: rest, captured: &captured) { return found }
            captured.removeLast()
        }
        if let parameter = nodes[node].parameterChild, !segment.isEmpty {
            captured.append((parameter.name, segment))
            if let found = search(node: parameter.node, segments: rest, captured: &captured) { return found }
            captured.removeLast()
        }
        return nil
    }

    /// What precedes `suffix` in `segment`, when the segment ends with it and something precedes it.
    private static func value(of segment: Substring, before suffix: String) -> Substring? {
        let bytes = segment.utf8
        guard bytes.count > suffix.utf8.count else { return nil }
        let end = bytes.index(bytes.endIndex, offsetBy: -suffix.utf8.count)
        guard bytes[end...].elementsEqual(suffix.utf8) else { return nil }
        return segment[..<end]
    }
}
