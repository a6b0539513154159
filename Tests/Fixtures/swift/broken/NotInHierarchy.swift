// expect: 9:5: error: this constraint is active at the end of enableNavigationUI but relates 'badge', which is not in the map view's hierarchy then
import GoogleNavigation
import UIKit

final class NotInHierarchyDelegate: NSObject, NavigationLayoutDelegate {
  private let badge = UIView()

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    badge.topAnchor.constraint(equalTo: navMap.topAnchor).isActive = true
  }
}
