/// Everything one layout needs, resolved from a request: the delegate document to solve (the request's,
/// or the one the built-in layout generates), the state it is solved in, and what the built-in layout
/// adds around it.
public struct LayoutPlan: Sendable {
    public var mode: LayoutMode
    public var document: DelegateDocument
    public var screen: Screen
    public var state: NavigationState
    public var settings: Settings
    public var style: StyleValues
    public var wideMode: Bool
    /// The document was generated for the built-in layout: it may place the items only the built-in
    /// layout has (myLocation, recenter, headerAccessory).
    public var allowsBuiltInOnlyItems: Bool
    /// Guides reported in the result; nil reports every guide of the document.
    public var reportedGuides: [String]?
    /// Items the plan already decided not to show, with the reason (compass at bearing 0, ...).
    public var hidden: [(name: String, reason: String)]
    /// Findings made while building the plan (legacy settings, CarPlay, ...).
    public var diagnostics: [Diagnostic]
    /// The views and constraints to solve when the document has no layout for the state (the built-in
    /// layout with navigation disabled, which no delegate callback covers).
    public var stateLayoutOverride: StateLayout?

    public init(
        mode: LayoutMode, document: DelegateDocument, screen: Screen, state: NavigationState, settings: Settings,
        style: StyleValues, wideMode: Bool, allowsBuiltInOnlyItems: Bool, reportedGuides: [String]? = nil,
        hidden: [(name: String, reason: String)] = [], diagnostics: [Diagnostic] = []
    ) {
        self.mode = mode
        self.document = document
        self.screen = screen
        self.state = state
        self.settings = settings
        self.style = style
        self.wideMode = wideMode
        self.allowsBuiltInOnlyItems = allowsBuiltInOnlyItems
        self.reportedGuides = reportedGuides
        self.hidden = hidden
        self.diagnostics = diagnostics
    }

    /// The views and constraints in force for the state.
    public var stateLayout: StateLayout? {
        stateLayoutOverride ?? document.layout(for: state.navigation, wideMode: wideMode)
    }

    /// Whether a prompt is on screen: one is asked for, during guidance, and prompts are not turned off.
    public var promptShown: Bool {
        state.prompt != nil && state.navigation == .guidance && settings.shouldDisplayPrompts
    }

    /// The re-center button stands in for the Google logo: navigation on, the driver has panned away,
    /// and recenterButtonEnabled (seed 000 "Thành phần bắt buộc": the logo turns into the re-center
    /// button, so its place decides where the button appears; seeds 003/004 "re-center button").
    public var recenterShown: Bool {
        state.navigation != .disabled && state.camera.userPanned && settings.recenterButtonEnabled
    }

    var sizes: ComponentSizes {
        let speedWidget: SpeedWidgetState
        if let given = state.speedWidget {
            speedWidget = given
        } else {
            switch (settings.shouldDisplaySpeedometer, settings.shouldDisplaySpeedLimit) {
            case (true, true): speedWidget = .both
            case (true, false): speedWidget = .speed
            case (false, true): speedWidget = .limit
            case (false, false): speedWidget = .none
            }
        }
        return ComponentSizes(
            screen: screen, style: style, wideMode: wideMode, speedWidget: speedWidget,
            promptHeight: state.prompt.map { $0.height ?? style[.promptDefaultHeight] } ?? style[.promptDefaultHeight],
            headerAccessoryHeight: settings.headerAccessoryHeight)
    }
}
