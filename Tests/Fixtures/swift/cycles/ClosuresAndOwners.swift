import GoogleNavigation
import UIKit

/// A helper that refers back to its owner and keeps a closure: the cycles a delegate may build, which
/// the importer must let go of once it has read the layout.
final class Helper {
  var owner: ClosuresAndOwnersDelegate?
  var action: (() -> Void)?
}

final class ClosuresAndOwnersDelegate: NSObject, NavigationLayoutDelegate {
  let helper = Helper()

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    let viewport = newState.viewport
    let add = { navMap.addSubview(viewport) }
    func install() {
      add()
      viewport.topAnchor.constraint(equalTo: navMap.topAnchor).isActive = true
    }
    install()
    helper.owner = self
    helper.action = add
  }
}
