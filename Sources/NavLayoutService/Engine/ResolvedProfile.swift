import HTTPServer
import JSON
import NavigationLayout

/// A request body laid over the stored profile it names: the document to decode, and the profile
/// name and version that went into it (recorded in history with the layout).
struct ResolvedProfile: Sendable {
    /// The merged document; `profileVersion` is set to the version used, so the stored request
    /// says exactly what was solved.
    var document: JSONValue
    var profileName: String?
    var profileVersion: Int?

    /// Merges the profile named by `body` (latest version, or `profileVersion`); unchanged when it
    /// names none. A missing profile or version is the repository's 404; a `profile` or
    /// `profileVersion` of the wrong type is a 422 at its path.
    static func resolve(
        _ body: JSONValue, tenantID: String, environment: ServiceEnvironment
    ) async throws -> ResolvedProfile {
        // null stands for absent, as everywhere in a request.
        guard case .object(var object) = body, let profile = object["profile"], profile != .null else {
            return ResolvedProfile(document: body, profileName: nil, profileVersion: nil)
        }
        guard case .string(let name) = profile, !name.isEmpty else {
            throw RequestError.httpError(
                RequestError(path: "profile", message: "expected a profile name, found \(profile.typeDescription)"),
                detail: "the request is not valid")
        }
        let stored: ProfileVersion
        switch object["profileVersion"] {
        case nil, .null?:
            stored = try await environment.database("profile") {
                try await environment.repositories.profiles.current(tenantID: tenantID, name: name)
            }
        case .number(let number)?:
            guard number >= 1, number <= 9_007_199_254_740_992, number.rounded() == number else {
                throw RequestError.httpError(
                    RequestError(path: "profileVersion", message: "expected a version number (1 or more)"),
                    detail: "the request is not valid")
            }
            stored = try await environment.database("profile") {
                try await environment.repositories.profiles.version(Int(number), tenantID: tenantID, name: name)
            }
        case let other?:
            throw RequestError.httpError(
                RequestError(path: "profileVersion", message: "expected a number, found \(other.typeDescription)"),
                detail: "the request is not valid")
        }
        let document: JSONValue
        do throws(JSONParseError) {
            document = try JSONParser().parse(stored.document)
        } catch {
            // Stored profiles were validated on PUT; one that no longer parses is a server fault.
            throw HTTPError(.internalServerError, detail: "the stored profile '\(name)' does not parse")
        }
        object["profileVersion"] = .number(Double(stored.version))
        return ResolvedProfile(
            document: ProfileMerge.merge(profile: document, request: .object(object)), profileName: name,
            profileVersion: stored.version)
    }
}
