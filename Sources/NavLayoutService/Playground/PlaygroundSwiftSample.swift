/// The Swift delegate the playground's Swift editor opens with: a small delegate in the SDK
/// documentation's style, with one left/right anchor, so that the editor shows a finding at its line.
enum PlaygroundSwiftSample {
    static let source = #"""
        import GoogleNavigation
        import UIKit

        final class PlaygroundLayoutDelegate: NSObject, NavigationLayoutDelegate {
          private let bottomGuide = UILayoutGuide()

          func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
            place(navMap: navMap, viewport: newState.viewport, logo: newState.googleLogo, below: nil)
          }

          func startGuidance(
            navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
          ) {
            let turnCard = newState.turnCard
            let etaCard = newState.etaCard
            navMap.addSubview(turnCard)
            navMap.addSubview(etaCard)
            NSLayoutConstraint.activate([
              turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
              turnCard.leftAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leftAnchor),
              etaCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
              etaCard.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
              bottomGuide.bottomAnchor.constraint(lessThanOrEqualTo: etaCard.topAnchor),
            ])
            place(navMap: navMap, viewport: newState.viewport, logo: newState.googleLogo, below: turnCard)
          }

          /// The viewport over the open map and the logo at its bottom leading corner.
          private func place(navMap: GMSMapView, viewport: UIView, logo: UIView, below header: UIView?) {
            let safeArea = navMap.safeAreaLayoutGuide
            navMap.addLayoutGuide(bottomGuide)
            navMap.addSubview(viewport)
            navMap.addSubview(logo)
            let resting = bottomGuide.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor)
            resting.priority = .defaultLow
            NSLayoutConstraint.activate([
              resting,
              bottomGuide.heightAnchor.constraint(equalToConstant: 0),
              viewport.topAnchor.constraint(equalTo: header?.bottomAnchor ?? safeArea.topAnchor),
              viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
              viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
              viewport.bottomAnchor.constraint(equalTo: bottomGuide.topAnchor),
              logo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
              logo.bottomAnchor.constraint(equalTo: bottomGuide.topAnchor),
            ])
          }
        }
        """#
}
