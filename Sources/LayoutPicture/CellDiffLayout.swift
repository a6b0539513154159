import NavigationLayout

/// Where the parts of a cell's review overlay go, and what it draws: the after picture as the overlay
/// shows it, the components that moved, appeared and vanished, the findings introduced and resolved,
/// and the panel's lines. Computed once per render, for the size and for the drawing alike.
struct CellDiffLayout {
    let options: SVGRenderer.Options
    /// The after picture as drawn: the overlay's title, a line of what changed above its own subtitles,
    /// marks from the introduced findings alone, and no prompt slide (its ghost would read as a before
    /// frame).
    let drawn: LayoutPicture
    /// The geometry of `drawn`, its stage wide enough for the before frames too.
    let base: PictureLayout
    /// Each moved component as drawn now, with its frame before.
    let moved: [(item: PictureItem, before: Frame)]
    /// The components drawn now that were not there before.
    let appeared: [PictureItem]
    /// The components that are gone, as they were, each marked with the worst introduced finding that
    /// names it.
    let vanished: [PictureItem]
    /// The findings of the after side the before side did not have, and the other way round (the same
    /// code naming the same items is the same finding).
    let introduced: [Diagnostic]
    let resolved: [Diagnostic]
    let panel: [DiffPanelLine]

    var size: PictureSize { base.size }

    init(_ overlay: CellDiffOverlay, options: SVGRenderer.Options) {
        self.options = options
        let diff = overlay.diff
        introduced = diff.introducedDiagnostics
        resolved = diff.resolvedDiagnostics
        let marks = Self.marks(introduced)

        var drawn = overlay.after
        drawn.title = overlay.title
        drawn.subtitles = [Self.summary(diff)] + overlay.after.subtitles
        drawn.promptAnimation = nil
        for index in drawn.items.indices { drawn.items[index].mark = marks[drawn.items[index].name] }
        self.drawn = drawn

        func drawnItem(_ name: String) -> PictureItem? { drawn.items.first { $0.name == name } }
        func beforeItem(_ name: String) -> PictureItem? { overlay.before.items.first { $0.name == name } }
        moved = diff.moved.compactMap { name in
            guard let item = drawnItem(name), let old = beforeItem(name) else { return nil }
            return (item, old.frame)
        }
        appeared = diff.appeared.compactMap(drawnItem)
        vanished = diff.vanished.compactMap { name in
            guard var item = beforeItem(name) else { return nil }
            item.mark = marks[name]
            return item
        }

        var shown: [DiffPanelLine.ComponentChange] = []
        if !moved.isEmpty { shown.append(.moved) }
        if !appeared.isEmpty { shown.append(.appeared) }
        if !vanished.isEmpty { shown.append(.vanished) }
        panel =
            options.showsPanel
            ? DiffPanelLine.layout(
                diff, introduced: introduced, resolved: resolved, drawn: shown,
                marks: drawn.items.compactMap(\.mark) + vanished.compactMap(\.mark), width: PictureLayout.panelWidth)
            : []
        let panelHeight = panel.last.map { $0.y + $0.height } ?? 0
        base = PictureLayout(
            picture: drawn, options: options, alsoShowing: moved.map(\.before) + vanished.map(\.frame),
            sidePanel: PictureSize(width: PictureLayout.panelWidth, height: panelHeight))
    }

    /// The worst severity among `diagnostics` naming each item.
    private static func marks(_ diagnostics: [Diagnostic]) -> [String: Severity] {
        var marks: [String: Severity] = [:]  // lookups only; items keep their own order
        for diagnostic in diagnostics {
            for name in diagnostic.items { marks[name] = max(marks[name] ?? diagnostic.severity, diagnostic.severity) }
        }
        return marks
    }

    /// One line of what changed: "moved googleLogo · vanished etaCard · introduced overlap".
    static func summary(_ diff: CellDiff) -> String {
        var parts: [String] = []
        if !diff.moved.isEmpty { parts.append("moved " + diff.moved.joined(separator: ", ")) }
        if !diff.appeared.isEmpty { parts.append("appeared " + diff.appeared.joined(separator: ", ")) }
        if !diff.vanished.isEmpty { parts.append("vanished " + diff.vanished.joined(separator: ", ")) }
        if !diff.introduced.isEmpty { parts.append("introduced " + diff.introduced.joined(separator: ", ")) }
        if !diff.resolved.isEmpty { parts.append("resolved " + diff.resolved.joined(separator: ", ")) }
        if diff.promptChanged { parts.append("prompt changed") }
        if parts.isEmpty, diff.change != .unchanged { parts.append("the camera viewport changed") }
        return parts.isEmpty ? "no change beyond the tolerance" : parts.joined(separator: " \u{00B7} ")
    }
}
