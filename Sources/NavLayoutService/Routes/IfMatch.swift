import HTTPServer

/// An `If-Match` header (RFC 9110 §13.1.1): `*`, or a list of entity tags. Weak tags never match,
/// because If-Match uses the strong comparison; neither does a value that is not a list of entity
/// tags: a precondition that cannot be read cannot hold, so the write is refused with 412. An empty
/// field names nothing at all and is a 400.
enum IfMatch: Equatable {
    case any
    case tags([String])

    /// nil when the header is absent.
    init?(_ request: Request) throws(HTTPError) {
        guard let header = request.headers["If-Match"] else { return nil }
        let trimmed = header.trimmingSpaces
        guard !trimmed.isEmpty else {
            throw HTTPError(.badRequest, detail: "If-Match is empty; send * or a quoted entity tag such as \"v1-abc\"")
        }
        if trimmed == "*" {
            self = .any
            return
        }
        self = .tags(Self.entityTags(trimmed) ?? [""])
    }

    /// The opaque values of `#entity-tag` (RFC 9110 §8.8.3), weak tags as "" (they never match);
    /// nil when the list is malformed or empty. Tags may hold commas, so the list is scanned, not split.
    static func entityTags(_ text: String) -> [String]? {
        let bytes = Array(text.utf8)
        var index = 0
        var tags: [String] = []
        func skipSpaces() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            }
        }
        while true {
            skipSpaces()
            var weak = false
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "W"), bytes[index + 1] == UInt8(ascii: "/") {
                weak = true
                index += 2
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                let byte = bytes[index]
                // etagc = %x21 / %x23-7E / obs-text
                guard byte == 0x21 || (0x23...0x7E).contains(byte) || byte >= 0x80 else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            let tag = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            tags.append(weak ? "" : tag)
            skipSpaces()
            if index == bytes.count { return tags }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
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
            // No listed tag is current (or all are weak): a tag that cannot match makes it a 412.
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
