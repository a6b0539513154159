/// Which cells a device matrix holds: devices x orientations x directions x navigation states.
/// Every dimension left out means all of it (devices: every full-screen preset; iPad multitasking
/// windows only when named).
///
/// JSON: `{"devices": ["iphone-15", "ipad-pro-13.split-half"], "orientations": ["portrait"],
/// "directions": ["ltr", "rtl"], "states": ["ready", "guidance"]}`, every member optional.

import JSON

public struct MatrixSelection: Sendable, Equatable {
    /// In catalog order, whatever order the client wrote, so equal selections give equal tables.
    public var devices: [MatrixDevice]
    public var orientations: [DeviceOrientation]
    public var directions: [LayoutDirection]
    public var states: [NavigationMode]

    /// Everything: every preset, both orientations, both directions, all three states.
    public static let all = MatrixSelection(
        devices: DeviceCatalog.presets.map(MatrixDevice.init(preset:)), orientations: DeviceOrientation.allCases,
        directions: LayoutDirection.allCases, states: NavigationMode.allCases)

    public init(
        devices: [MatrixDevice], orientations: [DeviceOrientation], directions: [LayoutDirection],
        states: [NavigationMode]
    ) {
        self.devices = devices
        self.orientations = orientations
        self.directions = directions
        self.states = states
    }

    public static let memberNames = ["devices", "orientations", "directions", "states"]

    /// Reads a selection; `nil` or JSON null selects everything. Every problem is reported with its
    /// path under `path` (an unknown device id with the closest known one).
    public static func decode(from value: JSONValue?, at path: JSONPath = .root.appending("matrix"))
        throws(RequestError) -> MatrixSelection
    {
        guard let value, value != .null else { return .all }
        guard case .object(let object) = value else {
            throw RequestError(path: path.description, message: "expected an object, found \(value.typeDescription)")
        }
        var issues: [RequestError.Issue] = []
        for member in object.members where !memberNames.contains(member.key) {
            issues.append(
                RequestError.Issue(
                    path: path.appending(member.key).description,
                    message:
                        "unknown field '\(member.key)'\(suggestion(for: member.key, among: memberNames)); known fields: \(memberNames.joined(separator: ", "))"
                ))
        }
        let allIDs = DeviceCatalog.allIDs
        let deviceIDs = list(
            object["devices"], at: path.appending("devices"), known: allIDs, noun: "device", issues: &issues)
        let orientations = list(
            object["orientations"], at: path.appending("orientations"),
            known: DeviceOrientation.allCases.map(\.rawValue), noun: "orientation", issues: &issues)
        let directions = list(
            object["directions"], at: path.appending("directions"),
            known: LayoutDirection.allCases.map(\.rawValue), noun: "direction", issues: &issues)
        let states = list(
            object["states"], at: path.appending("states"), known: NavigationMode.allCases.map(\.rawValue),
            noun: "navigation state", issues: &issues)
        guard issues.isEmpty else { throw RequestError(issues: issues) }
        var selection = MatrixSelection.all
        if let deviceIDs {
            selection.devices = allIDs.filter(deviceIDs.contains).compactMap(MatrixDevice.init(id:))
        }
        if let orientations {
            selection.orientations = DeviceOrientation.allCases.filter { orientations.contains($0.rawValue) }
        }
        if let directions {
            selection.directions = LayoutDirection.allCases.filter { directions.contains($0.rawValue) }
        }
        if let states { selection.states = NavigationMode.allCases.filter { states.contains($0.rawValue) } }
        return selection
    }

    /// A non-empty list of distinct known names, or nil when absent (every issue appended).
    private static func list(
        _ value: JSONValue?, at path: JSONPath, known: [String], noun: String, issues: inout [RequestError.Issue]
    ) -> [String]? {
        guard let value, value != .null else { return nil }
        guard case .array(let elements) = value else {
            issues.append(
                RequestError.Issue(
                    path: path.description,
                    message: "expected an array of \(noun) names, found \(value.typeDescription)"))
            return nil
        }
        if elements.isEmpty {
            issues.append(
                RequestError.Issue(
                    path: path.description, message: "name at least one \(noun), or leave the field out for all of them"
                ))
        }
        var names: [String] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index).description
            guard case .string(let name) = element else {
                issues.append(
                    RequestError.Issue(
                        path: elementPath, message: "expected a \(noun) name, found \(element.typeDescription)"))
                continue
            }
            if !known.contains(name) {
                let hint = known.count <= 4 ? "; known: " + known.joined(separator: ", ") : "; see GET /v1/devices"
                issues.append(
                    RequestError.Issue(
                        path: elementPath,
                        message: "unknown \(noun) '\(name)'\(suggestion(for: name, among: known))\(hint)"))
            } else if names.contains(name) {
                issues.append(RequestError.Issue(path: elementPath, message: "'\(name)' is named twice"))
            } else {
                names.append(name)
            }
        }
        return names
    }
}
