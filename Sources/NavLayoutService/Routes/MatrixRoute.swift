import HTTPServer
import NavigationLayout

/// POST /v1/layouts/matrix, complete but for solving: the layout engine supplies one closure and
/// gets the whole route (credentials, body, profile merge, selection, expansion, table).
///
///     LayoutRoutes(matrix: MatrixRoute.handler { group in
///         let prepared = engine.prepare(group.request)      // rules parsed once per group
///         return { cell in prepared.solve(screen: cell.request.screen) }   // screen as edit variables
///     })
///
/// Cells are solved on the worker that read the request, one group after another: a thread hop
/// costs more than solving a small layout. Recording a matrix in history is not part of this
/// handler yet (the table carries no ids).
public enum MatrixRoute {
    /// Makes the matrix solver for one group of cells (`MatrixCellGroup`: same request but for the
    /// screen geometry); the solver it returns answers each cell of that group.
    public typealias SolverFactory = @Sendable (MatrixCellGroup) -> (MatrixCell) -> MatrixCellOutcome

    public static func handler(solverForGroup: @escaping SolverFactory) -> ServiceHandler {
        { request, _, environment in
            let key = try await environment.authenticator.tenant(of: request)
            // Media type, emptiness and object shape, with the service's usual 415, 400 and 422.
            _ = try JSONBody.object(of: request)
            let body: NavigationLayout.JSONValue
            do throws(JSONParseError) {
                body = try JSONParser().parse(request.body)
            } catch {
                throw HTTPError(.badRequest, detail: "the body is not valid JSON: \(error.message)")
            }
            let plan: MatrixPlan
            do {
                var (base, selection) = try MatrixPlan.split(body: body)
                base = try await mergingProfile(into: base, tenantID: key.tenantID, environment: environment)
                plan = try MatrixPlan(base: base, selection: selection)
            } catch let error as RequestError {
                throw HTTPError(
                    .unprocessableContent, detail: "the matrix request is not valid",
                    errors: error.issues.map { issue in
                        ProblemDetails.FieldError(
                            path: issue.path,
                            message: issue.message + (issue.column.map { " (column \($0))" } ?? ""))
                    })
            }
            let report = MatrixRunner.run(plan, solverForGroup: solverForGroup)
            return Response.json(JSONWriter().bytes(for: report.jsonValue))
        }
    }

    /// The request laid over the profile it names (latest version, or `profileVersion`); unchanged
    /// when it names none. A missing profile is the repository's 404.
    static func mergingProfile(
        into base: NavigationLayout.JSONValue, tenantID: String, environment: ServiceEnvironment
    ) async throws -> NavigationLayout.JSONValue {
        guard case .object(let object) = base, let profile = object["profile"] else { return base }
        guard case .string(let name) = profile else {
            throw RequestError(path: "profile", message: "expected a profile name, found \(profile.typeDescription)")
        }
        let stored: ProfileVersion
        switch object["profileVersion"] {
        case nil, .null?:
            stored = try await environment.database("profile") {
                try await environment.repositories.profiles.current(tenantID: tenantID, name: name)
            }
        case .number(let number)?:
            guard number >= 1, number <= 9_007_199_254_740_992, number.rounded() == number else {
                throw RequestError(path: "profileVersion", message: "expected a version number (1 or more)")
            }
            stored = try await environment.database("profile") {
                try await environment.repositories.profiles.version(Int(number), tenantID: tenantID, name: name)
            }
        case let other?:
            throw RequestError(path: "profileVersion", message: "expected a number, found \(other.typeDescription)")
        }
        let document: NavigationLayout.JSONValue
        do throws(JSONParseError) {
            document = try JSONParser().parse(stored.document)
        } catch {
            // Stored profiles were validated on PUT; one that no longer parses is a server fault.
            throw HTTPError(.internalServerError, detail: "the stored profile '\(name)' does not parse")
        }
        return ProfileMerge.merge(profile: document, request: base)
    }
}
