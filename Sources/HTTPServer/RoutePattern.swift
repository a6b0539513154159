/// A parsed path pattern such as `/v1/profiles/{name}/versions/{n}` or `/v1/layouts/{id}.svg`.
///
/// A segment is a literal, a parameter (`{id}`), or a parameter followed by a fixed suffix
/// (`{id}.svg`), which captures what comes before the suffix.
struct RoutePattern: Sendable, Equatable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        /// A parameter; `suffix` is the text that must follow it in the segment, empty for a
        /// parameter that takes the whole segment.
        case parameter(String, suffix: String)
    }

    let text: String
    let segments: [Segment]

    init(_ text: String) throws(RouteDefinitionError) {
        guard text.hasPrefix("/") else { throw .patternNotAbsolute(text) }
        self.text = text
        var segments: [Segment] = []
        var seenNames: [String] = []
        for piece in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard piece.first == "{", let close = piece.firstIndex(of: "}") else {
                guard !piece.contains("{"), !piece.contains("}") else {
                    throw .invalidSegment(pattern: text, segment: String(piece))
                }
                segments.append(.literal(String(piece)))
                continue
            }
            let name = String(piece[piece.index(after: piece.startIndex)..<close])
            let suffix = String(piece[piece.index(after: close)...])
            guard !suffix.contains("{"), !suffix.contains("}") else {
                throw .invalidSegment(pattern: text, segment: String(piece))
            }
            guard !name.isEmpty, name.utf8.allSatisfy(ByteClass.isToken) else {
                throw .invalidParameterName(pattern: text, name: name)
            }
            guard !seenNames.contains(name) else { throw .duplicateParameterName(pattern: text, name: name) }
            seenNames.append(name)
            segments.append(.parameter(name, suffix: suffix))
        }
        self.segments = segments
    }
}

/// A mistake in the route table, found when the router is built (at start-up, never per request).
public enum RouteDefinitionError: Error, Equatable, CustomStringConvertible {
    case patternNotAbsolute(String)
    case invalidParameterName(pattern: String, name: String)
    case duplicateParameterName(pattern: String, name: String)
    /// A segment with braces that is neither `{name}` nor `{name}suffix`, such as `b{x}` or `{x}{y}`.
    case invalidSegment(pattern: String, segment: String)
    case duplicateRoute(method: String, pattern: String)
    /// Two patterns put differently named parameters at the same place (`/a/{id}` and `/a/{name}/b`,
    /// or `/a/{id}.svg` and `/a/{name}.svg/b`).
    case conflictingParameterNames(pattern: String, existing: String, new: String)

    public var description: String {
        switch self {
        case .patternNotAbsolute(let pattern): "route pattern \(pattern) does not start with /"
        case .invalidParameterName(let pattern, let name): "route pattern \(pattern): invalid parameter name '\(name)'"
        case .duplicateParameterName(let pattern, let name): "route pattern \(pattern): parameter \(name) appears twice"
        case .invalidSegment(let pattern, let segment):
            "route pattern \(pattern): segment '\(segment)' is neither text, {name} nor {name}suffix"
        case .duplicateRoute(let method, let pattern): "route \(method) \(pattern) is defined twice"
        case .conflictingParameterNames(let pattern, let existing, let new):
            "route pattern \(pattern): parameter {\(new)} sits where another route has {\(existing)}"
        }
    }
}
