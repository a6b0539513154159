// A picture from a layout result in the JSON form of the service contract (api.md, "Result"), with the
// request it answers. Stored results are JSON, so the picture of a history entry and the picture of a
// fresh solve come from the same code.

import JSON
import NavigationLayout

extension LayoutPicture {
    /// Reads `result` (the JSON of POST /v1/layouts) for the layout `request` asked for.
    ///
    /// The result is the service's own output, so this reads leniently: a member that is absent or of
    /// the wrong type is left out of the picture rather than failing it.
    ///
    /// - frames become items, their kind from the built-in item catalog or the delegate document (views,
    ///   stacks, guides); `guides` (the built-in legacy layout guides) become guide items; the camera
    ///   viewport and the prompt frame are added when `frames` does not already hold them;
    /// - `layers` gives the z order (listed items bottom to top, the viewport below everything, the
    ///   rest above the listed ones in frame order);
    /// - every diagnostic marks the items it names with its severity (the worst wins);
    /// - `prompt.animation` becomes the ghost start frame and arrow.
    public init(request: LayoutRequest, result: JSONValue, title: String? = nil) {
        let object = result.pictureObject ?? JSONObject()
        let navigation = object["navigation"]?.pictureString ?? request.state.navigation.rawValue
        let mode = object["mode"]?.pictureString ?? (request.delegate == nil ? "builtIn" : "delegate")
        let modeName = mode == "builtIn" ? "built-in layout" : "layout delegate"

        var diagnostics: [PictureDiagnostic] = []
        for value in object["diagnostics"]?.pictureArray ?? [] {
            guard let diagnostic = value.pictureObject else { continue }
            let severity = diagnostic["severity"]?.pictureString.flatMap(Severity.init(rawValue:)) ?? .info
            diagnostics.append(
                PictureDiagnostic(
                    severity: severity, code: diagnostic["code"]?.pictureString ?? "diagnostic",
                    message: diagnostic["message"]?.pictureString ?? "",
                    items: (diagnostic["items"]?.pictureArray ?? []).compactMap(\.pictureString)))
        }
        var marks: [String: Severity] = [:]  // lookups only; items keep the result's order
        for diagnostic in diagnostics {
            for name in diagnostic.items { marks[name] = max(marks[name] ?? diagnostic.severity, diagnostic.severity) }
        }

        let kinds = ItemKinds(delegate: request.delegate)
        let layers = (object["layers"]?.pictureArray ?? []).compactMap(\.pictureString)
        var items: [PictureItem] = []
        func add(_ name: String, _ value: JSONValue?, kind: PictureItemKind) {
            guard let frame = value.flatMap(PictureRect.init(json:)), !items.contains(where: { $0.name == name })
            else { return }
            items.append(PictureItem(name: name, frame: frame, kind: kind, mark: marks[name]))
        }
        for member in object["frames"]?.pictureObject?.members ?? [] {
            add(member.key, member.value, kind: kinds.kind(of: member.key))
        }
        add("viewport", object["camera"]?.pictureObject?["viewport"], kind: .viewport)
        let prompt = object["prompt"]?.pictureObject
        add("prompt", prompt?["frame"], kind: .prompt)
        for member in object["guides"]?.pictureObject?.members ?? [] { add(member.key, member.value, kind: .guide) }
        for index in items.indices {
            let name = items[index].name
            if let position = layers.firstIndex(of: name) {
                items[index].layer = position
            } else if items[index].kind == .viewport {
                items[index].layer = -1
            } else {
                items[index].layer = layers.count + index
            }
        }

        var hidden: [HiddenPictureItem] = []
        for member in object["hidden"]?.pictureObject?.members ?? [] {
            hidden.append(HiddenPictureItem(name: member.key, reason: member.value.pictureString ?? "hidden"))
        }

        var animation: PromptAnimationPicture? = nil
        if let animationObject = prompt?["animation"]?.pictureObject,
            let from = animationObject["from"].flatMap(PictureRect.init(json:)),
            let to = animationObject["to"].flatMap(PictureRect.init(json:))
        {
            animation = PromptAnimationPicture(from: from, to: to, duration: animationObject["duration"]?.pictureNumber)
        }

        let screen = request.screen
        var subtitles: [String] = []
        var facts = [modeName, navigation]
        if let wide = object["wideMode"]?.pictureBool { facts.append(wide ? "wide mode" : "not wide") }
        if let prompt = request.state.prompt { facts.append("prompt: " + prompt.kind) }
        subtitles.append(facts.joined(separator: " \u{00B7} "))
        let insets = screen.safeArea
        subtitles.append(
            SVGNumber.format(screen.width) + " \u{00D7} " + SVGNumber.format(screen.height) + " pt \u{00B7} safe area "
                + [insets.top, insets.bottom, insets.left, insets.right].map(SVGNumber.format).joined(separator: "/")
                + " (top/bottom/left/right) \u{00B7} " + screen.layoutDirection.rawValue)

        let status = object["status"]?.pictureString.flatMap(ResultStatus.init(rawValue:))
        self.init(
            screen: screen, title: title ?? (request.profileName ?? "Layout") + " \u{2014} " + navigation,
            subtitles: subtitles, status: status, items: items, hidden: hidden, diagnostics: diagnostics,
            promptAnimation: animation)
    }
}

/// The kind of each name a result can hold: the delegate document's own items, else the built-in catalog.
private struct ItemKinds {
    var views: Set<String> = []
    var stacks: Set<String> = []
    var guides: Set<String> = []

    init(delegate: DelegateDocument?) {
        guard let delegate else { return }
        views = Set(delegate.views.map(\.name))
        stacks = Set(delegate.stacks.map(\.name))
        guides = Set(delegate.guides)
    }

    func kind(of name: String) -> PictureItemKind {
        if stacks.contains(name) { return .stack }
        if guides.contains(name) { return .guide }
        if views.contains(name) { return .customView }
        if let builtIn = BuiltInItem(rawValue: name) { return PictureItemKind(builtIn: builtIn) }
        return .customView
    }
}

extension PictureRect {
    /// A frame object `{"x","y","width","height"}`; nil unless all four are numbers.
    init?(json value: JSONValue) {
        guard let object = value.pictureObject, let x = object["x"]?.pictureNumber, let y = object["y"]?.pictureNumber,
            let width = object["width"]?.pictureNumber, let height = object["height"]?.pictureNumber
        else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }
}

// Named for this file alone, so they cannot collide with accessors other parts of the module may add.
extension JSONValue {
    fileprivate var pictureObject: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    fileprivate var pictureArray: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    fileprivate var pictureString: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    fileprivate var pictureNumber: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    fileprivate var pictureBool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }
}
