/// Which recorded layouts a history listing returns. Every filter left nil matches everything.
public struct LayoutHistoryFilter: Sendable, Hashable {
    public var profileName: String?
    public var navigation: LayoutNavigationState?
    public var status: LayoutStatus?
    /// Solved on this device preset (a matrix cell, or a screen of the preset's size).
    public var device: String?
    /// With a diagnostic of this code.
    public var code: String?
    /// Recorded at or after this time.
    public var since: Timestamp?
    /// Recorded strictly before this time.
    public var until: Timestamp?

    public init(
        profileName: String? = nil, navigation: LayoutNavigationState? = nil, status: LayoutStatus? = nil,
        device: String? = nil, code: String? = nil, since: Timestamp? = nil, until: Timestamp? = nil
    ) {
        self.device = device
        self.code = code
        self.profileName = profileName
        self.navigation = navigation
        self.status = status
        self.since = since
        self.until = until
    }
}
