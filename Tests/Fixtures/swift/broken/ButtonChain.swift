// expect: 15:7: error: a loop that carries 'previous' from one of newState.buttons depends on their number and order
import GoogleNavigation
import UIKit

final class ButtonChainDelegate: NSObject, NavigationLayoutDelegate {
  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    var previous = newState.turnCard.bottomAnchor
    navMap.addSubview(newState.turnCard)
    for button in newState.buttons {
      navMap.addSubview(button.view)
      button.view.topAnchor.constraint(equalTo: previous).isActive = true
      button.view.trailingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.trailingAnchor).isActive = true
      previous = button.view.bottomAnchor
    }
  }
}
