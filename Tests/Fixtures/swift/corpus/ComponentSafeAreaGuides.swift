import GoogleNavigation
import UIKit

/// Places an app view by a component's own safe-area guide, kept in a local, and swaps each state's
/// constraints through one stored array.
final class SafeAreaGuideLayoutDelegate: NSObject, NavigationLayoutDelegate {
  private let laneHint = UIView()
  private var active: [NSLayoutConstraint] = []

  private func replaceActive(with constraints: [NSLayoutConstraint]) {
    NSLayoutConstraint.deactivate(active)
    active = constraints
    NSLayoutConstraint.activate(active)
  }

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    navMap.addSubview(newState.viewport)
    navMap.addSubview(newState.googleLogo)
    let safeArea = navMap.safeAreaLayoutGuide
    replaceActive(with: [
      newState.viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      newState.viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      newState.viewport.topAnchor.constraint(equalTo: safeArea.topAnchor),
      newState.viewport.bottomAnchor.constraint(equalTo: newState.googleLogo.topAnchor),
      newState.googleLogo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      newState.googleLogo.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
    ])
  }

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    let turnCard = newState.turnCard
    navMap.addSubview(turnCard)
    navMap.addSubview(laneHint)
    let safeArea = navMap.safeAreaLayoutGuide
    // Under the notch the turn card reaches the top of the map; its safe-area guide starts below it.
    let cardArea = turnCard.safeAreaLayoutGuide
    replaceActive(with: [
      turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
      turnCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      laneHint.topAnchor.constraint(equalTo: cardArea.bottomAnchor, constant: 8),
      laneHint.leadingAnchor.constraint(equalTo: cardArea.leadingAnchor, constant: 8),
      laneHint.widthAnchor.constraint(equalToConstant: 120),
      laneHint.heightAnchor.constraint(equalToConstant: 32),
      newState.viewport.topAnchor.constraint(equalTo: laneHint.bottomAnchor, constant: 8),
      newState.viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      newState.viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      newState.viewport.bottomAnchor.constraint(equalTo: newState.googleLogo.topAnchor),
      newState.googleLogo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      newState.googleLogo.bottomAnchor.constraint(
        equalTo: newState.googleLogo.superview!.safeAreaLayoutGuide.bottomAnchor),
    ])
  }
}
