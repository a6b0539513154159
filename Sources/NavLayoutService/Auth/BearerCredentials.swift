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
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw unauthorized("the Authorization header must use the Bearer scheme", error: "invalid_request")
        }
        let token = parts[1].trimmingCharacters(in: [" ", "\t"])
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
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
