// Hot: measured by the `matrix` stage (Benchmarks/Thresholds/budgets.json,
// `navlayout-matrix-bench --profile matrix`); changes here are checked by scripts/check-budgets.sh.

/// One cell of a device matrix: a device held one way, written one way, in one navigation state,
/// with the layout request to solve for it.
public struct MatrixCell: Sendable, Equatable {
    public let deviceID: String
    public let deviceName: String
    public let orientation: DeviceOrientation
    public let direction: LayoutDirection
    public let state: NavigationMode
    /// The device's screen, held this way, written this way (keeping the base request's `carPlay`).
    public let screen: Screen
    /// Index of the cell's `MatrixCellGroup` in `MatrixPlan.groups`.
    public let groupIndex: Int
    /// "iphone-15/portrait/ltr/guidance": unique within a matrix, stable across runs. Kept, not
    /// computed: tables, recording and diffs each ask for it.
    public let key: String
    /// The request of every cell in this state, shared by reference: a cell is copied into tables,
    /// closures and reports, and the request is large.
    private let base: SharedRequest

    /// The base request with this cell's screen, direction and state (a prompt only during guidance).
    public var request: LayoutRequest {
        var request = base.request
        request.screen = screen
        return request
    }

    init(
        deviceID: String, deviceName: String, orientation: DeviceOrientation, direction: LayoutDirection,
        state: NavigationMode, screen: Screen, base: SharedRequest, groupIndex: Int, key: String
    ) {
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.orientation = orientation
        self.direction = direction
        self.state = state
        self.screen = screen
        self.base = base
        self.groupIndex = groupIndex
        self.key = key
    }

    /// "iphone-15/portrait/" + "ltr/guidance": a plan builds each part once and joins them per cell.
    static func keyPrefix(_ deviceID: String, _ orientation: DeviceOrientation) -> String {
        deviceID + "/" + orientation.rawValue + "/"
    }

    static func keySuffix(_ direction: LayoutDirection, _ state: NavigationMode) -> String {
        direction.rawValue + "/" + state.rawValue
    }

    public static func == (lhs: MatrixCell, rhs: MatrixCell) -> Bool {
        lhs.key == rhs.key && lhs.deviceName == rhs.deviceName && lhs.groupIndex == rhs.groupIndex
            && lhs.screen == rhs.screen && (lhs.base === rhs.base || lhs.base.request == rhs.base.request)
    }
}

/// A decoded request shared by the cells of one navigation state.
final class SharedRequest: Sendable {
    let request: LayoutRequest

    init(_ request: LayoutRequest) {
        self.request = request
    }
}
