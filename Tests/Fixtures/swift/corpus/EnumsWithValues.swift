import GoogleNavigation
import UIKit

/// How the app's trip banner sits; each case carries what it needs.
enum BannerStyle {
  case floating(margin: CGFloat, height: CGFloat)
  case attached(height: CGFloat)
  case hidden
}

/// Places a trip banner by the associated values of an app enum: a helper's switch binds them, and
/// `if case` tests for the case without a banner.
final class EnumValuesLayoutDelegate: NSObject, NavigationLayoutDelegate {
  private let style: BannerStyle = .floating(margin: NavigationStyleValues.elementHorizontalPadding, height: 40)
  private let banner = UIView()

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    let turnCard = newState.turnCard
    for view in [turnCard, newState.viewport] {
      navMap.addSubview(view)
    }
    if case .hidden = style {
    } else {
      navMap.addSubview(banner)
    }
    var constraints = [
      turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
      turnCard.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      newState.viewport.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      newState.viewport.trailingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.trailingAnchor),
      newState.viewport.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor),
    ]
    constraints += bannerConstraints(for: style, below: turnCard, in: navMap)
    if case .hidden = style {
      constraints.append(newState.viewport.topAnchor.constraint(equalTo: turnCard.bottomAnchor))
    } else {
      constraints.append(newState.viewport.topAnchor.constraint(equalTo: banner.bottomAnchor))
    }
    NSLayoutConstraint.activate(constraints)
  }

  private func bannerConstraints(
    for style: BannerStyle, below card: UIView, in navMap: GMSMapView
  ) -> [NSLayoutConstraint] {
    switch style {
    case let .floating(margin, height):
      return [
        banner.topAnchor.constraint(equalTo: card.bottomAnchor, constant: margin),
        banner.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor, constant: margin),
        banner.trailingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.trailingAnchor, constant: -margin),
        banner.heightAnchor.constraint(equalToConstant: height),
      ]
    case .attached(height: let height):
      return [
        banner.topAnchor.constraint(equalTo: card.bottomAnchor),
        banner.leadingAnchor.constraint(equalTo: card.leadingAnchor),
        banner.trailingAnchor.constraint(equalTo: card.trailingAnchor),
        banner.heightAnchor.constraint(equalToConstant: height),
      ]
    case .hidden:
      return []
    }
  }
}
