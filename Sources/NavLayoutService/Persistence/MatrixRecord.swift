/// A device matrix to record: the request it was asked with and the table it answered, plus one
/// layout row per cell.
public struct NewMatrixRecord: Sendable, Hashable {
    /// Made by the caller before answering, because the table carries it.
    public var id: LayoutID
    public var tenantID: String
    public var profileName: String?
    public var profileVersion: Int?
    /// The worst cell status.
    public var status: LayoutStatus
    /// The request as solved (profile merged, `matrix` selection included), JSON text.
    public var requestJSON: String
    /// The table as answered (cells with their layout ids), JSON text.
    public var reportJSON: String
    /// One recorded layout per cell, in table order.
    public var cells: [NewLayoutRecord]

    public init(
        id: LayoutID = .generate(), tenantID: String, profileName: String?, profileVersion: Int?,
        status: LayoutStatus, requestJSON: String, reportJSON: String, cells: [NewLayoutRecord]
    ) {
        self.id = id
        self.tenantID = tenantID
        self.profileName = profileName
        self.profileVersion = profileVersion
        self.status = status
        self.requestJSON = requestJSON
        self.reportJSON = reportJSON
        self.cells = cells
    }
}

/// A recorded matrix as stored.
public struct StoredMatrix: Sendable, Hashable {
    public var id: LayoutID
    public var profileName: String?
    public var profileVersion: Int?
    public var status: LayoutStatus
    public var cellCount: Int
    public var createdAt: Timestamp
    public var requestJSON: String
    public var reportJSON: String
}
