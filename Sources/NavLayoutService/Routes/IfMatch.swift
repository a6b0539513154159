import HTTPServer

/// An `If-Match` header (RFC 9110 §13.1.1): `*`, or a list of entity tags. Weak tags never match,
/// because If-Match uses the strong comparison.
enum IfMatch: Equatable {
    case any
    case tags([String])

    /// nil when the header is absent.
    init?(_ request: Request) throws(HTTPError) {
        guard let header = request.headers["If-Match"] else { return nil }
        let trimmed = header.trimmingSpaces
        if trimmed == "*" {
            self = .any
            return
        }
        var tags: [String] = []
        for piece in trimmed.split(separator: ",") {
            let tag = String(piece).trimmingSpaces
            if tag.hasPrefix("W/") {
                tags.append("")  // a weak tag takes part in the list but never matches
                continue
            }
            guard tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") else {
                throw HTTPError(
                    .badRequest, detail: "If-Match must be * or a list of quoted entity tags, such as \"v1-abc\"")
            }
            tags.append(String(tag.dropFirst().dropLast()))
        }
        guard !tags.isEmpty else {
            throw HTTPError(.badRequest, detail: "If-Match names no entity tag")
        }
        self = .tags(tags)
    }

    /// The one tag to hand to the repository's compare-and-write, given the current tag (nil when
    /// the object has no current version). The repository checks again inside its transaction, so
    /// a concurrent write between the two still fails with 412.
    func expectedTag(current: String?) -> String {
        switch self {
        case .any:
            return current ?? "*"
        case .tags(let tags):
            if let current, tags.contains(current) { return current }
            return tags.first(where: { !$0.isEmpty }) ?? "W/"
        }
    }
}

extension String {
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
