// expect: 9:17: error: indexing newState.buttons depends on their number and order, which the SDK does not promise
import GoogleNavigation
import UIKit

final class ButtonIndexDelegate: NSObject, NavigationLayoutDelegate {
  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    let first = newState.buttons[0]
    navMap.addSubview(first.view)
  }
}
