// expect: 9:5: error: never set isHidden on the SDK's views: leave them out of the layout instead
import GoogleNavigation
import UIKit

final class HiddenDelegate: NSObject, NavigationLayoutDelegate {
  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    newState.etaCard.isHidden = true
  }
}
