// Hot: measured by the `matrix` stage (Benchmarks/Thresholds/budgets.json,
// `navlayout-matrix-bench --profile matrix`); changes here are checked by scripts/check-budgets.sh.

/// The cells of a device matrix for one request, in their fixed order: devices in catalog order,
/// then orientation (portrait, landscape), direction (ltr, rtl) and state (disabled, ready,
/// guidance). A multitasking window has landscape cells only.

import JSON

public struct MatrixPlan: Sendable, Equatable {
    public var selection: MatrixSelection
    public var cells: [MatrixCell]
    /// The cells grouped by request identity (everything but the screen geometry), in order of
    /// first appearance.
    public var groups: [MatrixCellGroup]

    /// Expands `base` (a request body after the profile merge, without its `matrix` member) over
    /// `selection`. The screen is replaced by each device's (keeping the base's `carPlay`),
    /// `state.navigation` is set per cell and a prompt is dropped outside guidance.
    ///
    /// The base is decoded once, and each further navigation state decodes only its `state` member,
    /// not once per cell: nothing a request decodes depends on the screen, and nothing but its state
    /// member on the state, so each cell's request is the decoded one with its state and screen set.
    /// A test holds this against decoding every cell's JSON.
    public init(base: JSONValue, selection: MatrixSelection = .all) throws(RequestError) {
        self.selection = selection
        guard case .object(let baseObject) = base else {
            throw RequestError(path: "", message: "expected an object, found \(base.typeDescription)")
        }
        guard let firstDevice = selection.devices.first, let firstWindow = firstDevice.windows.first else {
            throw RequestError(path: "matrix.devices", message: "the selection holds no device")
        }
        var requests: [(state: NavigationMode, request: SharedRequest)] = []
        for state in selection.states {
            let json = Self.cellJSON(
                base: baseObject, metrics: firstWindow.metrics, direction: .leftToRight, state: state)
            if var request = requests.first?.request.request {
                // The states' requests differ in their `state` member alone: only it is decoded again.
                request.state = try LayoutRequest.decodeState(of: json)
                requests.append((state, SharedRequest(request)))
            } else {
                requests.append((state, SharedRequest(try LayoutRequest.decode(from: json))))
            }
        }
        var cells: [MatrixCell] = []
        cells.reserveCapacity(
            selection.devices.count * selection.orientations.count * selection.directions.count * requests.count)
        var groups: [MatrixCellGroup] = []
        // The group of each direction and state, looked up without copying the groups.
        var groupOf: [(direction: LayoutDirection, state: NavigationMode, index: Int, keySuffix: String)] = []
        for device in selection.devices {
            for orientation in selection.orientations {
                guard let metrics = device.metrics(orientation) else { continue }
                let keyPrefix = MatrixCell.keyPrefix(device.id, orientation)
                for direction in selection.directions {
                    for (state, shared) in requests {
                        let screen = Screen(
                            width: metrics.width, height: metrics.height, safeArea: metrics.safeArea,
                            layoutDirection: direction, carPlay: shared.request.screen.carPlay)
                        let groupIndex: Int
                        let keySuffix: String
                        if let known = groupOf.first(where: { $0.direction == direction && $0.state == state }) {
                            groupIndex = known.index
                            keySuffix = known.keySuffix
                        } else {
                            var request = shared.request
                            request.screen = screen
                            groups.append(
                                MatrixCellGroup(direction: direction, state: state, request: request, cellIndexes: []))
                            groupIndex = groups.count - 1
                            keySuffix = MatrixCell.keySuffix(direction, state)
                            groupOf.append((direction, state, groupIndex, keySuffix))
                        }
                        groups[groupIndex].cellIndexes.append(cells.count)
                        cells.append(
                            MatrixCell(
                                deviceID: device.id, deviceName: device.name, orientation: orientation,
                                direction: direction, state: state, screen: screen, base: shared,
                                groupIndex: groupIndex, key: keyPrefix + keySuffix))
                    }
                }
            }
        }
        self.cells = cells
        self.groups = groups
    }

    /// The request JSON of one cell: what a client would send to POST /v1/layouts for it.
    public static func cellJSON(
        base: JSONObject, metrics: DeviceMetrics, direction: LayoutDirection, state: NavigationMode
    ) -> JSONValue {
        var object = base
        var screen = metrics.screen(direction: direction).jsonValue
        if case .object(let baseScreen)? = base["screen"], case .bool(let carPlay)? = baseScreen["carPlay"],
            case .object(var screenObject) = screen
        {
            screenObject["carPlay"] = .bool(carPlay)
            screen = .object(screenObject)
        }
        object["screen"] = screen
        var stateObject = JSONObject()
        if case .object(let baseState)? = base["state"] { stateObject = baseState }
        stateObject["navigation"] = .string(state.rawValue)
        if state != .guidance { stateObject["prompt"] = nil }
        object["state"] = .object(stateObject)
        return .object(object)
    }

    /// Splits a matrix request body into the base request and the selection (its `matrix` member).
    public static func split(body: JSONValue) throws(RequestError) -> (base: JSONValue, selection: MatrixSelection) {
        guard case .object(var object) = body else {
            throw RequestError(path: "", message: "expected an object, found \(body.typeDescription)")
        }
        let selection = try MatrixSelection.decode(from: object["matrix"])
        object["matrix"] = nil
        return (.object(object), selection)
    }
}
