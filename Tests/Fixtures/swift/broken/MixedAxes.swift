// expect: 10:7: error: cannot relate googleLogo.leading (horizontal position) to viewport.top (vertical position)
import GoogleNavigation
import UIKit

final class MixedAxesDelegate: NSObject, NavigationLayoutDelegate {
  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    navMap.addSubview(newState.viewport)
    navMap.addSubview(newState.googleLogo)
    NSLayoutConstraint.activate([
      newState.googleLogo.leadingAnchor.constraint(equalTo: newState.viewport.topAnchor),
    ])
  }
}
