import HTTPServer
import JSON
import NavigationLayout

/// The body of an engine route read once with the one JSON parser: media type checked, parsed, and
/// every failure a problem document. Malformed JSON is a 422 with its line and column (api.md:
/// "Malformed JSON ... are 422 problem details instead, with the position").
enum EngineRequestBody {
    static func parse(_ request: Request) throws(HTTPError) -> JSONValue {
        try JSONBody.checkMediaType(of: request)
        guard !request.body.isEmpty else {
            throw HTTPError(.badRequest, detail: "the request needs a JSON object body")
        }
        do throws(JSONParseError) {
            return try JSONParser().parse(request.body)
        } catch {
            throw RequestError.httpError(RequestError(error), detail: "the body is not valid JSON")
        }
    }

    /// A layout body: the parsed document, its bytes as sent, and the profile it names (a name or
    /// version of the wrong type is a 422 at its path). A body that carries the app's Swift
    /// (`delegateSource`) has its delegate read from it, and history keeps it with that delegate; a
    /// source not read before is read on the solver pool, as a large layout is solved there.
    static func layoutBody(_ request: Request, environment: ServiceEnvironment) async throws -> LayoutBody {
        var document = try parse(request)
        var bytes = request.body
        if SwiftImports.hasSource(document) {
            let imports = environment.swiftImports
            let sent = (bytes, document)
            (bytes, document) = try await environment.solving.solve(
                inline: imports.hasImported(document), detail: "the request's Swift delegate cannot be read"
            ) { () throws(RequestError) in try imports.resolveBody(bytes: sent.0, document: sent.1) }
        }
        do throws(RequestError) {
            return try LayoutBody(bytes: bytes, document: document)
        } catch {
            throw RequestError.httpError(error, detail: "the request is not valid")
        }
    }
}

extension RequestError {
    /// A 422 problem document with one `errors` entry per issue; positions go into the message.
    static func httpError(_ error: RequestError, detail: String) -> HTTPError {
        HTTPError(
            .unprocessableContent, detail: detail,
            errors: error.issues.map { issue in
                var position: [String] = []
                if let line = issue.line { position.append("line \(line)") }
                if let column = issue.column { position.append("column \(column)") }
                return ProblemDetails.FieldError(
                    path: issue.path.isEmpty ? "$" : issue.path,
                    message: issue.message + (position.isEmpty ? "" : " (\(position.joined(separator: ", ")))"))
            })
    }
}

extension ServiceEnvironment {
    /// The stored profile `body` names, at its version or the latest; nil when it names none. A
    /// missing profile or version is the repository's 404.
    func profile(for body: LayoutBody, tenantID: String) async throws -> StoredProfile? {
        guard let reference = body.profile else { return nil }
        let stored = try await repositories.profiles.resolve(
            reference.name, version: reference.version, tenantID: tenantID)
        do throws(JSONParseError) {
            let document = try JSONParser().parse(stored.document)
            return StoredProfile(name: reference.name, version: stored.version, document: document)
        } catch {
            // Stored profiles were validated on PUT; one that no longer parses is a server fault.
            throw HTTPError(.internalServerError, detail: "the stored profile '\(reference.name)' does not parse")
        }
    }
}
