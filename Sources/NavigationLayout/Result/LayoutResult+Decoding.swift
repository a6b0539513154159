/// A layout result read back from the JSON this service writes for it (`jsonBytes()`, `jsonValue`):
/// the result of a layout in history, drawn again as a picture.
///
/// A stored result was written by this service, so it is read strictly: a member the writer always
/// writes must be there with its type, and anything else is a `ResultDecodingError` naming the member.
/// Members the writer derives from others (the status, a diagnostic's severity, rule and
/// `brokenToRecover`) are not read: the result computes them again. Members the writer never writes
/// are ignored. The writer spells a number that is not finite as `null`; it reads back as NaN.

import JSON

/// Why a stored result does not read back: the member at fault and what is wrong with it.
public struct ResultDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A JSON path such as `diagnostics[2].code`; "" for the document itself.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { (path.isEmpty ? "(document)" : path) + ": " + message }
}

extension LayoutResult {
    /// The result in `bytes`, a JSON document as `jsonBytes()` writes it.
    public static func decode(from bytes: [UInt8]) throws(ResultDecodingError) -> LayoutResult {
        let document: JSONValue
        do throws(JSONParseError) {
            document = try JSONParser().parse(bytes)
        } catch {
            throw ResultDecodingError(path: "", message: error.description)
        }
        return try decode(from: document)
    }

    /// The result `value` holds, a document as `jsonValue` builds it.
    public static func decode(from value: JSONValue) throws(ResultDecodingError) -> LayoutResult {
        let root = try StoredObject(value, path: "")
        return LayoutResult(
            mode: try root.enumeration("mode", LayoutMode.self),
            navigation: try root.enumeration("navigation", NavigationMode.self),
            wideMode: try root.bool("wideMode"),
            frames: try root.frames("frames"),
            hidden: try root.object("hidden").members.map { member throws(ResultDecodingError) in
                (name: member.key, reason: try member.value.string())
            },
            guides: try root.frames("guides"),
            cameraViewport: try root.object("camera").optional("viewport")?.frame(),
            prompt: try root.required("prompt").promptResult(),
            layers: try root.strings("layers"),
            diagnostics: try root.array("diagnostics").map { element throws(ResultDecodingError) in
                try element.diagnostic()
            },
            broken: try root.array("broken").map { element throws(ResultDecodingError) in try element.brokenReport() },
            mapFeatures: try root.object("mapFeatures").mapFeatures(),
            appearance: try root.optional("appearance")?.appearance() ?? Appearance(),
            solveMicros: try root.optional("solveMicros")?.integer(),
            id: try root.optional("id")?.string())
    }
}

/// A value of a stored result with its path, read as the type the writer gives it.
private struct StoredValue {
    let value: JSONValue
    let path: String

    func failure(_ expected: String) -> ResultDecodingError {
        ResultDecodingError(path: path, message: "expected \(expected), found \(value.typeDescription)")
    }

    func object() throws(ResultDecodingError) -> StoredObject {
        try StoredObject(value, path: path)
    }

    func string() throws(ResultDecodingError) -> String {
        guard case .string(let text) = value else { throw failure("a string") }
        return text
    }

    func bool() throws(ResultDecodingError) -> Bool {
        guard case .bool(let flag) = value else { throw failure("a boolean") }
        return flag
    }

    /// A number; `null` is the writer's spelling of one that is not finite.
    func number() throws(ResultDecodingError) -> Double {
        switch value {
        case .number(let number): return number
        case .null: return .nan
        default: throw failure("a number")
        }
    }

    func integer() throws(ResultDecodingError) -> Int {
        guard case .number(let number) = value, let integer = Int(exactly: number) else {
            throw failure("an integer")
        }
        return integer
    }

    func elements() throws(ResultDecodingError) -> [StoredValue] {
        guard case .array(let elements) = value else { throw failure("an array") }
        return elements.enumerated().map { StoredValue(value: $1, path: path + "[\($0)]") }
    }

    func strings() throws(ResultDecodingError) -> [String] {
        try elements().map { element throws(ResultDecodingError) in try element.string() }
    }

    func enumeration<Value: RawRepresentable<String>>(_ type: Value.Type) throws(ResultDecodingError) -> Value {
        let text = try string()
        guard let value = Value(rawValue: text) else {
            throw ResultDecodingError(path: path, message: "'\(text)' is not a known \(Value.self)")
        }
        return value
    }

    func frame() throws(ResultDecodingError) -> Frame {
        let fields = try object()
        return Frame(
            x: try fields.number("x"), y: try fields.number("y"), width: try fields.number("width"),
            height: try fields.number("height"))
    }

    func promptResult() throws(ResultDecodingError) -> PromptResult? {
        if case .null = value { return nil }
        let fields = try object()
        let frame = try fields.frame("frame")
        let corners = try fields.enumeration("corners", PromptCorners.self)
        let animation = try fields.object("animation")
        return PromptResult(
            frame: frame, corners: corners,
            animation: PromptAnimation(
                duration: try animation.number("duration"), from: try animation.frame("from"),
                to: try animation.frame("to")))
    }

    func diagnostic() throws(ResultDecodingError) -> Diagnostic {
        let fields = try object()
        return Diagnostic(
            code: try fields.enumeration("code", DiagnosticCode.self), message: try fields.string("message"),
            items: try fields.strings("items"), constraint: try fields.optional("constraint")?.string(),
            state: try fields.string("state"), conflicting: try fields.optional("conflicting")?.strings(),
            source: try fields.optional("source")?.diagnosticSource())
    }

    func diagnosticSource() throws(ResultDecodingError) -> DiagnosticSource {
        let fields = try object()
        return DiagnosticSource(
            path: try fields.string("path"), line: try fields.integer("line"), column: try fields.integer("column"))
    }

    func brokenReport() throws(ResultDecodingError) -> BrokenConstraintReport {
        let fields = try object()
        return BrokenConstraintReport(
            constraint: try fields.string("constraint"), priority: try fields.integer("priority"),
            violation: try fields.number("violation"))
    }

    func color() throws(ResultDecodingError) -> RGBColor {
        let text = try string()
        guard let color = RGBColor(hex: text) else {
            throw ResultDecodingError(path: path, message: "'\(text)' is not a colour \"#RRGGBB\"")
        }
        return color
    }

    func appearance() throws(ResultDecodingError) -> Appearance {
        let fields = try object()
        return Appearance(
            headerPrimaryBackgroundColor: try fields.optional("navigationHeaderPrimaryBackgroundColor")?.color(),
            headerSecondaryBackgroundColor: try fields.optional("navigationHeaderSecondaryBackgroundColor")?.color())
    }
}

/// An object of a stored result with its path: its members read by name.
private struct StoredObject {
    let json: JSONObject
    let path: String

    init(_ value: JSONValue, path: String) throws(ResultDecodingError) {
        guard case .object(let object) = value else {
            throw ResultDecodingError(path: path, message: "expected an object, found \(value.typeDescription)")
        }
        self.json = object
        self.path = path
    }

    /// The members in the order written.
    var members: [(key: String, value: StoredValue)] {
        json.members.map { (key: $0.key, value: StoredValue(value: $0.value, path: memberPath($0.key))) }
    }

    func memberPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// A member the writer always writes.
    func required(_ key: String) throws(ResultDecodingError) -> StoredValue {
        guard let value = json[key] else { throw ResultDecodingError(path: memberPath(key), message: "missing") }
        return StoredValue(value: value, path: memberPath(key))
    }

    /// A member the writer writes only when it has a value.
    func optional(_ key: String) -> StoredValue? {
        json[key].map { StoredValue(value: $0, path: memberPath(key)) }
    }

    func object(_ key: String) throws(ResultDecodingError) -> StoredObject { try required(key).object() }
    func string(_ key: String) throws(ResultDecodingError) -> String { try required(key).string() }
    func bool(_ key: String) throws(ResultDecodingError) -> Bool { try required(key).bool() }
    func number(_ key: String) throws(ResultDecodingError) -> Double { try required(key).number() }
    func integer(_ key: String) throws(ResultDecodingError) -> Int { try required(key).integer() }
    func strings(_ key: String) throws(ResultDecodingError) -> [String] { try required(key).strings() }
    func array(_ key: String) throws(ResultDecodingError) -> [StoredValue] { try required(key).elements() }
    func frame(_ key: String) throws(ResultDecodingError) -> Frame { try required(key).frame() }

    func enumeration<Value: RawRepresentable<String>>(
        _ key: String, _ type: Value.Type
    ) throws(ResultDecodingError) -> Value {
        try required(key).enumeration(type)
    }

    /// An object of named frames, in the order written.
    func frames(_ key: String) throws(ResultDecodingError) -> [(name: String, frame: Frame)] {
        try object(key).members.map { member throws(ResultDecodingError) in
            (name: member.key, frame: try member.value.frame())
        }
    }

    func mapFeatures() throws(ResultDecodingError) -> MapFeatures {
        MapFeatures(
            trafficLights: try bool("trafficLights"), stopSigns: try bool("stopSigns"),
            destinationMarkers: try bool("destinationMarkers"), scrollGestures: try bool("scrollGestures"),
            zoomGestures: try bool("zoomGestures"), tiltGestures: try bool("tiltGestures"),
            rotateGestures: try bool("rotateGestures"),
            alternateRoutes: try enumeration("alternateRoutes", AlternateRoutesStrategy.self),
            prompts: try bool("prompts"))
    }
}

extension MapFeatures {
    /// Features as a stored result lists them.
    fileprivate init(
        trafficLights: Bool, stopSigns: Bool, destinationMarkers: Bool, scrollGestures: Bool, zoomGestures: Bool,
        tiltGestures: Bool, rotateGestures: Bool, alternateRoutes: AlternateRoutesStrategy, prompts: Bool
    ) {
        self.trafficLights = trafficLights
        self.stopSigns = stopSigns
        self.destinationMarkers = destinationMarkers
        self.scrollGestures = scrollGestures
        self.zoomGestures = zoomGestures
        self.tiltGestures = tiltGestures
        self.rotateGestures = rotateGestures
        self.alternateRoutes = alternateRoutes
        self.prompts = prompts
    }
}
