import GoogleNavigation
import UIKit

/// Keeps each constraint in a stored property, made once, and toggles them per state.
final class StoredConstraintsLayoutDelegate: NSObject, NavigationLayoutDelegate {
  private var viewportTopToSafeArea: NSLayoutConstraint?
  private var viewportTopToTurnCard: NSLayoutConstraint?
  private var viewportEdges: [NSLayoutConstraint] = []
  private var logoConstraints: [NSLayoutConstraint] = []
  private let contentBottom = UILayoutGuide()

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    let viewport = newState.viewport
    let logo = newState.googleLogo
    navMap.addSubview(viewport)
    navMap.addSubview(logo)
    navMap.addLayoutGuide(contentBottom)
    let restingBottom = contentBottom.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor)
    restingBottom.priority = .defaultLow
    viewportEdges = [
      viewport.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      viewport.trailingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.trailingAnchor),
      viewport.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
      restingBottom,
      contentBottom.heightAnchor.constraint(equalToConstant: 0),
    ]
    logoConstraints = [
      logo.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      logo.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
    ]
    viewportTopToSafeArea = viewport.topAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.topAnchor)
    NSLayoutConstraint.activate(viewportEdges + logoConstraints)
    viewportTopToSafeArea?.isActive = true
  }

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    let turnCard = newState.turnCard
    navMap.addSubview(turnCard)
    viewportTopToSafeArea?.isActive = false
    if viewportTopToTurnCard == nil {
      viewportTopToTurnCard = newState.viewport.topAnchor.constraint(equalTo: turnCard.bottomAnchor)
    }
    NSLayoutConstraint.activate([
      turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
      turnCard.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
    ])
    viewportTopToTurnCard!.isActive = true
  }

  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    navMap.addSubview(newPrompt)
    newPrompt.roundedCorners = [
      .layerMinXMinYCorner, .layerMaxXMinYCorner,
      .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    NSLayoutConstraint.activate([
      newPrompt.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor, constant: 8),
      newPrompt.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor, constant: -8),
      contentBottom.bottomAnchor.constraint(lessThanOrEqualTo: newPrompt.topAnchor, constant: -8),
    ])
  }
}
