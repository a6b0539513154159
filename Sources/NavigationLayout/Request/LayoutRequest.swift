/// The whole body of POST /v1/layouts once read: everything a layout needs.

import JSON

public struct LayoutRequest: Sendable, Equatable {
    /// The stored profile the request names; merging it is the caller's job (see `ProfileMerge`).
    public var profileName: String?
    public var profileVersion: Int?
    public var screen: Screen
    public var state: NavigationState
    public var settings: Settings
    /// Present: delegate mode. Absent: the built-in layout from `settings`.
    public var delegate: DelegateDocument?
    public var style: StyleValues

    public init(
        profileName: String? = nil, profileVersion: Int? = nil, screen: Screen, state: NavigationState,
        settings: Settings = .defaults, delegate: DelegateDocument? = nil, style: StyleValues = .defaults
    ) {
        self.profileName = profileName
        self.profileVersion = profileVersion
        self.screen = screen
        self.state = state
        self.settings = settings
        self.delegate = delegate
        self.style = style
    }

    /// Parses and reads a request body with the checks of `decode(from: JSONValue)`; syntax errors
    /// carry their line and column.
    public static func decode(
        from bytes: [UInt8], limits: JSONParser.Limits = .default
    ) throws(RequestError) -> LayoutRequest {
        try decode(from: RequestDecoder.parse(bytes, limits: limits))
    }

    /// Decodes a parsed request (after any profile merge). Collects every problem it finds, in document
    /// order, rather than stopping at the first.
    public static func decode(from value: JSONValue) throws(RequestError) -> LayoutRequest {
        try RequestDecoder.decode(value) { decoder, value in decoder.request(value) }
    }

    /// Whether wide mode is on: forced by the request, else derived from the map width.
    public var isWideMode: Bool {
        state.wideMode ?? (screen.width >= style[.wideModeMinimumWidth])
    }

    /// The speed widget's visual state: given by the request, else derived from the settings.
    public var speedWidgetState: SpeedWidgetState {
        if let given = state.speedWidget { return given }
        switch (settings.shouldDisplaySpeedometer, settings.shouldDisplaySpeedLimit) {
        case (true, true): return .both
        case (true, false): return .speed
        case (false, true): return .limit
        case (false, false): return .none
        }
    }

    /// The height of the shown prompt: as the request asks, else the `promptDefaultHeight` style value.
    public var promptHeight: Double? {
        state.prompt.map { $0.height ?? style[.promptDefaultHeight] }
    }
}
