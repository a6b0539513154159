/// What one backup wrote.
public struct BackupReport: Sendable, Hashable {
    /// The file written.
    public var path: String
    /// Its size.
    public var bytes: Int64
    /// How long writing it took.
    public var duration: Duration

    public init(path: String, bytes: Int64, duration: Duration) {
        self.path = path
        self.bytes = bytes
        self.duration = duration
    }

    /// The duration in seconds, for reports.
    public var seconds: Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
