import NavigationLayout

/// Where the parts of one picture go, in picture coordinates at scale 1: the caption on top, the phone
/// below it, the panel (hidden items, diagnostics, legend) beside the phone.
///
/// Computed once per render and used both for `SVGRenderer.size(of:)` and for drawing, so the size a
/// contact sheet reserves is exactly the size drawn.
struct PictureLayout {
    static let margin = 16.0
    static let titleFontSize = 15.0
    static let subtitleFontSize = 12.0
    static let panelGap = 28.0
    static let panelWidth = 290.0
    static let panelFontSize = 11.5
    static let panelLineHeight = 15.0
    static let labelFontSize = 11.0
    static let captionFontSize = 10.5

    let options: SVGRenderer.Options
    let picture: LayoutPicture
    /// Where the screen's top-left corner sits in the picture.
    let screenOrigin: PicturePoint
    /// The phone body around the screen.
    let bezel: Double
    let screenCornerRadius: Double
    /// Everything drawn of the stage (phone plus items reaching outside it), picture coordinates.
    let stage: Frame
    let headerHeight: Double
    let panelX: Double
    let panel: [PanelLine]
    let size: PictureSize

    /// `extraFrames` (screen coordinates) widen the stage like items do, for drawings that show more
    /// than the picture's items (the frames a layout review compares with). `sidePanel`, when given, is
    /// the size of a panel the caller draws in place of the picture's own, at `panelX`.
    init(
        picture: LayoutPicture, options: SVGRenderer.Options, alsoShowing extraFrames: [Frame] = [],
        sidePanel: PictureSize? = nil
    ) {
        self.options = options
        self.picture = picture
        let margin = Self.margin
        let screen = picture.screen
        let width = Self.sane(screen.width, fallback: 1)
        let height = Self.sane(screen.height, fallback: 1)
        let shorter = min(width, height)
        bezel = max(6, min(14, shorter * 0.03))
        screenCornerRadius = max(6, min(40, shorter * 0.1))

        headerHeight =
            options.showsHeader
            ? 22 + Double(picture.subtitles.count) * 16 + 10
            : 0

        // The stage grows to show items outside the screen (an offscreen diagnostic, a prompt's start
        // frame below the bottom edge), but only so far: a wildly wrong frame must not make a huge canvas.
        var bounds = Frame(x: -bezel, y: -bezel, width: width + 2 * bezel, height: height + 2 * bezel)
        let limits = Frame(x: -width / 2, y: -height / 2, width: width * 2, height: height * 2)
        var extra: [Frame] = picture.items.map(\.frame) + extraFrames
        if let animation = picture.promptAnimation { extra += [animation.from, animation.to] }
        for frame in extra where frame.isFinite {
            let clamped = Self.clamp(frame.standardized, to: limits)
            bounds = bounds.union(clamped.insetBy(-4))
        }
        let stageTop = margin + headerHeight
        screenOrigin = PicturePoint(x: margin - bounds.minX, y: stageTop - bounds.minY)
        stage = Frame(x: margin, y: stageTop, width: bounds.width, height: bounds.height)
        let captionBottom = stage.maxY + (options.showsHeader ? 18 : 0)

        panelX = stage.maxX + Self.panelGap
        panel =
            options.showsPanel && sidePanel == nil ? PanelLine.layout(picture: picture, width: Self.panelWidth) : []
        let panelHeight = options.showsPanel ? sidePanel?.height ?? panel.last.map { $0.y + $0.height } ?? 0 : 0
        let panelBottom = stageTop + panelHeight
        let contentRight = options.showsPanel ? panelX + (sidePanel?.width ?? Self.panelWidth) : stage.maxX
        // A long title is shortened to the width, never widens the picture: a contact sheet needs
        // cells whose size depends on the layout alone.
        size = PictureSize(
            width: contentRight + margin,
            height: max(captionBottom, panelBottom) + margin)
    }

    /// A screen coordinate in picture coordinates.
    func point(_ x: Double, _ y: Double) -> PicturePoint {
        PicturePoint(x: screenOrigin.x + x, y: screenOrigin.y + y)
    }

    /// A frame in picture coordinates.
    func rect(_ frame: Frame) -> Frame {
        Frame(x: screenOrigin.x + frame.x, y: screenOrigin.y + frame.y, width: frame.width, height: frame.height)
    }

    /// The screen in picture coordinates.
    var screenRect: Frame {
        rect(
            Frame(
                x: 0, y: 0, width: Self.sane(picture.screen.width, fallback: 1),
                height: Self.sane(picture.screen.height, fallback: 1)))
    }

    static func sane(_ value: Double, fallback: Double) -> Double {
        value.isFinite && value > 0 ? min(value, 100_000) : fallback
    }

    static func clamp(_ frame: Frame, to limits: Frame) -> Frame {
        let left = min(max(frame.minX, limits.minX), limits.maxX)
        let top = min(max(frame.minY, limits.minY), limits.maxY)
        let right = min(max(frame.maxX, limits.minX), limits.maxX)
        let bottom = min(max(frame.maxY, limits.minY), limits.maxY)
        return Frame(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// One line of the panel beside the phone, positioned relative to the top of the stage.
struct PanelLine {
    enum Content {
        case heading(String)
        case hidden(HiddenPictureItem, text: String, first: Bool)
        case diagnostic(index: Int, Diagnostic, text: String, first: Bool)
        case note(String)
        case legendKind(PictureItemKind)
        case legendMark(Severity)
        case legendGhost(duration: Double)
        case legendSafeArea
    }

    var content: Content
    var y: Double
    var height: Double

    static func layout(picture: LayoutPicture, width: Double) -> [PanelLine] {
        var lines: [PanelLine] = []
        var y = 0.0
        let lineHeight = PictureLayout.panelLineHeight
        let fontSize = PictureLayout.panelFontSize
        func add(_ content: Content, height: Double = lineHeight) {
            lines.append(PanelLine(content: content, y: y, height: height))
            y += height
        }
        func gap() { y += 10 }

        add(.heading("Hidden (\(picture.hidden.count))"), height: 18)
        if picture.hidden.isEmpty { add(.note("nothing hidden")) }
        for item in picture.hidden {
            let wrapped = TextMetrics.wrap("\(item.name) \u{2014} \(item.reason)", into: width - 14, fontSize: fontSize)
            for (position, text) in wrapped.enumerated() { add(.hidden(item, text: text, first: position == 0)) }
        }
        gap()
        add(.heading("Diagnostics (\(picture.diagnostics.count))"), height: 18)
        if picture.diagnostics.isEmpty { add(.note("none: the layout follows every rule checked")) }
        for (index, diagnostic) in picture.diagnostics.enumerated() {
            var text = diagnostic.code.rawValue + ": " + diagnostic.message
            if !diagnostic.items.isEmpty { text += " [" + diagnostic.items.joined(separator: ", ") + "]" }
            // The code is set in bold: leave room for its extra width.
            let boldExtra =
                TextMetrics.width(of: diagnostic.code.rawValue, fontSize: fontSize, bold: true)
                - TextMetrics.width(of: diagnostic.code.rawValue, fontSize: fontSize)
            let wrapped = TextMetrics.wrap(text, into: width - 14 - boldExtra, fontSize: fontSize)
            for (position, line) in wrapped.enumerated() {
                add(.diagnostic(index: index, diagnostic, text: line, first: position == 0))
            }
            y += 3
        }
        gap()
        add(.heading("Legend"), height: 18)
        // Only what this picture shows, in a fixed order, so the legend explains and never distracts.
        for kind in PictureItemKind.allCases where picture.items.contains(where: { $0.kind == kind }) {
            add(.legendKind(kind), height: 16)
        }
        add(.legendSafeArea, height: 16)
        for severity in Severity.allCases.reversed() where picture.items.contains(where: { $0.mark == severity }) {
            add(.legendMark(severity), height: 16)
        }
        if let animation = picture.promptAnimation { add(.legendGhost(duration: animation.duration), height: 16) }
        return lines
    }
}
