import GoogleNavigation
import UIKit

/// The app's own name for each layout it installs.
enum LayoutMode {
  case browsing
  case driving
}

/// Keeps each state's constraints in a dictionary keyed by an app enum, builds them with local helper
/// functions, stacks two app chips with `enumerated()`, and pairs views with their heights by `zip`.
final class ConstraintsByStateDelegate: NSObject, NavigationLayoutDelegate {
  private let speedChip = UIView()
  private let laneChip = UIView()
  private var installed: [LayoutMode: [NSLayoutConstraint]] = [:]

  private func install(_ mode: LayoutMode) {
    for (_, constraints) in installed { NSLayoutConstraint.deactivate(constraints) }
    NSLayoutConstraint.activate(installed[mode, default: []])
  }

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    let viewport = newState.viewport
    navMap.addSubview(viewport)
    func pin(_ edges: [(NSLayoutYAxisAnchor, NSLayoutYAxisAnchor)]) -> [NSLayoutConstraint] {
      edges.map { $0.0.constraint(equalTo: $0.1) }
    }
    installed[.browsing] =
      pin([(viewport.topAnchor, navMap.safeAreaLayoutGuide.topAnchor), (viewport.bottomAnchor, navMap.bottomAnchor)])
      + [
        viewport.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
        viewport.trailingAnchor.constraint(equalTo: navMap.trailingAnchor),
      ]
    install(.browsing)
  }

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    let turnCard = newState.turnCard
    let viewport = newState.viewport
    navMap.addSubview(turnCard)
    navMap.addSubview(speedChip)
    navMap.addSubview(laneChip)
    var driving = [
      turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
      turnCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
      turnCard.trailingAnchor.constraint(equalTo: navMap.trailingAnchor),
      viewport.topAnchor.constraint(equalTo: turnCard.bottomAnchor),
      viewport.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
      viewport.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
      viewport.trailingAnchor.constraint(equalTo: navMap.trailingAnchor),
    ]
    for (index, chip) in [speedChip, laneChip].enumerated() {
      let spacing = NavigationStyleValues.elementHorizontalPadding
      driving.append(chip.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor, constant: spacing))
      driving.append(
        chip.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor, constant: -60 * CGFloat(index + 1)))
    }
    for (chip, height) in zip([speedChip, laneChip], [48, 40]) {
      driving.append(chip.heightAnchor.constraint(equalToConstant: height))
      driving.append(chip.widthAnchor.constraint(equalTo: chip.heightAnchor))
    }
    installed[.driving] = driving
    install(.driving)
  }

  func stopGuidance(
    navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState
  ) {
    install(.browsing)
    for view in [oldState.turnCard, speedChip, laneChip] { view.removeFromSuperview() }
  }

  func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {
    install(.browsing)
    NSLayoutConstraint.deactivate(installed[.browsing] ?? [])
    installed.removeAll()
    oldState.viewport.removeFromSuperview()
  }
}
