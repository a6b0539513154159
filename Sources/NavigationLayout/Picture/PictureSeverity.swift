/// How bad a diagnostic is, ordered so that `max` gives the worst.
public enum PictureSeverity: String, CaseIterable, Sendable, Comparable {
    case info
    case warning
    case error

    private var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: PictureSeverity, rhs: PictureSeverity) -> Bool { lhs.rank < rhs.rank }
}

/// The verdict on a whole layout: the worst diagnostic, with info notes counting as ok.
public enum PictureStatus: String, CaseIterable, Sendable {
    case ok
    case warning
    case error

    /// The status a list of diagnostics gives.
    public init(worstOf severities: [PictureSeverity]) {
        switch severities.max() {
        case .error?: self = .error
        case .warning?: self = .warning
        case .info?, nil: self = .ok
        }
    }
}
