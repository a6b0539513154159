internal import NavigationLayout

extension ItemReference.OwnGuide {
    /// The UIView property that is this guide in Swift.
    var uiKitProperty: String {
        switch self {
        case .margins: return "layoutMarginsGuide"
        case .safeArea: return "safeAreaLayoutGuide"
        }
    }
}
