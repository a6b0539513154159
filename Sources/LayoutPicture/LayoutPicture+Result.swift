// The picture of a layout result, with the request it answers. A fresh solve and a result read back
// from history (`LayoutResult.decode(from:)`) are the same value, so they give the same picture.

import NavigationLayout

extension LayoutPicture {
    /// The picture of `result`, the layout `request` asked for.
    ///
    /// - frames become items, their kind from the delegate document (views, stacks, guides) or the
    ///   built-in item catalog; `guides` (the built-in legacy layout guides) become guide items; the
    ///   camera viewport and the prompt frame are added when `frames` does not already hold them;
    /// - a name the result lists twice is drawn once, with its last frame, as the result's JSON keeps it;
    /// - `layers` gives the z order (listed items bottom to top, the viewport below everything, the
    ///   rest above the listed ones in frame order);
    /// - every diagnostic marks the items it names with its severity (the worst wins);
    /// - the prompt's animation becomes the ghost start frame and arrow.
    public init(request: LayoutRequest, result: LayoutResult, title: String? = nil) {
        self.init(
            screen: request.screen,
            title: title ?? (request.profileName ?? "Layout") + " \u{2014} " + result.navigation.rawValue,
            subtitles: Self.subtitles(request: request, result: result),
            items: Self.items(request: request, result: result),
            hidden: onePerName(result.hidden.map { (name: $0.name, value: $0.reason) }).map { entry in
                HiddenPictureItem(name: entry.name, reason: entry.value)
            },
            diagnostics: result.diagnostics, promptAnimation: result.prompt?.animation)
    }

    /// What was solved, then the screen: "layout delegate · guidance · not wide · prompt: incident", and
    /// "393 × 852 pt · safe area 59/34/0/0 (top/bottom/left/right) · ltr".
    private static func subtitles(request: LayoutRequest, result: LayoutResult) -> [String] {
        var facts = [result.mode == .builtIn ? "built-in layout" : "layout delegate", result.navigation.rawValue]
        facts.append(result.wideMode ? "wide mode" : "not wide")
        if let prompt = request.state.prompt { facts.append("prompt: " + prompt.kind) }
        let screen = request.screen
        let insets = screen.safeArea
        return [
            facts.joined(separator: " \u{00B7} "),
            SVGNumber.format(screen.width) + " \u{00D7} " + SVGNumber.format(screen.height) + " pt \u{00B7} safe area "
                + [insets.top, insets.bottom, insets.left, insets.right].map(SVGNumber.format).joined(separator: "/")
                + " (top/bottom/left/right) \u{00B7} " + screen.layoutDirection.rawValue,
        ]
    }

    /// The drawn items: frames, the viewport, the prompt, guides, each name once, marked and layered.
    private static func items(request: LayoutRequest, result: LayoutResult) -> [PictureItem] {
        let marks = marks(result.diagnostics)
        let kinds = ItemKinds(delegate: request.delegate)
        var items: [PictureItem] = []
        func add(_ name: String, _ frame: Frame?, kind: PictureItemKind) {
            guard let frame, !items.contains(where: { $0.name == name }) else { return }
            items.append(PictureItem(name: name, frame: frame, kind: kind, mark: marks[name]))
        }
        for entry in onePerName(result.frames.map { (name: $0.name, value: $0.frame) }) {
            add(entry.name, entry.value, kind: kinds.kind(of: entry.name))
        }
        add("viewport", result.cameraViewport, kind: .viewport)
        add("prompt", result.prompt?.frame, kind: .prompt)
        for entry in onePerName(result.guides.map { (name: $0.name, value: $0.frame) }) {
            add(entry.name, entry.value, kind: .guide)
        }
        for index in items.indices {
            items[index].layer = layer(of: items[index], at: index, layers: result.layers)
        }
        return items
    }

    /// The worst severity among the diagnostics naming each item.
    private static func marks(_ diagnostics: [Diagnostic]) -> [String: Severity] {
        var marks: [String: Severity] = [:]  // lookups only; items keep the result's order
        for diagnostic in diagnostics {
            for name in diagnostic.items { marks[name] = max(marks[name] ?? diagnostic.severity, diagnostic.severity) }
        }
        return marks
    }

    /// An item's place in `layers` (bottom to top); the viewport, unlisted, goes below everything, any
    /// other unlisted item above the listed ones, in item order.
    private static func layer(of item: PictureItem, at index: Int, layers: [String]) -> Int {
        if let position = layers.firstIndex(of: item.name) { return position }
        return item.kind == .viewport ? -1 : layers.count + index
    }
}

/// Each name once, where it first appears, with the value it was last given: a result's JSON keeps one
/// member per name (`CompactJSONWriter.uniqueMembers`), and the picture shows what the answer shows.
private func onePerName<Value>(_ entries: [(name: String, value: Value)]) -> [(name: String, value: Value)] {
    var unique: [(name: String, value: Value)] = []
    for entry in entries {
        if let index = unique.firstIndex(where: { $0.name == entry.name }) {
            unique[index].value = entry.value
        } else {
            unique.append(entry)
        }
    }
    return unique
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
