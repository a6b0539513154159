/// What solving one cell gave: the engine's answer in the few fields the matrix table shows.
public struct MatrixCellOutcome: Sendable, Equatable {
    /// The worst diagnostic (info notes count as ok).
    public var status: ResultStatus
    /// Diagnostic codes in the order the result lists them, each once.
    public var codes: [String]
    public var wideMode: Bool
    public var solveMicros: Int
    /// The history id when the cell was recorded.
    public var recordedID: String?

    public init(
        status: ResultStatus, codes: [String] = [], wideMode: Bool, solveMicros: Int, recordedID: String? = nil
    ) {
        self.status = status
        var distinct: [String] = []
        for code in codes where !distinct.contains(code) { distinct.append(code) }
        self.codes = distinct
        self.wideMode = wideMode
        self.solveMicros = solveMicros
        self.recordedID = recordedID
    }
}
