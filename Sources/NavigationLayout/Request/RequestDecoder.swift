import Cassowary
import JSON

/// Reads a `LayoutRequest` out of a JSON value, collecting every problem with its path.
///
/// Conventions every field follows:
/// - unknown members are errors (a typo must not silently fall back to a default), with a suggestion;
/// - a member set to null counts as absent (JSON Merge Patch's convention, which `ProfileMerge` uses to
///   remove a profile's value); a required member that is absent or null is an error;
/// - numbers must be finite and in range for what they measure (sizes are never negative).
struct RequestDecoder {
    private(set) var issues: [RequestError.Issue] = []

    /// A hostile document can hold a hundred thousand mistakes; nobody reads past the first hundred,
    /// and the error response must stay small.
    static let maximumIssues = 100

    mutating func report(_ path: JSONPath, _ message: String, column: Int? = nil) {
        guard issues.count <= Self.maximumIssues else { return }
        guard issues.count < Self.maximumIssues else {
            issues.append(
                RequestError.Issue(
                    path: "",
                    message: "more than \(Self.maximumIssues) problems; only the first \(Self.maximumIssues) are listed"
                ))
            return
        }
        issues.append(RequestError.Issue(path: path.description, message: message, column: column))
    }

    // MARK: Objects

    /// The value as an object, or a reported type error.
    mutating func object(_ value: JSONValue, at path: JSONPath) -> JSONObject? {
        guard let object = value.objectValue else {
            report(path, "expected an object, found \(value.typeDescription)")
            return nil
        }
        return object
    }

    /// Reports every member whose key is not in `allowed`.
    mutating func rejectUnknownMembers(of object: JSONObject, at path: JSONPath, allowed: [String]) {
        for member in object.members where !allowed.contains(member.key) {
            report(
                path.appending(member.key),
                "unknown field '\(member.key)'\(suggestion(for: member.key, among: allowed)); known fields: \(allowed.joined(separator: ", "))"
            )
        }
    }

    /// The member's value unless absent or null.
    func present(_ object: JSONObject, _ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    /// While set, a missing required field is not an error: a profile's screen and state may leave
    /// fields for the request to fill in.
    var missingFieldsAllowed = false

    mutating func required(_ object: JSONObject, _ key: String, at path: JSONPath) -> JSONValue? {
        guard let value = present(object, key) else {
            if !missingFieldsAllowed { report(path.appending(key), "required field is missing") }
            return nil
        }
        return value
    }

    // MARK: Scalars

    mutating func bool(_ value: JSONValue, at path: JSONPath) -> Bool? {
        guard let flag = value.boolValue else {
            report(path, "expected true or false, found \(value.typeDescription)")
            return nil
        }
        return flag
    }

    mutating func string(_ value: JSONValue, at path: JSONPath) -> String? {
        guard let text = value.stringValue else {
            report(path, "expected a string, found \(value.typeDescription)")
            return nil
        }
        return text
    }

    enum NumberRange {
        case any
        case positive
        /// A length in points: 0 up to a screen side (`Screen.maximumLength`).
        case length
        /// A length above 0, up to a screen side.
        case positiveLength

        var phrase: String {
            switch self {
            case .any: return "a finite number"
            case .positive: return "a number > 0"
            case .length: return "a number from 0 to \(formatNumber(Screen.maximumLength))"
            case .positiveLength: return "a number above 0 and at most \(formatNumber(Screen.maximumLength))"
            }
        }

        func contains(_ value: Double) -> Bool {
            guard value.isFinite else { return false }
            switch self {
            case .any: return true
            case .positive: return value > 0
            case .length: return value >= 0 && value <= Screen.maximumLength
            case .positiveLength: return value > 0 && value <= Screen.maximumLength
            }
        }
    }

    mutating func number(_ value: JSONValue, at path: JSONPath, _ range: NumberRange) -> Double? {
        guard let number = value.numberValue else {
            report(path, "expected \(range.phrase), found \(value.typeDescription)")
            return nil
        }
        guard range.contains(number) else {
            report(path, "expected \(range.phrase), found \(formatNumber(number))")
            return nil
        }
        return number
    }

    /// A string that must be one of an enumeration's raw values.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue, at path: JSONPath, as type: Choice.Type
    ) -> Choice? where Choice.RawValue == String {
        guard let text = value.stringValue else {
            report(
                path, "expected one of \(quotedList(Choice.allCases.map(\.rawValue))), found \(value.typeDescription)")
            return nil
        }
        guard let choice = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue)
            report(path, "'\(text)' is not one of \(quotedList(names))\(suggestion(for: text, among: names))")
            return nil
        }
        return choice
    }

    /// A name usable as an item in constraints.
    mutating func name(_ value: JSONValue, at path: JSONPath) -> String? {
        guard let text = string(value, at: path) else { return nil }
        guard ConstraintParser.isName(text) else {
            report(path, "'\(text)' is not a valid name: use letters, digits and '_', starting with a letter or '_'")
            return nil
        }
        return text
    }

    /// An array of names without repeats.
    mutating func nameList(_ value: JSONValue, at path: JSONPath) -> [String]? {
        guard let elements = value.arrayValue else {
            report(path, "expected an array of names, found \(value.typeDescription)")
            return nil
        }
        var names: [String] = []
        names.reserveCapacity(elements.count)
        // Repeats: a scan of the few names so far; a set (membership only, the result keeps the
        // document's order) once a list is long.
        var seen: Set<String>? = elements.count > 16 ? [] : nil
        for (index, element) in elements.enumerated() {
            guard let name = name(element, at: path.appending(index)) else { continue }
            let repeated = seen.map { $0.contains(name) } ?? names.contains(name)
            seen?.insert(name)
            guard !repeated else {
                report(path.appending(index), "'\(name)' is listed twice")
                continue
            }
            names.append(name)
        }
        return names
    }

    /// A priority: a name (required, high, low, fittingSize) or an integer 1...1000.
    mutating func priority(_ value: JSONValue, at path: JSONPath) -> Priority? {
        if let text = value.stringValue {
            if let priority = ConstraintParser.priority(named: text) { return priority }
            report(path, "invalid priority '\(text)': use required, high, low, fittingSize or an integer 1...1000")
        } else if let number = value.numberValue {
            if let level = Int(exactly: number), let priority = Priority(level) {
                return priority
            }
            report(path, "invalid priority \(formatNumber(number)): use an integer 1...1000 or a name")
        } else {
            report(path, "expected a priority (a name or an integer 1...1000), found \(value.typeDescription)")
        }
        return nil
    }

    // MARK: The request

    static let requestFields = [
        "profile", "profileVersion", "screen", "state", "settings", "delegate", "delegateSource", "style",
    ]

    mutating func request(_ value: JSONValue) -> LayoutRequest? {
        let path = JSONPath.root
        guard let body = value.objectValue else {
            report(path, "expected the request to be an object, found \(value.typeDescription)")
            return nil
        }
        rejectUnknownMembers(of: body, at: path, allowed: Self.requestFields)
        var profileName: String? = nil
        if let value = present(body, "profile"), let name = string(value, at: path.appending(field: "profile")) {
            if name.isEmpty { report(path.appending(field: "profile"), "a profile name cannot be empty") }
            profileName = name
        }
        var profileVersion: Int? = nil
        if let value = present(body, "profileVersion"),
            let number = self.number(value, at: path.appending(field: "profileVersion"), .positive)
        {
            if let version = Int32(exactly: number) {
                profileVersion = Int(version)
            } else {
                report(
                    path.appending(field: "profileVersion"),
                    "expected a whole version number, found \(formatNumber(number))")
            }
        }
        let style = present(body, "style").flatMap { self.style($0, at: path.appending(field: "style")) } ?? .defaults
        let screen = required(body, "screen", at: path).flatMap { self.screen($0, at: path.appending(field: "screen")) }
        let state = required(body, "state", at: path).flatMap { self.state($0, at: path.appending(field: "state")) }
        let settings =
            present(body, "settings").flatMap { self.settings($0, at: path.appending(field: "settings")) } ?? .defaults
        let delegate = present(body, "delegate").flatMap {
            self.delegateDocument($0, at: path.appending(field: "delegate"))
        }
        delegateSource(body, at: path)
        guard let screen, let state else { return nil }
        return LayoutRequest(
            profileName: profileName, profileVersion: profileVersion, screen: screen, state: state,
            settings: settings, delegate: delegate, style: style)
    }

    static let profileFields = ["description", "screen", "state", "settings", "delegate", "delegateSource", "style"]

    /// `delegateSource`, the app's Swift delegate, is read by the service and the command line, which
    /// set `delegate` from it; the engine takes it only beside that delegate, and ignores it.
    mutating func delegateSource(_ body: JSONObject, at path: JSONPath) {
        guard let value = present(body, "delegateSource") else { return }
        let sourcePath = path.appending(field: "delegateSource")
        guard object(value, at: sourcePath) != nil else { return }
        if present(body, "delegate") == nil {
            report(
                sourcePath,
                "Swift source is read by the service (POST /v1/layouts, POST /v1/imports/swift) and the command line (navlayout import-swift); here give the delegate document"
            )
        }
    }

    /// Checks a stored profile: the fields of a request it may hold, each as strict as in a request,
    /// except that screen and state may be partial (the request completes them when merged). The delegate
    /// must be complete: a request replaces it whole, never completes it.
    mutating func profile(_ value: JSONValue) {
        let path = JSONPath.root
        guard let body = value.objectValue else {
            report(path, "expected the profile to be an object, found \(value.typeDescription)")
            return
        }
        rejectUnknownMembers(of: body, at: path, allowed: Self.profileFields)
        if let value = present(body, "description") { _ = string(value, at: path.appending(field: "description")) }
        if let value = present(body, "style") { _ = style(value, at: path.appending(field: "style")) }
        missingFieldsAllowed = true
        if let value = present(body, "screen") { _ = screen(value, at: path.appending(field: "screen")) }
        if let value = present(body, "state") { _ = state(value, at: path.appending(field: "state")) }
        missingFieldsAllowed = false
        if let value = present(body, "settings") { _ = settings(value, at: path.appending(field: "settings")) }
        if let value = present(body, "delegate") { _ = delegateDocument(value, at: path.appending(field: "delegate")) }
        delegateSource(body, at: path)
    }

    // MARK: Screen

    /// A side of the screen: a number above 0 and at most `Screen.maximumLength` points.
    mutating func screenLength(_ value: JSONValue, at path: JSONPath) -> Double? {
        guard let length = number(value, at: path, .positive) else { return nil }
        guard length <= Screen.maximumLength else {
            report(path, "expected at most \(formatNumber(Screen.maximumLength)) points, found \(formatNumber(length))")
            return nil
        }
        return length
    }

    mutating func screen(_ value: JSONValue, at path: JSONPath) -> Screen? {
        guard let object = object(value, at: path) else { return nil }
        rejectUnknownMembers(
            of: object, at: path, allowed: ["width", "height", "safeArea", "layoutDirection", "carPlay"])
        let width = required(object, "width", at: path).flatMap {
            screenLength($0, at: path.appending(field: "width"))
        }
        let height = required(object, "height", at: path).flatMap {
            screenLength($0, at: path.appending(field: "height"))
        }
        let safeArea =
            present(object, "safeArea").flatMap { insets($0, at: path.appending(field: "safeArea")) } ?? .zero
        let direction =
            present(object, "layoutDirection").flatMap {
                choice($0, at: path.appending(field: "layoutDirection"), as: LayoutDirection.self)
            } ?? .leftToRight
        let carPlay = present(object, "carPlay").flatMap { bool($0, at: path.appending(field: "carPlay")) } ?? false
        guard let width, let height else { return nil }
        if safeArea.top + safeArea.bottom > height {
            report(
                path.appending(field: "safeArea"),
                "top + bottom (\(formatNumber(safeArea.top + safeArea.bottom))) exceed the screen height \(formatNumber(height))"
            )
        }
        if safeArea.left + safeArea.right > width {
            report(
                path.appending(field: "safeArea"),
                "left + right (\(formatNumber(safeArea.left + safeArea.right))) exceed the screen width \(formatNumber(width))"
            )
        }
        return Screen(width: width, height: height, safeArea: safeArea, layoutDirection: direction, carPlay: carPlay)
    }

    /// {top, bottom, left, right}, each optional (0) and never negative.
    mutating func insets(_ value: JSONValue, at path: JSONPath) -> EdgeInsets? {
        guard let object = object(value, at: path) else { return nil }
        rejectUnknownMembers(of: object, at: path, allowed: ["top", "bottom", "left", "right"])
        func edge(_ key: StaticString, _ decoder: inout RequestDecoder) -> Double {
            decoder.present(object, key.description).flatMap {
                decoder.number($0, at: path.appending(field: key), .length)
            } ?? 0
        }
        return EdgeInsets(
            top: edge("top", &self), bottom: edge("bottom", &self), left: edge("left", &self),
            right: edge("right", &self))
    }

    // MARK: State

    mutating func state(_ value: JSONValue, at path: JSONPath) -> NavigationState? {
        guard let object = object(value, at: path) else { return nil }
        rejectUnknownMembers(
            of: object, at: path, allowed: ["navigation", "prompt", "wideMode", "camera", "speedWidget"])
        let navigation = required(object, "navigation", at: path).flatMap {
            choice($0, at: path.appending(field: "navigation"), as: NavigationMode.self)
        }
        var prompt: Prompt? = nil
        if let value = present(object, "prompt") {
            prompt = self.prompt(value, at: path.appending(field: "prompt"))
            if prompt != nil, let navigation, navigation != .guidance {
                report(
                    path.appending(field: "prompt"),
                    "prompts are shown only during guidance; navigation is '\(navigation.rawValue)'")
            }
        }
        let wideMode = present(object, "wideMode").flatMap { bool($0, at: path.appending(field: "wideMode")) }
        let camera =
            present(object, "camera").flatMap { self.camera($0, at: path.appending(field: "camera")) } ?? .default
        let speedWidget = present(object, "speedWidget").flatMap {
            choice($0, at: path.appending(field: "speedWidget"), as: SpeedWidgetState.self)
        }
        guard let navigation else { return nil }
        return NavigationState(
            navigation: navigation, prompt: prompt, wideMode: wideMode, camera: camera, speedWidget: speedWidget)
    }

    mutating func prompt(_ value: JSONValue, at path: JSONPath) -> Prompt? {
        guard let object = object(value, at: path) else { return nil }
        rejectUnknownMembers(of: object, at: path, allowed: ["kind", "height"])
        let kind = required(object, "kind", at: path).flatMap { string($0, at: path.appending(field: "kind")) }
        if let kind, !ConstraintParser.isName(kind) {
            report(
                path.appending(field: "kind"),
                "'\(kind)' is not a prompt kind: use a name such as incident, safetyCamera or betterRoute")
        }
        let height = present(object, "height").flatMap {
            number($0, at: path.appending(field: "height"), .positiveLength)
        }
        guard let kind else { return nil }
        return Prompt(kind: kind, height: height)
    }

    mutating func camera(_ value: JSONValue, at path: JSONPath) -> Camera? {
        guard let object = object(value, at: path) else { return nil }
        rejectUnknownMembers(of: object, at: path, allowed: ["bearing", "following", "userPanned", "locationKnown"])
        var camera = Camera.default
        if let value = present(object, "bearing"),
            let bearing = number(value, at: path.appending(field: "bearing"), .any)
        {
            camera.bearing = bearing
        }
        if let value = present(object, "following"), let flag = bool(value, at: path.appending(field: "following")) {
            camera.following = flag
        }
        if let value = present(object, "userPanned"), let flag = bool(value, at: path.appending(field: "userPanned")) {
            camera.userPanned = flag
        }
        if let value = present(object, "locationKnown"),
            let flag = bool(value, at: path.appending(field: "locationKnown"))
        {
            camera.locationKnown = flag
        }
        return camera
    }

    // MARK: Style

    mutating func style(_ value: JSONValue, at path: JSONPath) -> StyleValues? {
        guard let object = object(value, at: path) else { return nil }
        var style = StyleValues.defaults
        for member in object.members {
            let memberKey = member.key
            let memberPath = path.appending(memberKey)
            guard let key = StyleKey(rawValue: memberKey) else {
                let names = StyleKey.allCases.map(\.rawValue)
                report(
                    memberPath,
                    "unknown style value '\(member.key)'\(suggestion(for: member.key, among: names)); GET /v1/style lists them"
                )
                continue
            }
            guard !member.value.isNull else { continue }
            if let number = number(member.value, at: memberPath, .length) { style[key] = number }
        }
        return style
    }
}

func quotedList(_ names: [String]) -> String {
    names.map { "'\($0)'" }.joined(separator: ", ")
}
