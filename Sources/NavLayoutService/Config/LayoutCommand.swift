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

    /// The path `-` stands for standard input.
    public static let standardInput = "-"
}
