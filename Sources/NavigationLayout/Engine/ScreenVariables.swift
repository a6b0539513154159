import Cassowary

/// The screen as the solver sees it: edit variables for the map size and the safe-area insets, so one
/// solver serves every screen size (rotation, split screen) by suggesting new values.
///
/// Shared by every session for the same reason as `ItemVariables`: the solver keys on identity only.
/// A namespace rather than a value each session stores: the screen's variables are the same for every
/// session.
enum ScreenVariables {
    static let width = Variable("map.width")
    static let height = Variable("map.height")
    static let safeTop = Variable("safeArea.insetTop")
    static let safeBottom = Variable("safeArea.insetBottom")
    static let safeLeft = Variable("safeArea.insetLeft")
    static let safeRight = Variable("safeArea.insetRight")

    /// The priority of the screen's suggestions: above every level a constraint can be written at (a
    /// suggestion cannot be required), so no optional constraint, not even one at 999, moves the
    /// screen; a required one that contradicts it is broken (`breakScreenConflicts`).
    static let editPriority = Priority.aboveOptional

    /// Every screen variable, in the order the solver gets them (`value(at:of:)` reads the same order).
    static let all: [Variable] = [width, height, safeTop, safeBottom, safeLeft, safeRight]

    /// The value of `all[index]` for `screen`.
    static func value(at index: Int, of screen: Screen) -> Double {
        switch index {
        case 0: return screen.width
        case 1: return screen.height
        case 2: return screen.safeArea.top
        case 3: return screen.safeArea.bottom
        case 4: return screen.safeArea.left
        default: return screen.safeArea.right
        }
    }
}
