import GoogleNavigation
import UIKit

/// Activates one array of constraints per state, with an order card of the app's own beside the
/// turn card and a progress bar along the trailing edge.
final class ActivateArraysLayoutDelegate: NSObject, NavigationLayoutDelegate {
  private let orderCard = UIView()
  private var active: [NSLayoutConstraint] = []

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    let safeArea = navMap.safeAreaLayoutGuide
    navMap.addSubview(newState.viewport)
    navMap.addSubview(newState.googleLogo)
    active = [
      newState.viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      newState.viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      newState.viewport.topAnchor.constraint(equalTo: safeArea.topAnchor),
      newState.viewport.bottomAnchor.constraint(equalTo: newState.googleLogo.topAnchor),
      newState.googleLogo.leadingAnchor.constraint(
        equalTo: safeArea.leadingAnchor, constant: NavigationStyleValues.elementHorizontalPadding),
      newState.googleLogo.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor, constant: -8),
    ]
    NSLayoutConstraint.activate(active)
  }

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    NSLayoutConstraint.deactivate(active)
    let safeArea = navMap.safeAreaLayoutGuide
    let turnCard = newState.turnCard
    let etaCard = newState.etaCard
    let progress = newState.tripProgressBar
    for view in [turnCard, etaCard, orderCard, progress, newState.viewport, newState.googleLogo] {
      navMap.addSubview(view)
    }
    let cardHeight = orderCard.heightAnchor.constraint(equalToConstant: 72)
    cardHeight.priority = UILayoutPriority(999)
    active = [
      turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
      turnCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      orderCard.topAnchor.constraint(equalTo: turnCard.bottomAnchor, constant: 8),
      orderCard.leadingAnchor.constraint(equalTo: turnCard.layoutMarginsGuide.leadingAnchor),
      orderCard.widthAnchor.constraint(equalTo: turnCard.widthAnchor, multiplier: 0.5),
      cardHeight,
      etaCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
      etaCard.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
      progress.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -4),
      progress.topAnchor.constraint(equalTo: orderCard.bottomAnchor),
      progress.bottomAnchor.constraint(lessThanOrEqualTo: etaCard.topAnchor),
      newState.viewport.topAnchor.constraint(equalTo: orderCard.bottomAnchor),
      newState.viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      newState.viewport.trailingAnchor.constraint(equalTo: progress.leadingAnchor),
      newState.viewport.bottomAnchor.constraint(equalTo: etaCard.topAnchor),
      newState.googleLogo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      newState.googleLogo.bottomAnchor.constraint(equalTo: etaCard.topAnchor, constant: -8),
    ]
    NSLayoutConstraint.activate(active)
  }
}
