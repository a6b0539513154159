// A stub of the Navigation SDK for iOS surface a layout delegate uses (GoogleNavigation), with the
// SDK's names, over the UIKit stub beside it, so that exported delegates can be typechecked where the
// SDK does not exist. Declarations only.
@_exported import UIKit

@MainActor open class GMSMapView: UIView {}

/// Values that match the spacing of the SDK's own components, in points.
@MainActor
public enum NavigationStyleValues {
    public static var buttonHorizontalPadding: CGFloat { 0 }
    public static var buttonVerticalPadding: CGFloat { 0 }
    public static var defaultCornerRadius: CGFloat { 0 }
    public static var elementHorizontalPadding: CGFloat { 0 }
    public static var headerFooterHorizontalPadding: CGFloat { 0 }
    public static var headerNominalHeight: CGFloat { 0 }
    public static var headerTopPadding: CGFloat { 0 }
}

public enum NavigationUIButtonType: Sendable {
    case compass
    case reporting
}

@MainActor
open class NavigationUIButton: NSObject {
    public let type: NavigationUIButtonType = .compass
    public let view = UIView()
}

@MainActor
open class NavigationReadyUIState: NSObject {
    public let googleLogo = UIView()
    public let viewport = UIView()
    public let buttons: [NavigationUIButton] = []
    public let wideMode = false
}

@MainActor
open class ActiveGuidanceUIState: NSObject {
    public let googleLogo = UIView()
    public let viewport = UIView()
    public let turnCard = UIView()
    public let etaCard = UIView()
    public let tripProgressBar = UIView()
    public let speedWidget = UIView()
    public let buttons: [NavigationUIButton] = []
    public let wideMode = false
}

@MainActor
open class NavigationPromptView: UIView {
    open var roundedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
}

@MainActor
open class GMSNavigationHidingStackView: UIStackView {
    public enum Position: Sendable {
        case top
        case center
        case bottom
    }

    public enum Alignment: Sendable {
        case leading
        case trailing
    }

    public init(position: Position, alignment: Alignment) { super.init() }
}

@MainActor
public protocol NavigationLayoutDelegate: AnyObject {
    func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState)
    func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState)
    func startGuidance(navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState)
    func stopGuidance(navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState)
    func sizeChanged(navMap: GMSMapView, newState: NavigationReadyUIState)
    func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView)
    func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView)
    func changePrompt(navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView)
}

/// Callbacks a delegate leaves out do nothing.
extension NavigationLayoutDelegate {
    public func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {}
    public func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {}
    public func startGuidance(navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) {}
    public func stopGuidance(navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState) {}
    public func sizeChanged(navMap: GMSMapView, newState: NavigationReadyUIState) {}
    public func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {}
    public func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {}
    public func changePrompt(navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView) {}
}
