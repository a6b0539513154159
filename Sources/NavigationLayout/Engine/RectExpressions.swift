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
struct ItemVariables: Sendable {
    let left: Variable
    let top: Variable
    let width: Variable
    let height: Variable

    init(name: String) {
        left = Variable("\(name).left")
        top = Variable("\(name).top")
        width = Variable("\(name).width")
        height = Variable("\(name).height")
    }

    var rect: RectExpressions {
        RectExpressions(
            left: Expression(left), top: Expression(top), width: Expression(width), height: Expression(height))
    }
}

/// The screen as the solver sees it: edit variables for the map size and the safe-area insets, so one
/// solver serves every screen size (rotation, split screen) by suggesting new values.
struct ScreenVariables: Sendable {
    let width = Variable("map.width")
    let height = Variable("map.height")
    let safeTop = Variable("safeArea.insetTop")
    let safeBottom = Variable("safeArea.insetBottom")
    let safeLeft = Variable("safeArea.insetLeft")
    let safeRight = Variable("safeArea.insetRight")

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
