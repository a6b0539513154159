import HTTPServer

/// The routes that need the layout engine, as handlers the engine's integration supplies. A route
/// left nil answers 501 problem details, so the router and the OpenAPI document list every route of
/// the contract whether or not this build solves layouts.
///
/// Handlers authenticate with `environment.authenticator.tenant(of:)`, read profiles and record
/// history through `environment.repositories`, time solving with `environment.metrics.recordSolve`.
public struct LayoutRoutes: Sendable {
    /// POST /v1/layouts: merge the profile, solve, record (unless ?record=false), answer the result.
    public var solve: ServiceHandler?
    /// GET /v1/layouts/{id}.svg: the recorded layout drawn as SVG; `{id}` arrives without `.svg`.
    public var svg: ServiceHandler?
    /// POST /v1/convert: built-in settings to an equivalent delegate document.
    public var convert: ServiceHandler?
    /// POST /v1/scenarios: a sequence of SDK events, one result per step.
    public var scenarios: ServiceHandler?
    /// GET /v1/style: default style values and component sizes.
    public var style: ServiceHandler?

    public init(
        solve: ServiceHandler? = nil, svg: ServiceHandler? = nil, convert: ServiceHandler? = nil,
        scenarios: ServiceHandler? = nil, style: ServiceHandler? = nil
    ) {
        self.solve = solve
        self.svg = svg
        self.convert = convert
        self.scenarios = scenarios
        self.style = style
    }

    /// No layout engine in this build: every layout route answers 501.
    public static let notImplemented = LayoutRoutes()
}
