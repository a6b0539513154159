/// A device column of the matrix: a full-screen preset (both orientations) or an iPad multitasking
/// window (landscape only, where Split View and Slide Over are defined).
public struct MatrixDevice: Sendable, Equatable {
    public var id: String
    public var name: String
    /// The window in each orientation it exists in, in `DeviceOrientation` order.
    public var windows: [(orientation: DeviceOrientation, metrics: DeviceMetrics)]

    public init(preset: DevicePreset) {
        id = preset.id
        name = preset.name
        windows = DeviceOrientation.allCases.map { ($0, preset.metrics($0)) }
    }

    public init(splitView: SplitViewWindow) {
        id = splitView.id
        name = splitView.name
        windows = [(.landscape, splitView.metrics)]
    }

    /// The preset or window with `id`, if the catalog has one.
    public init?(id: String) {
        if let preset = DeviceCatalog.preset(id: id) {
            self.init(preset: preset)
        } else if let window = DeviceCatalog.splitView(id: id) {
            self.init(splitView: window)
        } else {
            return nil
        }
    }

    public func metrics(_ orientation: DeviceOrientation) -> DeviceMetrics? {
        windows.first { $0.orientation == orientation }?.metrics
    }

    public static func == (lhs: MatrixDevice, rhs: MatrixDevice) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name
            && lhs.windows.map(\.orientation) == rhs.windows.map(\.orientation)
            && lhs.windows.map(\.metrics) == rhs.windows.map(\.metrics)
    }
}
