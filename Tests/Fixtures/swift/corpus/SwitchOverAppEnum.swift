import GoogleNavigation
import UIKit

/// Where the app's trip banner goes; decided by the app's configuration, known in the file.
enum BannerPlacement {
  case belowTurnCard
  case aboveEtaCard
}

/// Places a trip banner by a switch over an app enum, with constants computed from the SDK's style
/// values and a loop over views it knows.
final class SwitchLayoutDelegate: NSObject, NavigationLayoutDelegate {
  private static let bannerHeight: CGFloat = 48
  private let placement = BannerPlacement.aboveEtaCard
  private let banner = UILabel()
  private let showsBanner = true

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    let turnCard = newState.turnCard
    let etaCard = newState.etaCard
    for view in [turnCard, etaCard, newState.viewport, newState.googleLogo] {
      navMap.addSubview(view)
    }
    if showsBanner { navMap.addSubview(banner) }
    var constraints: [NSLayoutConstraint] = []
    constraints.append(turnCard.topAnchor.constraint(equalTo: navMap.topAnchor))
    constraints.append(turnCard.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor))
    constraints.append(etaCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor))
    constraints.append(etaCard.bottomAnchor.constraint(equalTo: navMap.bottomAnchor))
    constraints.append(banner.heightAnchor.constraint(equalToConstant: Self.bannerHeight))
    constraints.append(
      banner.leadingAnchor.constraint(
        equalTo: navMap.safeAreaLayoutGuide.leadingAnchor, constant: NavigationStyleValues.elementHorizontalPadding))
    constraints.append(
      banner.trailingAnchor.constraint(
        equalTo: navMap.safeAreaLayoutGuide.trailingAnchor, constant: -NavigationStyleValues.elementHorizontalPadding))
    switch placement {
    case .belowTurnCard:
      constraints.append(banner.topAnchor.constraint(equalTo: turnCard.bottomAnchor, constant: 4))
      constraints.append(newState.viewport.topAnchor.constraint(equalTo: banner.bottomAnchor))
      constraints.append(newState.viewport.bottomAnchor.constraint(equalTo: etaCard.topAnchor))
    case .aboveEtaCard:
      constraints.append(banner.bottomAnchor.constraint(equalTo: etaCard.topAnchor, constant: -4))
      constraints.append(newState.viewport.topAnchor.constraint(equalTo: turnCard.bottomAnchor))
      constraints.append(newState.viewport.bottomAnchor.constraint(equalTo: banner.topAnchor))
    }
    let gap = placement == .aboveEtaCard ? Self.bannerHeight / 2 : 0
    constraints.append(
      newState.googleLogo.bottomAnchor.constraint(equalTo: banner.topAnchor, constant: -gap))
    constraints.append(newState.googleLogo.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor))
    for edge in [newState.viewport.leadingAnchor] {
      constraints.append(edge.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor))
    }
    constraints.append(newState.viewport.trailingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.trailingAnchor))
    NSLayoutConstraint.activate(constraints)
  }
}
