// expect: 11:18: error: 'viewport' is a layout guide and has no safeAreaLayoutGuide: relate the guide itself
import GoogleNavigation
import UIKit

final class GuideSafeAreaDelegate: NSObject, NavigationLayoutDelegate {
  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    navMap.addSubview(newState.viewport)
    navMap.addSubview(newState.googleLogo)
    NSLayoutConstraint.activate([
      newState.googleLogo.bottomAnchor.constraint(
        equalTo: newState.viewport.safeAreaLayoutGuide.bottomAnchor)
    ])
  }
}
