import GoogleNavigation
import UIKit

extension NSLayoutConstraint {
  /// The constraint with another priority, for chaining.
  func withPriority(_ priority: UILayoutPriority) -> NSLayoutConstraint {
    self.priority = priority
    return self
  }
}

extension UIView {
  /// Pins the view's edges to a guide's and returns the constraints, not yet active.
  func pinEdges(to guide: UILayoutGuide) -> [NSLayoutConstraint] {
    [
      leadingAnchor.constraint(equalTo: guide.leadingAnchor),
      trailingAnchor.constraint(equalTo: guide.trailingAnchor),
      topAnchor.constraint(equalTo: guide.topAnchor),
      bottomAnchor.constraint(equalTo: guide.bottomAnchor),
    ]
  }
}

/// Turns constraints on one by one with isActive, through helper extensions.
final class IsActiveLayoutDelegate: NSObject, NavigationLayoutDelegate {
  private var installed: [NSLayoutConstraint] = []

  private func install(_ constraint: NSLayoutConstraint) {
    constraint.isActive = true
    installed.append(constraint)
  }

  private func removeAll() {
    installed.forEach { $0.isActive = false }
    installed.removeAll()
  }

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    navMap.addSubview(newState.viewport)
    navMap.addSubview(newState.googleLogo)
    for constraint in newState.viewport.pinEdges(to: navMap.safeAreaLayoutGuide) {
      install(constraint)
    }
    install(newState.googleLogo.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor))
    install(
      newState.googleLogo.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor)
        .withPriority(.defaultHigh + 1))
  }

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    removeAll()
    let turnCard = newState.turnCard
    let speed = newState.speedWidget
    navMap.addSubview(turnCard)
    navMap.addSubview(speed)
    install(turnCard.topAnchor.constraint(equalTo: navMap.topAnchor))
    install(turnCard.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor))
    install(speed.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor, constant: 8))
    install(
      speed.bottomAnchor.constraint(equalTo: newState.googleLogo.topAnchor, constant: -8)
        .withPriority(UILayoutPriority(rawValue: 750)))
    install(newState.viewport.topAnchor.constraint(equalTo: turnCard.bottomAnchor))
    install(newState.viewport.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor))
    install(newState.viewport.trailingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.trailingAnchor))
    install(newState.viewport.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor))
    install(newState.googleLogo.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor))
    let logoBottom = newState.googleLogo.bottomAnchor.constraint(
      greaterThanOrEqualTo: navMap.safeAreaLayoutGuide.bottomAnchor)
    logoBottom.priority = .fittingSizeLevel
    install(logoBottom)
    install(
      newState.googleLogo.bottomAnchor.constraint(lessThanOrEqualTo: navMap.safeAreaLayoutGuide.bottomAnchor)
        .withPriority(.required))
  }
}
