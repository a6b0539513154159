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
    /// POST /v1/layouts/svg: the same body as POST /v1/layouts, answered with the picture of the
    /// solved layout (image/svg+xml) and never recorded; what the playground draws.
    public var picture: ServiceHandler?
    /// POST /v1/layouts/matrix: one request solved across devices x orientations x directions x
    /// states (`MatrixPlan`, `MatrixRunner` in NavigationLayout), answered as the compact table.
    public var matrix: ServiceHandler?
    /// GET /v1/layouts/matrix/{id}.svg: a recorded matrix as a contact sheet; `{id}` arrives
    /// without `.svg`.
    public var matrixSheet: ServiceHandler?

    public init(
        solve: ServiceHandler? = nil, svg: ServiceHandler? = nil, convert: ServiceHandler? = nil,
        scenarios: ServiceHandler? = nil, style: ServiceHandler? = nil, picture: ServiceHandler? = nil,
        matrix: ServiceHandler? = nil, matrixSheet: ServiceHandler? = nil
    ) {
        self.solve = solve
        self.svg = svg
        self.convert = convert
        self.scenarios = scenarios
        self.style = style
        self.picture = picture
        self.matrix = matrix
        self.matrixSheet = matrixSheet
    }

    /// No layout engine in this build: every layout route answers 501.
    public static let notImplemented = LayoutRoutes()
}
