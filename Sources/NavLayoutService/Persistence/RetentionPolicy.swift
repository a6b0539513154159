/// How much layouts history to keep. Both limits may apply at once; nil means no limit of that kind.
public struct RetentionPolicy: Sendable, Hashable {
    /// Layouts recorded longer ago than this are deleted.
    public var maximumAge: Duration?
    /// Each tenant keeps at most this many of its newest layouts.
    public var maximumCountPerTenant: Int?

    public init(maximumAge: Duration? = nil, maximumCountPerTenant: Int? = nil) {
        self.maximumAge = maximumAge
        self.maximumCountPerTenant = maximumCountPerTenant
    }

    /// Keeps everything.
    public static let keepEverything = RetentionPolicy()
}

/// What one retention pass deleted.
public struct RetentionOutcome: Sendable, Hashable {
    public var deletedByAge: Int
    public var deletedByCount: Int
    /// Database pages handed back to the file system after the deletes.
    public var freedPages: Int

    public init(deletedByAge: Int, deletedByCount: Int, freedPages: Int = 0) {
        self.deletedByAge = deletedByAge
        self.deletedByCount = deletedByCount
        self.freedPages = freedPages
    }

    public var deleted: Int {
        deletedByAge + deletedByCount
    }
}
