/// Built-in (slot-based, GMSUISettings) layout or a layout delegate.

import JSON

public enum LayoutMode: String, Sendable {
    case builtIn
    case delegate
}

/// The prompt on screen: where it sits, which corners are rounded, and how it slides.
public struct PromptResult: Sendable, Equatable {
    public var frame: Frame
    public var corners: PromptCorners
    public var animation: PromptAnimation

    public init(frame: Frame, corners: PromptCorners, animation: PromptAnimation) {
        self.frame = frame
        self.corners = corners
        self.animation = animation
    }

    public var jsonValue: JSONValue {
        ["frame": frame.jsonValue, "corners": .string(corners.rawValue), "animation": animation.jsonValue]
    }
}

/// A non-required constraint the solution does not satisfy, by how much.
public struct BrokenConstraintReport: Sendable, Equatable {
    public var constraint: String
    public var priority: Int
    public var violation: Double

    public init(constraint: String, priority: Int, violation: Double) {
        self.constraint = constraint
        self.priority = priority
        self.violation = violation
    }

    public var jsonValue: JSONValue {
        ["constraint": .string(constraint), "priority": .number(Double(priority)), "violation": .number(violation)]
    }
}

/// The header colours of the built-in settings, carried through for renderers (the layout ignores them).
public struct Appearance: Sendable, Equatable {
    public var headerPrimaryBackgroundColor: RGBColor?
    public var headerSecondaryBackgroundColor: RGBColor?

    public init(headerPrimaryBackgroundColor: RGBColor? = nil, headerSecondaryBackgroundColor: RGBColor? = nil) {
        self.headerPrimaryBackgroundColor = headerPrimaryBackgroundColor
        self.headerSecondaryBackgroundColor = headerSecondaryBackgroundColor
    }

    public var isEmpty: Bool { headerPrimaryBackgroundColor == nil && headerSecondaryBackgroundColor == nil }

    public var jsonValue: JSONValue {
        var object = JSONObject()
        if let headerPrimaryBackgroundColor {
            object["navigationHeaderPrimaryBackgroundColor"] = .string(headerPrimaryBackgroundColor.description)
        }
        if let headerSecondaryBackgroundColor {
            object["navigationHeaderSecondaryBackgroundColor"] = .string(headerSecondaryBackgroundColor.description)
        }
        return .object(object)
    }
}

/// The answer to one layout request: the contract of api.md, "Result".
///
/// Ordered collections are arrays of pairs, never dictionaries, so the JSON is the same bytes every time.
public struct LayoutResult: Sendable, Equatable {
    public var mode: LayoutMode
    public var navigation: NavigationMode
    public var wideMode: Bool
    /// Visible items (views, the viewport, stacks) with their frames, in layer order of addition.
    public var frames: [(name: String, frame: Frame)]
    /// Items provided but not shown, with the reason.
    public var hidden: [(name: String, reason: String)]
    /// Layout guides with their frames (built-in mode: the four legacy layout guides).
    public var guides: [(name: String, frame: Frame)]
    /// The camera frame (the viewport), when one is laid out.
    public var cameraViewport: Frame?
    public var prompt: PromptResult?
    /// z order, bottom to top, of the visible items.
    public var layers: [String]
    public var diagnostics: [Diagnostic]
    public var broken: [BrokenConstraintReport]
    public var mapFeatures: MapFeatures
    public var appearance: Appearance
    /// Measured by the caller (the engine has no clock); nil until set.
    public var solveMicros: Int?
    /// The history id, set by the service when it records the result.
    public var id: String?

    public init(
        mode: LayoutMode, navigation: NavigationMode, wideMode: Bool, frames: [(name: String, frame: Frame)] = [],
        hidden: [(name: String, reason: String)] = [], guides: [(name: String, frame: Frame)] = [],
        cameraViewport: Frame? = nil, prompt: PromptResult? = nil, layers: [String] = [],
        diagnostics: [Diagnostic] = [], broken: [BrokenConstraintReport] = [], mapFeatures: MapFeatures,
        appearance: Appearance = Appearance(), solveMicros: Int? = nil, id: String? = nil
    ) {
        self.mode = mode
        self.navigation = navigation
        self.wideMode = wideMode
        self.frames = frames
        self.hidden = hidden
        self.guides = guides
        self.cameraViewport = cameraViewport
        self.prompt = prompt
        self.layers = layers
        self.diagnostics = diagnostics
        self.broken = broken
        self.mapFeatures = mapFeatures
        self.appearance = appearance
        self.solveMicros = solveMicros
        self.id = id
    }

    /// The worst diagnostic: "error" or "warning"; "ok" when there are none or only notes (info).
    public var status: String {
        ResultStatus(worstOf: diagnostics.lazy.map(\.severity)).rawValue
    }

    /// The frame of a visible item.
    public func frame(of name: String) -> Frame? {
        frames.first { $0.name == name }?.frame
    }

    /// The frame of a guide.
    public func guide(_ name: String) -> Frame? {
        guides.first { $0.name == name }?.frame
    }

    public func hiddenReason(of name: String) -> String? {
        hidden.first { $0.name == name }?.reason
    }

    public func diagnostics(_ code: DiagnosticCode) -> [Diagnostic] {
        diagnostics.filter { $0.code == code }
    }

    public static func == (lhs: LayoutResult, rhs: LayoutResult) -> Bool {
        lhs.jsonValue == rhs.jsonValue
    }

    public var jsonValue: JSONValue {
        var object = JSONObject()
        if let id { object["id"] = .string(id) }
        object["mode"] = .string(mode.rawValue)
        object["navigation"] = .string(navigation.rawValue)
        object["wideMode"] = .bool(wideMode)
        object["status"] = .string(status)
        object["frames"] = .object(JSONObject(frames.map { ($0.name, $0.frame.jsonValue) }))
        object["hidden"] = .object(JSONObject(hidden.map { ($0.name, JSONValue.string($0.reason)) }))
        object["guides"] = .object(JSONObject(guides.map { ($0.name, $0.frame.jsonValue) }))
        var camera = JSONObject()
        if let cameraViewport { camera["viewport"] = cameraViewport.jsonValue }
        object["camera"] = .object(camera)
        object["prompt"] = prompt?.jsonValue ?? .null
        object["layers"] = .array(layers.map(JSONValue.string))
        object["diagnostics"] = .array(diagnostics.map(\.jsonValue))
        object["broken"] = .array(broken.map(\.jsonValue))
        object["mapFeatures"] = mapFeatures.jsonValue
        if !appearance.isEmpty { object["appearance"] = appearance.jsonValue }
        if let solveMicros { object["solveMicros"] = .number(Double(solveMicros)) }
        return .object(object)
    }

    /// The result as JSON bytes (compact unless asked otherwise).
    public func jsonBytes(format: JSONWriter.Format = .compact) -> [UInt8] {
        format == .compact ? compactJSONBytes() : JSONWriter(format: format).bytes(for: jsonValue)
    }

    /// The compact bytes with `id` as the result's id: what a recorded layout answers, written
    /// without copying the result to set its id.
    public func jsonBytes(id: String) -> [UInt8] {
        compactJSONBytes(id: id)
    }
}
