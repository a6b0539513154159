import Cassowary

/// Hiding stacks: the arrangement constraints of a stack's visible views, and hiding the last of them
/// while they do not fit.
extension LayoutSession {
    // MARK: Hiding stacks

    /// The stack's arrangement, written as terms directly (no intermediate expressions: this runs for
    /// every stack of every request and again whenever a view hides). Each anchor is its terms over the
    /// item's variables (bottom = top + height, a right edge = left + width), each constraint
    /// `lhs - rhs`, in the order Auto Layout's stack adds them: the aligned edges and widths, the views
    /// one after the other, the stack's fitting size.
    mutating func installStack(_ index: Int) {
        for constraint in stacks[index].constraints { uninstall(constraint) }
        stacks[index].constraints = []
        let state = stacks[index]
        guard let stackIndex = itemIndex[state.stack.name] else { return }
        let spacing = state.stack.spacing ?? plan.style[.stackSpacing]
        // The arranged views are kept as item positions: the visible ones are a slice of them, with no
        // list made and no name looked up each time the stack is installed.
        let visible = state.arranged.prefix(state.visibleCount)
        // The spacing between the visible views, summed.
        let gaps = spacing * Double(max(visible.count - 1, 0))
        var constraints: [Constraint] = []
        constraints.reserveCapacity(3 * visible.count + 2)
        let knownWidth = appendAlignment(
            of: visible, inStackAt: stackIndex, alignment: state.stack.alignment, to: &constraints)
        switch state.stack.position {
        case .top, .center:
            appendTopDown(
                visible, inStackAt: stackIndex, centered: state.stack.position == .center, spacing: spacing,
                gaps: gaps, to: &constraints)
        case .bottom:
            appendBottomUp(visible, inStackAt: stackIndex, spacing: spacing, to: &constraints)
        }
        appendFittingSize(of: visible, inStackAt: stackIndex, gaps: gaps, knownWidth: knownWidth, to: &constraints)
        // The ones the solver took move to the front of the array, in order; the rest are dropped.
        var installedCount = 0
        for position in constraints.indices where install(constraints[position], label: .stack(index)) {
            constraints.swapAt(installedCount, position)
            installedCount += 1
        }
        constraints.removeLast(constraints.count - installedCount)
        stacks[index].constraints = constraints
    }

    /// Each visible view's aligned edge on the stack's, and the stack at least as wide as the view.
    /// Returns the widest width known before solving (intrinsic or SDK), which the stack's fitting width
    /// takes.
    private func appendAlignment(
        of visible: ArraySlice<Int>, inStackAt stackIndex: Int, alignment: HidingStack.Alignment,
        to constraints: inout [Constraint]
    ) -> Double {
        // The aligned edge: leading is the left edge left to right, left + width right to left;
        // trailing the opposite.
        let edgeHasWidth = (alignment == .leading) != (plan.screen.layoutDirection == .leftToRight)
        var knownWidth = 0.0
        for position in visible {
            let edge =
                edgeHasWidth
                ? Expression(
                    Term(items[position].variables.left), Term(items[position].variables.width),
                    Term(items[stackIndex].variables.left, -1), Term(items[stackIndex].variables.width, -1))
                : Expression(Term(items[position].variables.left), Term(items[stackIndex].variables.left, -1))
            constraints.append(Constraint(edge, .equal))
            constraints.append(
                Constraint(
                    Expression(Term(items[stackIndex].variables.width), Term(items[position].variables.width, -1)),
                    .greaterThanOrEqual))
            knownWidth = max(knownWidth, knownSize(ofItemAt: position, axis: .width) ?? 0)
        }
        return knownWidth
    }

    /// A stack laid out top down: the first view at the stack's top (or the content centered in the
    /// stack), each next one below the one above it.
    private func appendTopDown(
        _ visible: ArraySlice<Int>, inStackAt stackIndex: Int, centered: Bool, spacing: Double, gaps: Double,
        to constraints: inout [Constraint]
    ) {
        var above: Int? = nil
        for position in visible {
            if let above {
                // view.top == above.top + above.height + spacing. (`0 + -spacing` keeps a zero spacing a
                // positive zero, as the constant has always been written.)
                constraints.append(
                    Constraint(
                        Expression(
                            Term(items[position].variables.top), Term(items[above].variables.top, -1),
                            Term(items[above].variables.height, -1), constant: 0 + -spacing),
                        .equal))
            } else if !centered {
                constraints.append(
                    Constraint(
                        Expression(Term(items[position].variables.top), Term(items[stackIndex].variables.top, -1)),
                        .equal))
            } else {
                // top == stack.top + stack.height / 2 - content / 2, content being the visible heights
                // plus the spacing between them.
                var centeredTop = Expression(
                    Term(items[position].variables.top), Term(items[stackIndex].variables.top, -1),
                    Term(items[stackIndex].variables.height, -0.5),
                    constant: 0 + gaps * 0.5)
                for arranged in visible { centeredTop.append(Term(items[arranged].variables.height, 0.5)) }
                constraints.append(Constraint(centeredTop, .equal))
            }
            above = position
        }
    }

    /// A stack laid out bottom to top: the first arranged view sits lowest, on the stack's bottom, each
    /// next one above the one below it.
    private func appendBottomUp(
        _ visible: ArraySlice<Int>, inStackAt stackIndex: Int, spacing: Double, to constraints: inout [Constraint]
    ) {
        var below: Int? = nil
        for position in visible {
            if let below {
                constraints.append(
                    Constraint(
                        Expression(
                            Term(items[position].variables.top), Term(items[position].variables.height),
                            Term(items[below].variables.top, -1), constant: 0 + spacing),
                        .equal))
            } else {
                constraints.append(
                    Constraint(
                        Expression(
                            Term(items[position].variables.top), Term(items[position].variables.height),
                            Term(items[stackIndex].variables.top, -1), Term(items[stackIndex].variables.height, -1)),
                        .equal))
            }
            below = position
        }
    }

    /// The stack takes its content's size only when its own constraints leave it free: below every
    /// hugging priority, so the arranged views keep their sizes and sit at the stack's position
    /// (top, center, bottom) instead of stretching to fill it.
    private func appendFittingSize(
        of visible: ArraySlice<Int>, inStackAt stackIndex: Int, gaps: Double, knownWidth: Double,
        to constraints: inout [Constraint]
    ) {
        var content = Expression(Term(items[stackIndex].variables.height), constant: 0 + -gaps)
        for position in visible { content.append(Term(items[position].variables.height, -1)) }
        constraints.append(Constraint(content, .equal, priority: .fittingSize))
        // Visible views hold the width from below; a stack with none left fits in zero width, as an
        // empty UIStackView does, instead of any width up to it.
        constraints.append(
            Constraint(
                Expression(Term(items[stackIndex].variables.width), constant: 0 + -knownWidth),
                visible.isEmpty ? .equal : .lessThanOrEqual, priority: .fittingSize))
    }

    /// GMSNavigationHidingStackView: while the arranged views do not fit in the room the stack's
    /// constraints give it, the last visible one hides (from the END of arrangedSubviews).
    mutating func hideOneOutOfRoom(frames: [Frame]) -> Bool {
        for index in stacks.indices where stacks[index].visibleCount > 0 {
            let state = stacks[index]
            guard let stackIndex = itemIndex[state.stack.name] else { continue }
            let spacing = state.stack.spacing ?? plan.style[.stackSpacing]
            // Summed over the visible positions (no list of them per stack per pass).
            var heights = 0.0
            for position in state.arranged.prefix(state.visibleCount) { heights += frames[position].height }
            let content = heights + spacing * Double(max(state.visibleCount - 1, 0))
            if content > frames[stackIndex].height + 0.5 {
                stacks[index].visibleCount -= 1
                installStack(index)
                return true
            }
        }
        return false
    }

    /// Whether item `index` shows: not a view its hiding stack has hidden.
    func isVisible(_ index: Int) -> Bool {
        guard let stackName = items[index].stack else { return true }
        for position in stacks.indices where stacks[position].stack.name == stackName {
            let shown = stacks[position].visibleCount
            for arranged in stacks[position].arranged[..<shown] where arranged == index { return true }
            return false
        }
        return true
    }
}
