import NavigationLayout

/// Everything a picture of one layout shows, and nothing it has to compute: the input of `SVGRenderer`.
///
/// A layout result maps onto it (see `LayoutPicture(request:result:)`), and tests and benchmarks
/// can build one by hand: the renderer never depends on how a layout was solved.
public struct LayoutPicture: Sendable, Equatable {
    /// The map view: its size, safe area and layout direction.
    public var screen: Screen
    /// The first line of the caption, e.g. "iPhone 15 · delegate · guidance".
    public var title: String
    /// Further caption lines, e.g. the screen size or the wide-mode verdict.
    public var subtitles: [String]
    /// The badge in the top trailing corner.
    public var status: ResultStatus
    /// The placed items; drawn in `layer` order (ties keep this order).
    public var items: [PictureItem]
    /// Items the layout provides but does not show, with the reason; listed beside the screen.
    public var hidden: [HiddenPictureItem]
    /// The diagnostics, listed beside the screen in this order.
    public var diagnostics: [Diagnostic]
    /// A prompt's slide animation: its start frame is drawn as a ghost with an arrow to the end frame.
    public var promptAnimation: PromptAnimation?

    /// A picture; without an explicit status, the worst diagnostic decides it.
    public init(
        screen: Screen, title: String, subtitles: [String] = [], status: ResultStatus? = nil,
        items: [PictureItem], hidden: [HiddenPictureItem] = [], diagnostics: [Diagnostic] = [],
        promptAnimation: PromptAnimation? = nil
    ) {
        self.screen = screen
        self.title = title
        self.subtitles = subtitles
        self.status = status ?? ResultStatus(worstOf: diagnostics.map(\.severity))
        self.items = items
        self.hidden = hidden
        self.diagnostics = diagnostics
        self.promptAnimation = promptAnimation
    }
}

/// One placed item.
public struct PictureItem: Sendable, Equatable {
    public var name: String
    public var frame: Frame
    public var kind: PictureItemKind
    /// Z order: higher is drawn on top.
    public var layer: Int
    /// The worst severity among the diagnostics that name the item; nil when none does.
    public var mark: Severity?

    public init(name: String, frame: Frame, kind: PictureItemKind, layer: Int = 0, mark: Severity? = nil) {
        self.name = name
        self.frame = frame
        self.kind = kind
        self.layer = layer
        self.mark = mark
    }

    /// Whether a diagnostic names the item.
    public var isMarked: Bool { mark != nil }
}

/// An item the layout provides but does not show.
public struct HiddenPictureItem: Sendable, Equatable {
    public var name: String
    public var reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }
}
