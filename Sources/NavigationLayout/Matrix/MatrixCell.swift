/// One cell of a device matrix: a device held one way, written one way, in one navigation state,
/// with the layout request to solve for it.
public struct MatrixCell: Sendable, Equatable {
    public var deviceID: String
    public var deviceName: String
    public var orientation: DeviceOrientation
    public var direction: LayoutDirection
    public var state: NavigationMode
    /// The base request with the device's screen, this direction and this state (a prompt only
    /// during guidance).
    public var request: LayoutRequest
    /// Index of the cell's `MatrixCellGroup` in `MatrixPlan.groups`.
    public var groupIndex: Int

    /// "iphone-15/portrait/ltr/guidance": unique within a matrix, stable across runs.
    public var key: String {
        deviceID + "/" + orientation.rawValue + "/" + direction.rawValue + "/" + state.rawValue
    }
}
