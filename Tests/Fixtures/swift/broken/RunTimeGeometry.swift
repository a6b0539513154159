// expect: 12:50: error: the constraint made at 12:5 is active at the end of startGuidance with a constant computed from `navMap.bounds`, which is only known while the app runs
import GoogleNavigation
import UIKit

final class GeometryDelegate: NSObject, NavigationLayoutDelegate {
  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    let card = newState.turnCard
    navMap.addSubview(card)
    card.topAnchor.constraint(equalTo: navMap.topAnchor).isActive = true
    card.widthAnchor.constraint(equalToConstant: navMap.bounds.width / 3).isActive = true
  }
}
