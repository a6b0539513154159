import GoogleNavigation
import UIKit

/// Reads wideMode in every transition: in wide mode the viewport sits beside the cards.
final class WideModeLayoutDelegate: NSObject, NavigationLayoutDelegate {
  private var constraints: [NSLayoutConstraint] = []

  private func replace(with newConstraints: [NSLayoutConstraint]) {
    NSLayoutConstraint.deactivate(constraints)
    constraints = newConstraints
    NSLayoutConstraint.activate(constraints)
  }

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    navMap.addSubview(newState.viewport)
    navMap.addSubview(newState.googleLogo)
    replace(with: [
      newState.viewport.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      newState.viewport.trailingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.trailingAnchor),
      newState.viewport.topAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.topAnchor),
      newState.viewport.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor),
      newState.googleLogo.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      newState.googleLogo.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor),
    ])
  }

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    let turnCard = newState.turnCard
    let etaCard = newState.etaCard
    let viewport = newState.viewport
    navMap.addSubview(turnCard)
    navMap.addSubview(etaCard)
    var next = [
      turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
      turnCard.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      etaCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
      etaCard.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
      newState.googleLogo.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
    ]
    if newState.wideMode {
      next += [
        viewport.leadingAnchor.constraint(equalTo: turnCard.trailingAnchor),
        viewport.topAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.topAnchor),
        viewport.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor),
        newState.googleLogo.bottomAnchor.constraint(equalTo: etaCard.topAnchor),
      ]
    } else {
      next += [
        viewport.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
        viewport.topAnchor.constraint(equalTo: turnCard.bottomAnchor),
        viewport.bottomAnchor.constraint(equalTo: etaCard.topAnchor),
        newState.googleLogo.bottomAnchor.constraint(equalTo: etaCard.topAnchor),
      ]
    }
    next.append(viewport.trailingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.trailingAnchor))
    replace(with: next)
  }
}
