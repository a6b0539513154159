/// A layout command of the executable: the engine on files, no server needed.
public enum LayoutCommand: Sendable, Equatable {
    /// Solve a request (the body of POST /v1/layouts without `profile`) and print the result JSON;
    /// with `svgOutput`, also draw the picture there.
    case solve(input: String, svgOutput: String?)
    /// Convert built-in settings (a settings object, or a request body with `settings`) to a delegate.
    case convert(input: String)
    /// Solve and print the diagnostics readably; fails when any is an error.
    case check(input: String)
    /// Solve across the device matrix and print the table; fails when any cell has an error.
    /// `devices` replaces the request's `matrix.devices`; `svgOutput` receives the contact sheet.
    case matrix(input: String, devices: [String]?, svgOutput: String?)
    /// Solve two requests across the same device matrix and compare them cell by cell (`MatrixDiff`);
    /// fails when a cell reaches `failOn`.
    case diff(before: String, after: String, options: DiffOptions)

    /// The path `-` stands for standard input.
    public static let standardInput = "-"
}

/// The choices of `navlayout diff`.
public struct DiffOptions: Sendable, Equatable {
    /// What fails the command (exit 1): a cell that regressed with an error, with an error or a
    /// warning, or any change at all.
    public enum FailOn: String, Sendable, CaseIterable {
        case error
        case warning
        case change
    }

    /// Device ids (GET /v1/devices) for both sides; nil: every preset.
    public var devices: [String]?
    /// Points, per edge.
    public var tolerance: Double = 0.5
    public var failOn: FailOn = .error
    public var format: DiffReportFormat = .text
    /// Where to draw the contact sheet of the diff (changed cells as overlays), when wanted.
    public var svgOutput: String?
    /// The service's database and the tenant whose profiles and history `profile:NAME[@VERSION]` and
    /// `layout:ID` sides are read from.
    public var database: String?
    public var tenant: String?

    public init(
        devices: [String]? = nil, tolerance: Double = 0.5, failOn: FailOn = .error, format: DiffReportFormat = .text,
        svgOutput: String? = nil, database: String? = nil, tenant: String? = nil
    ) {
        self.database = database
        self.tenant = tenant
        self.devices = devices
        self.tolerance = tolerance
        self.failOn = failOn
        self.format = format
        self.svgOutput = svgOutput
    }
}
