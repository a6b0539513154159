// expect: 13:7: error: recursion: this call runs a function that is already running
import GoogleNavigation
import UIKit

final class RecursionDelegate: NSObject, NavigationLayoutDelegate {
  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    addLogo(navMap: navMap, logo: newState.googleLogo, times: 2)
  }

  private func addLogo(navMap: GMSMapView, logo: UIView, times: Int) {
    navMap.addSubview(logo)
    if times > 0 {
      addLogo(navMap: navMap, logo: logo, times: times - 1)
    }
  }
}
