// expect: 11:9: error: visual-format constraints are not read: write each with anchors
import GoogleNavigation
import UIKit

final class VisualFormatDelegate: NSObject, NavigationLayoutDelegate {
  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    let logo = newState.googleLogo
    navMap.addSubview(logo)
    let views = ["logo": logo]
    NSLayoutConstraint.activate(
        NSLayoutConstraint.constraints(withVisualFormat: "H:|-[logo]", metrics: nil, views: views))
  }
}
