/// The settings that change what the map draws or allows rather than where controls go.

import JSON

public struct MapFeatures: Sendable, Equatable {
    /// Traffic light icons: only during navigation, and only when showsTrafficLights is on (seed 004,
    /// traffic lights and stop signs: "shown only during navigation").
    public var trafficLights: Bool
    public var stopSigns: Bool
    public var destinationMarkers: Bool
    public var scrollGestures: Bool
    public var zoomGestures: Bool
    public var tiltGestures: Bool
    public var rotateGestures: Bool
    public var alternateRoutes: AlternateRoutesStrategy
    /// GMSNavigator.shouldDisplayPrompts: whether traffic, better-route and incident prompts appear.
    public var prompts: Bool

    public init(settings: Settings, navigation: NavigationMode) {
        let navigating = navigation != .disabled
        trafficLights = navigating && settings.showsTrafficLights
        stopSigns = navigating && settings.showsStopSigns
        destinationMarkers = settings.showsDestinationMarkers
        scrollGestures = settings.scrollGestures
        zoomGestures = settings.zoomGestures
        tiltGestures = settings.tiltGestures
        rotateGestures = settings.rotateGestures
        alternateRoutes = settings.alternateRoutesStrategy
        prompts = settings.shouldDisplayPrompts
    }

    public var jsonValue: JSONValue {
        [
            "trafficLights": .bool(trafficLights), "stopSigns": .bool(stopSigns),
            "destinationMarkers": .bool(destinationMarkers), "scrollGestures": .bool(scrollGestures),
            "zoomGestures": .bool(zoomGestures), "tiltGestures": .bool(tiltGestures),
            "rotateGestures": .bool(rotateGestures), "alternateRoutes": .string(alternateRoutes.rawValue),
            "prompts": .bool(prompts),
        ]
    }
}
