/// A layout command of the executable: the engine on files, no server needed.
public enum LayoutCommand: Sendable, Equatable {
    /// Solve a request (the body of POST /v1/layouts without `profile`) and print the result JSON;
    /// with `svgOutput`, also draw the picture there.
    case solve(input: String, svgOutput: String?, swift: SwiftInputOptions = SwiftInputOptions())
    /// Convert built-in settings (a settings object, or a request body with `settings`) to a delegate.
    case convert(input: String)
    /// Solve and print the diagnostics in `format`; fails when any is an error.
    case check(input: String, swift: SwiftInputOptions = SwiftInputOptions(), format: CheckReportFormat = .text)
    /// Solve across the device matrix and print the table; fails when any cell has an error.
    /// `devices` replaces the request's `matrix.devices`; `svgOutput` receives the contact sheet.
    case matrix(input: String, devices: [String]?, svgOutput: String?, swift: SwiftInputOptions = SwiftInputOptions())
    /// Import a Swift layout delegate and print the delegate document with its source map.
    case importSwift(input: String, className: String?)
    /// Write the delegate of a request (or a bare delegate document) as a Swift delegate class.
    case exportSwift(input: String, className: String)
    /// Solve two requests across the same device matrix and compare them cell by cell (`MatrixDiff`);
    /// fails when a cell reaches `failOn`.
    case diff(before: String, after: String, options: DiffOptions)

    /// The path `-` stands for standard input.
    public static let standardInput = "-"
}

/// What a Swift delegate file does not say, for the commands that take one in place of a request:
/// the class to read, and the screen and state to solve it on.
public struct SwiftInputOptions: Sendable, Equatable {
    /// The delegate class, when the file has several.
    public var className: String?
    /// A device preset id (GET /v1/devices); nil: `screen`, else the first preset.
    public var device: String?
    public var orientation: DeviceOrientationChoice = .portrait
    /// `--screen WIDTHxHEIGHT`: a screen with no safe-area insets, in place of a device.
    public var screen: ScreenSize?
    public var state: StateChoice = .guidance
    public var rightToLeft = false

    /// A screen's width and height in points.
    public struct ScreenSize: Sendable, Equatable {
        public var width: Double
        public var height: Double

        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    public enum DeviceOrientationChoice: String, Sendable, CaseIterable {
        case portrait
        case landscape
    }

    /// The navigation state to solve: ready, guidance, or guidance with a prompt shown.
    public enum StateChoice: String, Sendable, CaseIterable {
        case ready
        case guidance
        case prompt
    }

    public init(
        className: String? = nil, device: String? = nil, orientation: DeviceOrientationChoice = .portrait,
        screen: ScreenSize? = nil, state: StateChoice = .guidance, rightToLeft: Bool = false
    ) {
        self.className = className
        self.device = device
        self.orientation = orientation
        self.screen = screen
        self.state = state
        self.rightToLeft = rightToLeft
    }
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
