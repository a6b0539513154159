import JSON

/// The one way a layout is solved: a request body (and the stored profile it names) through the
/// profile merge and the prepared-layout cache to a result and its bytes. The HTTP routes, the
/// command line, the device matrix and the benchmarks all call it, so what is measured is what is
/// served.
///
/// The pipeline owns its cache of prepared layouts: each service (each application a test builds)
/// has its own, and a command-line run starts empty.
public final class LayoutPipeline: Sendable {
    let cache: PreparedLayoutCache
    /// Nanoseconds on a monotonic clock, for `solveMicros` (the engine has no clock of its own).
    let clock: @Sendable () -> UInt64
    /// What one request may ask of the engine; a request over a limit is a `RequestError`.
    public let limits: LayoutLimits

    /// `cacheBytes` bounds the prepared layouts kept, by their estimated size, as `cacheCapacity`
    /// bounds their number.
    public init(
        cacheCapacity: Int = 256, cacheBytes: Int = 256 << 20, limits: LayoutLimits = .standard,
        clock: @escaping @Sendable () -> UInt64
    ) {
        cache = PreparedLayoutCache(capacity: cacheCapacity, maximumBytes: cacheBytes)
        self.limits = limits
        self.clock = clock
    }

    /// Merges `profile` (the one `body.profile` names, fetched by the caller) under the body, then
    /// decodes and solves it with the cached prepared layout of its key. Errors are the request's
    /// own, each with its path.
    public func solve(_ body: LayoutBody, profile: StoredProfile? = nil) throws(RequestError) -> SolvedLayout {
        let document = body.document(mergedWith: profile)
        let (request, result) = try cache.solve(document: document, limits: limits, clock: clock)
        return SolvedLayout(
            request: request, result: result, profile: profile,
            storedRequest: profile == nil && !body.bytes.isEmpty ? body.bytes : JSONWriter().bytes(for: document))
    }

    /// Solves a decoded request once, outside the cache (a scenario's steps, each its own request),
    /// within the same limits as ``solve(_:profile:)``.
    public func solveOnce(_ request: LayoutRequest) throws(RequestError) -> LayoutResult {
        try limits.check(request)
        let start = clock()
        var prepared = PreparedLayout(request, workBudget: limits.solverWork)
        var result = prepared.solve(screen: request.screen)
        try limits.checkSolverWork(of: prepared)
        result.solveMicros = Int((clock() &- start) / 1000)
        return result
    }

    /// The number of prepared layouts held, for tests and metrics.
    public var preparedLayoutCount: Int { cache.count }

    /// The estimated bytes of the prepared layouts held, for tests and metrics.
    public var preparedLayoutBytes: Int { cache.bytes }
}

/// A solved body: what it decoded to, its result (with the engine's time in `solveMicros`), the
/// profile merged, and the request as history keeps it: the bytes that were sent, or the merged
/// document when a profile filled it in.
public struct SolvedLayout: Sendable {
    public var request: LayoutRequest
    public var result: LayoutResult
    public var profile: StoredProfile?
    public var storedRequest: [UInt8]

    public init(request: LayoutRequest, result: LayoutResult, profile: StoredProfile?, storedRequest: [UInt8]) {
        self.request = request
        self.result = result
        self.profile = profile
        self.storedRequest = storedRequest
    }

    /// The result as the API answers it, with its history id when it has one.
    public func resultBytes(id: String? = nil) -> [UInt8] {
        id.map(result.jsonBytes(id:)) ?? result.jsonBytes()
    }
}
