import Dispatch
import HTTPServer
import JSON
import NavigationLayout

/// One POST /v1/layouts body taken through the engine: read, profile merged, decoded, solved.
/// Shared by the JSON route, the picture route and nothing else, so both answer the same layout.
struct SolvedLayout: Sendable {
    var request: LayoutRequest
    /// The document that was decoded (the body over its profile).
    var document: JSONValue
    var profile: ResolvedProfile
    var result: LayoutResult

    /// Reads and solves; the solve time (decoding excluded) goes into `solveMicros` and the service
    /// metrics. Everything runs on the worker that read the request: a thread hop costs more than a
    /// small solve.
    static func solve(_ request: Request, tenantID: String, environment: ServiceEnvironment) async throws
        -> SolvedLayout
    {
        let body = try EngineRequestBody.parse(request)
        let profile = try await ResolvedProfile.resolve(body, tenantID: tenantID, environment: environment)
        let solved: PreparedLayoutCache.Solved
        do throws(RequestError) {
            solved = try preparedLayouts.solve(document: profile.document, clock: EngineClock.nanoseconds)
        } catch {
            throw RequestError.httpError(error, detail: "the layout request is not valid")
        }
        environment.metrics.recordSolve(duration: .microseconds(solved.result.solveMicros ?? 0))
        return SolvedLayout(
            request: solved.request, document: profile.document, profile: profile, result: solved.result)
    }
}

/// The service's prepared layouts, shared by every worker.
let preparedLayouts = PreparedLayoutCache()

/// The monotonic clock the engine measures solves with (it has none of its own).
enum EngineClock {
    static func nanoseconds() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}

extension LayoutStatus {
    /// The status of a result as the history stores it.
    init(_ result: LayoutResult) {
        self = LayoutStatus(rawValue: result.status) ?? .error
    }
}

extension NewLayoutRecord {
    /// The history row of a solved layout whose `result.id` is `id`.
    init(
        id: LayoutID, tenantID: String, request: LayoutRequest, requestJSON: String, result: LayoutResult,
        resultJSON: String, profile: ResolvedProfile
    ) {
        self.init(
            id: id, tenantID: tenantID, profileName: profile.profileName, profileVersion: profile.profileVersion,
            mode: result.mode == .builtIn ? .builtIn : .delegate,
            navigation: LayoutNavigationState(rawValue: result.navigation.rawValue) ?? .guidance,
            status: LayoutStatus(result), requestJSON: requestJSON, resultJSON: resultJSON)
    }
}
