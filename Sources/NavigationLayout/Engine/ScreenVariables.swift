import Cassowary

/// The screen as the solver sees it: edit variables for the map size and the safe-area insets, so one
/// solver serves every screen size (rotation, split screen) by suggesting new values.
struct ScreenVariables: Sendable {
    // Shared by every session for the same reason as `ItemVariables`: the solver keys on identity only.
    private static let sharedWidth = Variable("map.width")
    private static let sharedHeight = Variable("map.height")
    private static let sharedSafeTop = Variable("safeArea.insetTop")
    private static let sharedSafeBottom = Variable("safeArea.insetBottom")
    private static let sharedSafeLeft = Variable("safeArea.insetLeft")
    private static let sharedSafeRight = Variable("safeArea.insetRight")

    let width = ScreenVariables.sharedWidth
    let height = ScreenVariables.sharedHeight
    let safeTop = ScreenVariables.sharedSafeTop
    let safeBottom = ScreenVariables.sharedSafeBottom
    let safeLeft = ScreenVariables.sharedSafeLeft
    let safeRight = ScreenVariables.sharedSafeRight

    /// The priority of the screen's suggestions: the highest optional level (a suggestion cannot be
    /// required), so only a required constraint or one at 999 can compete with the screen's size.
    static let editPriority = Priority(999) ?? .high

    var all: [Variable] { [width, height, safeTop, safeBottom, safeLeft, safeRight] }

    func values(of screen: Screen) -> [Double] {
        [
            screen.width, screen.height, screen.safeArea.top, screen.safeArea.bottom, screen.safeArea.left,
            screen.safeArea.right,
        ]
    }
}
