import HTTPServer

/// The token of an `Authorization: Bearer <token>` header (RFC 6750), or the 401 that its absence
/// or malformation answers.
enum BearerCredentials {
    /// The challenge every 401 carries, so clients learn which scheme to use.
    static let challenge = "Bearer realm=\"navlayout\""

    static func token(in request: Request) throws(HTTPError) -> String {
        guard let header = request.headers["Authorization"] else {
            throw unauthorized("this route needs Authorization: Bearer <token>", error: nil)
        }
        // RFC 9110 section 5.3: a field that is not a list may appear once. Two credentials leave
        // it open which one a request acts as, so the request is refused rather than read by either.
        var count = 0
        for field in request.headers where field.name.utf8.count == 13 && field.name.lowercased() == "authorization" {
            count += 1
        }
        guard count == 1 else {
            throw HTTPError(.badRequest, detail: "the request carries \(count) Authorization headers; send one")
        }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw unauthorized("the Authorization header must use the Bearer scheme", error: "invalid_request")
        }
        let token = parts[1].trimmingSpacesAndTabs()
        guard !token.isEmpty else {
            throw unauthorized("the bearer token is empty", error: "invalid_request")
        }
        return token
    }

    static func unauthorized(_ detail: String, error: String?) -> HTTPError {
        let challenge = error.map { Self.challenge + ", error=\"\($0)\"" } ?? Self.challenge
        return HTTPError(.unauthorized, detail: detail, headers: ["WWW-Authenticate": challenge])
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs. Runs on every authenticated request, so it
    /// works on UTF-8 bytes rather than on Characters (grapheme breaking costs microseconds here).
    fileprivate func trimmingSpacesAndTabs() -> String {
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        while start < end, isBlank(bytes[start]) { start = bytes.index(after: start) }
        while start < end {
            let last = bytes.index(before: end)
            guard isBlank(bytes[last]) else { break }
            end = last
        }
        // Spaces and tabs are single bytes, so these indices fall on character boundaries.
        return String(self[start..<end])
    }
}
