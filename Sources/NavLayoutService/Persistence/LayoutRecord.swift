import Storage

/// The solve mode of a recorded layout; raw values as stored and as api.md spells them.
public enum LayoutMode: String, Sendable, Hashable, CaseIterable {
    case builtIn
    case delegate
}

/// The navigation state a layout was solved for; raw values as stored and as api.md spells them.
public enum LayoutNavigationState: String, Sendable, Hashable, CaseIterable {
    case disabled
    case ready
    case guidance
}

/// The worst diagnostic of a recorded layout; raw values as stored and as api.md spells them.
public enum LayoutStatus: String, Sendable, Hashable, CaseIterable {
    case ok
    case warning
    case error
}

/// A solved layout to record.
public struct NewLayoutRecord: Sendable, Hashable {
    /// Made by the caller (`LayoutID.generate()`) before solving, because the result carries it.
    public var id: LayoutID
    public var tenantID: String
    public var profileName: String?
    public var profileVersion: Int?
    public var mode: LayoutMode
    public var navigation: LayoutNavigationState
    public var status: LayoutStatus
    /// The request and the result as JSON text, stored as given.
    public var requestJSON: String
    public var resultJSON: String
    /// The device preset the layout was solved on, when known (history filters by it).
    public var device: String?
    /// The result's diagnostic codes (history filters by them); duplicates are stored once.
    public var codes: [String]

    public init(
        id: LayoutID = .generate(), tenantID: String, profileName: String?, profileVersion: Int?, mode: LayoutMode,
        navigation: LayoutNavigationState, status: LayoutStatus, requestJSON: String, resultJSON: String,
        device: String? = nil, codes: [String] = []
    ) {
        self.id = id
        self.tenantID = tenantID
        self.profileName = profileName
        self.profileVersion = profileVersion
        self.mode = mode
        self.navigation = navigation
        self.status = status
        self.requestJSON = requestJSON
        self.resultJSON = resultJSON
        self.device = device
        self.codes = codes
    }

    /// `codes` as stored (`storedCodes(_:)`).
    var storedCodes: String { Self.storedCodes(codes) }

    /// Diagnostic codes as the `codes` column holds them: each once, in order, between spaces, so
    /// that `instr(codes, ' code ')` finds one.
    static func storedCodes(_ codes: [String]) -> String {
        guard !codes.isEmpty else { return "" }
        var seen: [String] = []
        for code in codes where !seen.contains(code) { seen.append(code) }
        return " " + seen.joined(separator: " ") + " "
    }

    /// The codes of a `codes` column, in order.
    static func codes(stored: String) -> [String] {
        stored.split(separator: " ").map(String.init)
    }
}

/// A recorded layout as listed in the history: everything but the request and result bodies.
public struct LayoutSummary: Sendable, Hashable {
    public var id: LayoutID
    public var profileName: String?
    public var profileVersion: Int?
    public var mode: LayoutMode
    public var navigation: LayoutNavigationState
    public var status: LayoutStatus
    public var createdAt: Timestamp
}

/// A recorded layout with the request and the result as they were stored.
public struct StoredLayout: Sendable, Hashable {
    public var summary: LayoutSummary
    public var requestJSON: String
    public var resultJSON: String

    public var id: LayoutID {
        summary.id
    }
}

extension LayoutSummary: RowDecodable {
    static let columns = "id, profile_name, profile_version, mode, navigation, status, created_at"

    public init(row: Row) throws {
        let idText: String = try row.value(at: 0)
        let modeText: String = try row.value(at: 3)
        let navigationText: String = try row.value(at: 4)
        let statusText: String = try row.value(at: 5)
        guard let id = LayoutID(idText), let mode = LayoutMode(rawValue: modeText),
            let navigation = LayoutNavigationState(rawValue: navigationText),
            let status = LayoutStatus(rawValue: statusText)
        else {
            throw PersistenceError.invalidValue(
                field: "layouts row \(idText)", reason: "unknown id, mode, navigation or status in the database")
        }
        self.init(
            id: id, profileName: try row.value(at: 1), profileVersion: try row.value(at: 2), mode: mode,
            navigation: navigation, status: status, createdAt: try row.value(at: 6))
    }
}

extension StoredLayout: RowDecodable {
    static let columns = LayoutSummary.columns + ", request, result"

    public init(row: Row) throws {
        self.init(
            summary: try LayoutSummary(row: row), requestJSON: try row.value(at: 7), resultJSON: try row.value(at: 8))
    }
}
