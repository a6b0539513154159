// expect: 15:10: error: this pattern is not read: match a value, `_`, a tuple, or a case of the file's enums (`.floating(let inset)`)
import GoogleNavigation
import UIKit

final class TypeCastPatternDelegate: NSObject, NavigationLayoutDelegate {
  private let banner: UIView = UILabel()

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    navMap.addSubview(newState.turnCard)
    navMap.addSubview(banner)
    let top: CGFloat
    switch banner {
    case is UILabel: top = 8
    default: top = 0
    }
    banner.topAnchor.constraint(equalTo: newState.turnCard.bottomAnchor, constant: top).isActive = true
  }
}
