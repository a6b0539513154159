import GoogleNavigation
import UIKit

/// Finds the buttons by type and stacks them, with a button of the app's own, in a hiding stack on
/// the trailing edge; the report button sits alone at the top.
final class HidingStackLayoutDelegate: NSObject, NavigationLayoutDelegate {
  private let muteButton = UIButton(type: .system)
  private let trailingStack = GMSNavigationHidingStackView(position: .bottom, alignment: .trailing)

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {}

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    let compass = newState.buttons.first { $0.type == .compass }
    let report = newState.buttons.first(where: { button in button.type == .reporting })
    trailingStack.spacing = 12
    if let compass {
      trailingStack.addArrangedSubview(compass.view)
    }
    trailingStack.addArrangedSubview(muteButton)
    muteButton.setContentHuggingPriority(.required, for: .vertical)
    muteButton.backgroundColor = .systemBackground
    navMap.addSubview(newState.turnCard)
    navMap.addSubview(trailingStack)
    navMap.addSubview(newState.viewport)
    navMap.addSubview(newState.googleLogo)
    var constraints = [
      newState.turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
      newState.turnCard.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      trailingStack.trailingAnchor.constraint(
        equalTo: navMap.safeAreaLayoutGuide.trailingAnchor,
        constant: -NavigationStyleValues.buttonHorizontalPadding),
      trailingStack.topAnchor.constraint(equalTo: newState.turnCard.bottomAnchor),
      trailingStack.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor),
      newState.viewport.topAnchor.constraint(equalTo: newState.turnCard.bottomAnchor),
      newState.viewport.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      newState.viewport.trailingAnchor.constraint(equalTo: trailingStack.leadingAnchor),
      newState.viewport.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor),
      newState.googleLogo.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      newState.googleLogo.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor),
    ]
    if let report {
      navMap.addSubview(report.view)
      constraints.append(report.view.topAnchor.constraint(equalTo: newState.turnCard.bottomAnchor, constant: 8))
      constraints.append(report.view.leadingAnchor.constraint(equalTo: newState.turnCard.leadingAnchor))
    }
    NSLayoutConstraint.activate(constraints)
  }
}
