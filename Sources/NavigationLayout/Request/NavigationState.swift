/// The navigation UI state of the map view, as the layout delegate's callbacks move it.
public enum NavigationMode: String, CaseIterable, Sendable {
    /// Navigation UI off: the built-in map controls only.
    case disabled
    /// enableNavigationUI has run: navigation-ready.
    case ready
    /// startGuidance has run: active guidance.
    case guidance
}

/// A prompt on screen (incident, safety camera, better route, ...), shown only during guidance.
public struct Prompt: Sendable, Equatable {
    /// What the prompt is about; free text such as "incident" or "betterRoute".
    public var kind: String
    /// The height the prompt asks for; nil uses the `promptDefaultHeight` style value.
    public var height: Double?

    public init(kind: String, height: Double? = nil) {
        self.kind = kind
        self.height = height
    }
}

/// The camera facts the built-in controls depend on.
public struct Camera: Sendable, Equatable {
    /// Degrees clockwise from north; the compass shows only when it is not 0 (modulo 360).
    public var bearing: Double
    /// The camera follows the vehicle (navigation's default).
    public var following: Bool
    /// The driver has panned the map away: the re-center button replaces the Google logo.
    public var userPanned: Bool
    /// The device location is known (the my-location button has somewhere to go).
    public var locationKnown: Bool

    public static let `default` = Camera(bearing: 0, following: true, userPanned: false, locationKnown: true)

    public init(bearing: Double, following: Bool, userPanned: Bool, locationKnown: Bool) {
        self.bearing = bearing
        self.following = following
        self.userPanned = userPanned
        self.locationKnown = locationKnown
    }

    /// Whether the bearing points anywhere but north.
    public var isRotated: Bool {
        let normalized = bearing.truncatingRemainder(dividingBy: 360)
        return normalized != 0
    }
}

/// The four visual states of the speed widget.
public enum SpeedWidgetState: String, CaseIterable, Sendable {
    case none
    case speed
    case limit
    case both
}

/// Everything about the moment being laid out other than the screen.
public struct NavigationState: Sendable, Equatable {
    public var navigation: NavigationMode
    public var prompt: Prompt?
    /// nil: derived from the map width (`wideModeMinimumWidth`); true or false forces it.
    public var wideMode: Bool?
    public var camera: Camera
    /// nil: derived from shouldDisplaySpeedometer / shouldDisplaySpeedLimit.
    public var speedWidget: SpeedWidgetState?

    public init(
        navigation: NavigationMode, prompt: Prompt? = nil, wideMode: Bool? = nil, camera: Camera = .default,
        speedWidget: SpeedWidgetState? = nil
    ) {
        self.navigation = navigation
        self.prompt = prompt
        self.wideMode = wideMode
        self.camera = camera
        self.speedWidget = speedWidget
    }
}
