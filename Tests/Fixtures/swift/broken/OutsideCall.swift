// expect: 10:5: error: 'applyTheme' is not declared in this file; the interpreter reads only this file
import GoogleNavigation
import UIKit

final class OutsideCallDelegate: NSObject, NavigationLayoutDelegate {
  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    navMap.addSubview(newState.viewport)
    newState.viewport.topAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.topAnchor).isActive = true
    // A helper in another file of the app.
    applyTheme(to: navMap)
  }
}
