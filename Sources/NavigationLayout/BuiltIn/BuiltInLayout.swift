/// The built-in (slot-based) layout of GMSUISettings, written as a delegate document: the same engine
/// solves it, and the conversion of legacy settings to a delegate is this document with the built-in-only
/// items renamed to the app's own views.
///
/// Placement (seeds 003/004, "map UI controls" and "map UI accessories"; numbers are style values):
/// - padding: the edges controls and the camera keep to are the map's edges inset per
///   paddingAdjustmentBehavior: always = padding + safe area, automatic = per edge max(padding, safe
///   area), never = padding only (guide `mapPadding`); the header and footer are not moved by it.
/// - header (turnCard) at the top leading edge, from the map's top (it extends under the top safe area);
///   header accessory right under it, as wide as the header, with the height it asks for; footer
///   (etaCard) at the bottom leading edge.
/// - compass top trailing, below the header in narrow mode; my-location and report-incident buttons in
///   the bottom trailing corner (a hiding stack: my-location lowest); trip progress bar on the trailing
///   edge between header and footer; Google logo (re-center button while panned) bottom leading above the
///   footer, the speed widget above it.
/// - every top edge below the header and every bottom edge above the footer or a shown prompt keeps the
///   padding; controls keep buttonHorizontalPadding / buttonVerticalPadding from what they sit against.
/// - wide mode: cards keep the leading edge; the camera frame sits beside them.
public struct BuiltInLayout: Sendable {
    public var screen: Screen
    public var state: NavigationState
    public var settings: Settings
    public var style: StyleValues
    public var wideMode: Bool
    /// Names for the built-in-only items: themselves in the built-in layout, the app's own views in a
    /// converted delegate.
    public var names: ItemNames
    /// Set after a first solve found the map too short for the header accessory.
    public var accessoryTooShort = false

    public struct ItemNames: Sendable, Equatable {
        public var myLocation: String
        public var headerAccessory: String

        public static let builtIn = ItemNames(myLocation: "myLocation", headerAccessory: "headerAccessory")
        public static let delegate = ItemNames(myLocation: "myLocationButton", headerAccessory: "headerAccessoryView")
    }

    /// The four layout guides the built-in layout publishes, in the order results list them.
    public static let legacyGuides = [
        "navigationHeaderLayoutGuide", "navigationFooterLayoutGuide", "bottomTrailingButtonsLayoutGuide",
        "bottomTrailingButtonsAlternateLayoutGuide",
    ]
    static let paddingGuide = "mapPadding"
    static let controlsBottomGuide = "controlsBottom"
    static let buttonStack = "bottomTrailingButtons"

    public init(
        screen: Screen, state: NavigationState, settings: Settings, style: StyleValues, wideMode: Bool,
        names: ItemNames = .builtIn
    ) {
        self.screen = screen
        self.state = state
        self.settings = settings
        self.style = style
        self.wideMode = wideMode
        self.names = names
    }

    // MARK: What shows

    private var guidance: Bool { state.navigation == .guidance }
    var headerShown: Bool { guidance && settings.navigationHeaderEnabled }
    var footerShown: Bool { guidance && settings.navigationFooterEnabled }
    var accessoryShown: Bool { headerShown && settings.headerAccessoryHeight != nil && !accessoryTooShort }
    var recenterShown: Bool {
        state.navigation != .disabled && state.camera.userPanned && settings.recenterButtonEnabled
    }
    var promptShown: Bool { guidance && state.prompt != nil && settings.shouldDisplayPrompts }
    /// Seed 004, compass: shown only when enabled and the camera points anywhere but north; during
    /// navigation with the camera following, it stays shown. It can never be forced on.
    var compassShown: Bool {
        settings.compassButton
            && (state.camera.isRotated || (state.navigation != .disabled && state.camera.following))
    }
    var myLocationShown: Bool { settings.myLocationButton }
    var reportingShown: Bool { guidance && settings.navigationReportIncidentButtonEnabled }
    var progressBarShown: Bool { guidance && settings.navigationTripProgressBarEnabled }
    /// The speed widget shows during guidance, and hides while the re-center button shows.
    var speedWidgetShown: Bool { guidance && !recenterShown }

    /// Items the settings turn on but the moment does not show, with the reason.
    public var hidden: [(name: String, reason: String)] {
        var hidden: [(String, String)] = []
        if settings.compassButton && !compassShown {
            hidden.append(("compass", "the camera points north (bearing 0) and is not following during navigation"))
        }
        if settings.headerAccessoryHeight != nil && !accessoryShown {
            hidden.append(
                (
                    names.headerAccessory,
                    accessoryTooShort
                        ? "the map is too short for it (style headerAccessoryMinimumMapHeight)"
                        : "shown only under a visible header during guidance"
                ))
        }
        if guidance && recenterShown {
            hidden.append(("speedWidget", "hidden while the re-center button shows"))
        }
        return hidden
    }

    // MARK: The document

    /// The padding edges in points from the map's edges, per paddingAdjustmentBehavior.
    func paddingEdge(_ padding: Double, _ safe: Double) -> (anchor: String, constant: Double) {
        switch settings.paddingAdjustmentBehavior {
        case .always: return ("safeArea", padding)
        case .automatic: return ("map", max(padding, safe))
        case .never: return ("map", padding)
        }
    }

    var leadingPadding: Double {
        screen.layoutDirection == .leftToRight ? settings.padding.left : settings.padding.right
    }
    private var trailingPadding: Double {
        screen.layoutDirection == .leftToRight ? settings.padding.right : settings.padding.left
    }
    private var leadingSafe: Double {
        screen.layoutDirection == .leftToRight ? screen.safeArea.left : screen.safeArea.right
    }
    private var trailingSafe: Double {
        screen.layoutDirection == .leftToRight ? screen.safeArea.right : screen.safeArea.left
    }

    /// The document with both navigating states (what a converted delegate needs).
    public var document: DelegateDocument { document(states: [.ready, .guidance]) }

    /// The document with the layouts of the given navigating states only (the built-in layout solves
    /// one state, so it generates one).
    func document(states: [NavigationMode]) -> DelegateDocument {
        var document = DelegateDocument()
        if let height = settings.headerAccessoryHeight, names != .builtIn {
            document.views.append(CustomView(name: names.headerAccessory, intrinsicHeight: height))
        }
        if names != .builtIn && myLocationShown {
            document.views.append(
                CustomView(
                    name: names.myLocation, intrinsicWidth: style[.buttonSize], intrinsicHeight: style[.buttonSize]))
        }
        document.guides = [Self.paddingGuide, Self.controlsBottomGuide] + Self.legacyGuides
        var arranged: [String] = []
        if myLocationShown { arranged.append(names.myLocation) }
        if settings.navigationReportIncidentButtonEnabled { arranged.append("reporting") }
        document.stacks = [
            HidingStack(
                name: Self.buttonStack, position: .bottom, alignment: .trailing, arranged: arranged,
                spacing: style[.buttonVerticalPadding])
        ]
        var shared = ConstraintListBuilder(path: "delegate.shared")
        let p = Self.paddingGuide
        let top = paddingEdge(settings.padding.top, screen.safeArea.top)
        let bottom = paddingEdge(settings.padding.bottom, screen.safeArea.bottom)
        let leading = paddingEdge(leadingPadding, leadingSafe)
        let trailing = paddingEdge(trailingPadding, trailingSafe)
        shared.equal("\(p).top", "\(top.anchor).top", top.constant)
        shared.equal("\(p).bottom", "\(bottom.anchor).bottom", -bottom.constant)
        shared.equal("\(p).leading", "\(leading.anchor).leading", leading.constant)
        shared.equal("\(p).trailing", "\(trailing.anchor).trailing", -trailing.constant)
        document.shared = shared.constraints
        if state.navigation != .disabled {
            if states.contains(.ready) {
                document.ready = BuiltInLayout(copying: self, navigation: .ready).stateLayout(path: "delegate.ready")
            }
            if states.contains(.guidance) {
                document.guidance = BuiltInLayout(copying: self, navigation: .guidance).stateLayout(
                    path: "delegate.guidance")
            }
            var prompt = ConstraintListBuilder(path: "delegate.prompt")
            prompt.equal("prompt.bottom", "map.bottom")
            prompt.equal("prompt.leading", "safeArea.leading")
            document.prompt = PromptLayout(constraints: prompt.constraints, corners: .top)
        }
        return document
    }

    private init(copying other: BuiltInLayout, navigation: NavigationMode) {
        self = other
        state.navigation = navigation
    }
}
