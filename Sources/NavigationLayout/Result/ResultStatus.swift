/// The verdict on a whole layout: its worst diagnostic, with info notes counting as ok. A result's
/// `status`, a matrix cell's and a picture's badge.
public enum ResultStatus: String, CaseIterable, Sendable {
    case ok
    case warning
    case error

    /// The status a list of diagnostics gives.
    public init(worstOf severities: some Sequence<Severity>) {
        switch severities.max() {
        case .error?: self = .error
        case .warning?: self = .warning
        case .info?, nil: self = .ok
        }
    }
}
