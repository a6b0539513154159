/// A colour given as "#RRGGBB".
public struct RGBColor: Sendable, Equatable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses "#RRGGBB" (either case); nil for anything else.
    public init?(hex text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return nil }
        var channels: [UInt8] = []
        for position in stride(from: 1, to: 7, by: 2) {
            guard let high = hexDigitValue(bytes[position]), let low = hexDigitValue(bytes[position + 1]) else {
                return nil
            }
            channels.append(high << 4 | low)
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2])
    }

    /// "#RRGGBB" in upper case.
    public var description: String {
        let digits = Array("0123456789ABCDEF")
        var text = "#"
        for channel in [red, green, blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0xF)])
        }
        return text
    }
}

private func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x41 + 10
    case 0x61...0x66: return byte - 0x61 + 10
    default: return nil
    }
}

/// How map padding combines with the safe area (GMSMapView.paddingAdjustmentBehavior).
public enum PaddingAdjustmentBehavior: String, CaseIterable, Sendable {
    /// Padding plus safe area (the SDK's default).
    case always
    /// Per edge, the larger of padding and safe area.
    case automatic
    /// Padding only.
    case never
}

/// How many alternate routes the map shows (GMSNavigationAlternateRoutesStrategy).
public enum AlternateRoutesStrategy: String, CaseIterable, Sendable {
    /// Up to two alternates (the SDK's default).
    case all
    case one
    case none
}

/// The settings keys of the request, named as in the SDK without "is"; the order of the cases is the
/// order of api.md and the order reports list them in.
public enum SettingsKey: String, CaseIterable, Sendable {
    case compassButton
    case myLocationButton
    case recenterButtonEnabled
    case navigationHeaderEnabled
    case navigationFooterEnabled
    case navigationTripProgressBarEnabled
    case navigationReportIncidentButtonEnabled
    case navigationHeaderPrimaryBackgroundColor
    case navigationHeaderSecondaryBackgroundColor
    case headerAccessoryView
    case shouldDisplaySpeedometer
    case shouldDisplaySpeedLimit
    case padding
    case paddingAdjustmentBehavior
    case showsTrafficLights
    case showsStopSigns
    case showsDestinationMarkers
    case scrollGestures
    case zoomGestures
    case tiltGestures
    case rotateGestures
    case alternateRoutesStrategy
    case shouldDisplayPrompts
}

/// The GMSUISettings / GMSMapView / GMSNavigator flags of a request, with the SDK's defaults.
///
/// Defaults follow the SDK documentation: header and footer on; compass, my-location button, trip
/// progress bar, speedometer and speed limit off until enabled; re-center and report-incident buttons on;
/// traffic lights and stop signs off; destination markers and all gestures on; alternate routes "all";
/// padding zero with "always"; prompts shown.
public struct Settings: Sendable, Equatable {
    public var compassButton = false
    public var myLocationButton = false
    public var recenterButtonEnabled = true
    public var navigationHeaderEnabled = true
    public var navigationFooterEnabled = true
    public var navigationTripProgressBarEnabled = false
    public var navigationReportIncidentButtonEnabled = true
    public var navigationHeaderPrimaryBackgroundColor: RGBColor? = nil
    public var navigationHeaderSecondaryBackgroundColor: RGBColor? = nil
    /// The height the header accessory view asks for; nil when no accessory is set.
    public var headerAccessoryHeight: Double? = nil
    public var shouldDisplaySpeedometer = false
    public var shouldDisplaySpeedLimit = false
    public var padding = EdgeInsets.zero
    public var paddingAdjustmentBehavior = PaddingAdjustmentBehavior.always
    public var showsTrafficLights = false
    public var showsStopSigns = false
    public var showsDestinationMarkers = true
    public var scrollGestures = true
    public var zoomGestures = true
    public var tiltGestures = true
    public var rotateGestures = true
    public var alternateRoutesStrategy = AlternateRoutesStrategy.all
    public var shouldDisplayPrompts = true

    /// The keys the request (or its profile) set explicitly, in `SettingsKey` order: the delegate checks
    /// report legacy settings sent along with a delegate from this list.
    public var providedKeys: [SettingsKey] = []

    public static let defaults = Settings()

    public init() {}
}
