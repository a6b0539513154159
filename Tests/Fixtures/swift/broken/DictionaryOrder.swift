// expect: 11:9: error: a loop that carries 'anchor' from one of a dictionary's entries depends on their order, which Swift does not promise
import GoogleNavigation
import UIKit

final class DictionaryOrderDelegate: NSObject, NavigationLayoutDelegate {
  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    var anchor = navMap.topAnchor
    for (_, view) in ["turnCard": newState.turnCard, "etaCard": newState.etaCard] {
        anchor = view.bottomAnchor
    }
    newState.viewport.topAnchor.constraint(equalTo: anchor).isActive = true
  }
}
