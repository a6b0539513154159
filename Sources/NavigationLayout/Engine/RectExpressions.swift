import Cassowary

/// An item's rectangle as four linear expressions (left, top, width, height) over solver variables, and
/// every Auto Layout anchor derived from them (used for the hiding stacks' own constraints; document
/// constraints write their terms directly, see `LayoutSession.appendAnchor`).
struct RectExpressions: Sendable {
    var left: Expression
    var top: Expression
    var width: Expression
    var height: Expression

    /// The expression of one anchor. Leading is the left edge left to right and the right edge right to
    /// left; trailing the opposite (Auto Layout's rule for NSLayoutAnchor under a layout direction).
    func anchor(_ attribute: LayoutAttribute, direction: LayoutDirection) -> Expression {
        switch attribute {
        case .left: return left
        case .right: return left + width
        case .top: return top
        case .bottom: return top + height
        case .width: return width
        case .height: return height
        case .centerX: return left + width * 0.5
        case .centerY: return top + height * 0.5
        case .leading: return direction == .leftToRight ? left : left + width
        case .trailing: return direction == .leftToRight ? left + width : left
        }
    }
}

/// The four variables of a view or guide the solver places.
///
/// A variable is only an identity for the solver: the engine never reads its name (messages name an
/// item's variables through the session, see `LayoutSession.name(of:)`). So the item at position `i` of
/// every session uses the same four shared variables instead of allocating four named ones per item and
/// per request; different solvers keep their own state for them, and `Variable` is immutable and
/// Sendable, so sharing across threads is safe.
struct ItemVariables: Sendable {
    let left: Variable
    let top: Variable
    let width: Variable
    let height: Variable

    /// The variables of the item at `position` of a session.
    init(position: Int) {
        if position < Self.sharedCount {
            let base = 4 * position
            let shared = Self.shared
            left = shared[base]
            top = shared[base + 1]
            width = shared[base + 2]
            height = shared[base + 3]
        } else {
            left = Variable()
            top = Variable()
            width = Variable()
            height = Variable()
        }
    }

    /// Sessions place a dozen or two items; a document with more gets fresh variables past this count.
    static let sharedCount = 64
    private static let shared: [Variable] = (0..<(4 * sharedCount)).map { _ in Variable() }

    var rect: RectExpressions {
        RectExpressions(
            left: Expression(left), top: Expression(top), width: Expression(width), height: Expression(height))
    }
}

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
