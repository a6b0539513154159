import Cassowary

/// One delegate document solved in one navigation state: the solver, the items it places, and the
/// constraints in force. Built once per plan; `solve(screen:)` lays it out for a screen and can be called
/// again for other screens of the same width class, reusing the solver (edit variables carry the screen).
struct LayoutSession: Sendable {
    private(set) var plan: LayoutPlan
    private var solver = Solver()
    private(set) var items: [PlacedItem] = []
    private var itemIndex = ItemNameIndex()
    /// Every constraint the session installs with its label (rendered as text only for diagnostics and
    /// `broken`, see `text(of:for:)`), in the order installed. Labels are read only for a conflict or a
    /// broken constraint, so they are kept in a list rather than hashed for every constraint installed
    /// (see `label(of:)`).
    private var labels: [InstalledConstraint] = []
    /// The document's constraints in force, in the order installed (`ConstraintLabel.written` points here).
    private var inForce: [DelegateConstraint] = []
    /// Whether a hand-made plan placed an item named like the map or the safe area; constraints still
    /// mean the screen's by those names (see `installUserConstraints`).
    private var placedContainerName = false
    private var sizeRules: [SizeRule] = []
    private var stacks: [StackState] = []
    /// Diagnostics found while building (static checks, conflicts); geometric ones are added per solve.
    private var buildDiagnostics: [Diagnostic] = []
    private var hidden: [(name: String, reason: String)] = []
    private var promptCorners: PromptCorners = .top
    /// The component sizes for the plan's screen (recomputed when the screen changes).
    private var sizes: ComponentSizes
    /// The screen whose values the edit variables hold (the plan's, until another is suggested).
    private var suggestedScreen: Screen
    private var stateName: String { plan.state.navigation.rawValue }
    /// Which components the SDK hands over in the plan's state, from the plan's fields read in place
    /// (handing the whole plan to a function would copy it, a reference count for each field).
    private var availability: ComponentAvailability {
        ComponentAvailability(
            allowsBuiltInOnlyItems: plan.allowsBuiltInOnlyItems, navigation: plan.state.navigation,
            promptShown: plan.promptShown)
    }

    init(plan: LayoutPlan) {
        self.plan = plan
        sizes = plan.sizes
        suggestedScreen = plan.screen
        buildDiagnostics = plan.diagnostics
        hidden = plan.hidden
        build()
    }

    /// Installs the screen, the items and every constraint of the plan.
    private mutating func build() {
        for (index, variable) in ScreenVariables.all.enumerated() {
            try? solver.addEditVariable(
                variable, priority: ScreenVariables.editPriority,
                initialValue: ScreenVariables.value(at: index, of: plan.screen))
        }
        inForce = collectConstraints()
        items.reserveCapacity(16)
        itemIndex.reserveCapacity(16)
        placeItems(constraints: inForce)
        // Every constraint installed gets a label: the document's, two size rules and up to two
        // intrinsic-size pairs per item, a few per stacked view. Sized for that first build, the table
        // does not rehash while it fills.
        labels.reserveCapacity(inForce.count + 4 * items.count + 16)
        installSizes()
        for index in stacks.indices { installStack(index) }
        installUserConstraints(inForce)
    }

    // MARK: Items and constraints in force

    private var promptLayout: PromptLayout? {
        plan.promptShown ? plan.document.promptLayout(wideMode: plan.wideMode) : nil
    }

    private func collectConstraints() -> [DelegateConstraint] {
        guard let layout = plan.stateLayout else { return [] }
        let prompt = promptLayout
        // Sized once: joining the lists pairwise made an array and then grew it for the prompt's.
        var constraints: [DelegateConstraint] = []
        constraints.reserveCapacity(
            plan.document.shared.count + layout.constraints.count + (prompt?.constraints.count ?? 0))
        constraints += plan.document.shared
        constraints += layout.constraints
        if let prompt { constraints += prompt.constraints }
        return constraints
    }

    private mutating func placeItems(constraints: [DelegateConstraint]) {
        // Locals: `addView` below mutates the session, and calling an instance method from it would copy
        // the whole session (solver included) for every view.
        // Only the document's lists this reads, and the plan's fields one by one: copying the document
        // or handing the plan to a function would copy it whole, a reference count for each field.
        let views = plan.document.views
        let documentStacks = plan.document.stacks
        let navigation = plan.state.navigation
        let layout = plan.stateLayout
        let availability = self.availability
        // A document declares a handful of views and stacks: scanning them beats building two
        // dictionaries per request (a large document still gets them).
        let indexed = views.count + documentStacks.count > ItemNameIndex.scanLimit
        let viewTable =
            indexed ? Dictionary(views.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
        let stackTable =
            indexed ? Dictionary(documentStacks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
        func customView(_ name: String) -> CustomView? {
            indexed ? viewTable[name] : views.first { $0.name == name }
        }
        func stack(named name: String) -> HidingStack? {
            indexed ? stackTable[name] : documentStacks.first { $0.name == name }
        }

        if plan.mode == .delegate && navigation != .disabled {
            // The two required components tested in turn (an array literal here would be an allocation).
            let stateViews = layout?.views ?? []
            if !stateViews.contains(BuiltInItem.googleLogo.rawValue) {
                buildDiagnostics.append(.missingRequiredComponent(BuiltInItem.googleLogo.rawValue, state: stateName))
            }
            if !stateViews.contains(BuiltInItem.viewport.rawValue) {
                buildDiagnostics.append(.missingRequiredComponent(BuiltInItem.viewport.rawValue, state: stateName))
            }
        }

        func addView(_ name: String) {
            guard itemIndex[name] == nil else { return }
            if let item = BuiltInItem(rawValue: name) {
                if let problem = availability.problem(with: item) {
                    buildDiagnostics.append(
                        .unavailableInState(name, constraint: nil, state: stateName, detail: problem))
                    return
                }
                add(name, role: .component(item))
            } else if let view = customView(name) {
                add(name, role: .view(view))
            } else if let stack = stack(named: name) {
                add(name, role: .stack(stack))
                var arranged: [Int] = []
                arranged.reserveCapacity(stack.arranged.count)
                for member in stack.arranged where itemIndex[member] == nil {
                    if let item = BuiltInItem(rawValue: member) {
                        // The SDK hands a stack only the buttons of the state (no .reporting when ready).
                        guard availability.problem(with: item) == nil else { continue }
                        add(member, role: .component(item))
                    } else if let view = customView(member) {
                        add(member, role: .view(view))
                    } else {
                        continue
                    }
                    items[items.count - 1].stack = name
                    arranged.append(items.count - 1)
                }
                stacks.append(StackState(stack: stack, arranged: arranged, visibleCount: arranged.count))
            }
        }

        for name in layout?.views ?? [] { addView(name) }
        // Custom views and stacks named only by constraints are placed too: they are the app's own.
        if !views.isEmpty || !documentStacks.isEmpty {
            func addIfCustom(_ name: String) {
                // Most anchors name an item the state already placed: one lookup instead of two scans.
                guard itemIndex[name] == nil else { return }
                if customView(name) != nil || stack(named: name) != nil { addView(name) }
            }
            for constraint in constraints {
                addIfCustom(constraint.spec.first.item.name)
                if let second = constraint.spec.second { addIfCustom(second.item.name) }
            }
        }
        for guide in plan.document.guides where itemIndex[guide] == nil { add(guide, role: .guide) }
        if plan.promptShown {
            if promptLayout != nil {
                // showPrompt hands the prompt over; a state that already lists it has added it.
                if itemIndex[BuiltInItem.prompt.rawValue] == nil {
                    add(BuiltInItem.prompt.rawValue, role: .component(.prompt))
                }
                promptCorners = promptLayout?.corners ?? .top
            } else {
                hidden.append(("prompt", "the layout has no prompt constraints"))
            }
        } else if plan.state.prompt != nil && plan.state.navigation == .guidance && !plan.settings.shouldDisplayPrompts
        {
            hidden.append(("prompt", "shouldDisplayPrompts is false"))
        } else if plan.state.prompt != nil && plan.state.navigation != .guidance {
            hidden.append(("prompt", "prompts are shown only during guidance"))
        }
        if let logo = itemIndex[BuiltInItem.googleLogo.rawValue], plan.recenterShown {
            items[logo].outputName = BuiltInItem.recenter.rawValue
            hidden.append(("googleLogo", "replaced by the re-center button while the driver has panned away"))
        }
    }

    private mutating func add(_ name: String, role: PlacedItem.Role) {
        let item = PlacedItem(
            name: name, outputName: name, role: role, variables: ItemVariables(position: items.count))
        if name == BuiltInItem.map.rawValue || name == BuiltInItem.safeArea.rawValue { placedContainerName = true }
        itemIndex.append(name)
        items.append(item)
    }

    // MARK: Installing

    /// Adds a constraint to the solver and keeps its label; a required constraint the solver rejects is
    /// reported as a conflict (with the constraints it conflicts with) instead. Returns whether it was added.
    /// The constraint and its label are taken over (`consuming`): the label list keeps them without a
    /// retain here and a release in the caller.
    @discardableResult
    private mutating func install(_ constraint: consuming Constraint, label: consuming ConstraintLabel) -> Bool {
        do throws(SolverError) {
            try solver.add(constraint)
            labels.append(InstalledConstraint(constraint: constraint, label: label))
            return true
        } catch {
            if case .unsatisfiableConstraint(_, let conflicts) = error {
                let conflicting = conflicts.map { conflict in
                    self.label(of: conflict).map { text(of: $0, for: conflict) } ?? describe(conflict)
                }
                let broken = text(of: label, for: constraint)
                buildDiagnostics.append(
                    .unsatisfiableConstraints(
                        broken: broken, conflicting: conflicting, items: itemsNamed(in: [broken] + conflicting),
                        state: stateName))
            }
            return false
        }
    }

    /// The label a constraint was installed with (the latest, should it have been installed twice).
    private func label(of constraint: Constraint) -> ConstraintLabel? {
        labels.last { $0.constraint === constraint }?.label
    }

    /// The text of `constraint`'s label; an arrangement constraint is printed with its variables' names.
    private func text(of label: ConstraintLabel, for constraint: Constraint) -> String {
        switch label {
        case .written(let position):
            return inForce[position].text
        case .sdkSize(let item, let axis, let value):
            return "\(items[item].name).\(axis.rawValue) == \(formatNumber(roundMilli(value))) (SDK size)"
        case .intrinsic(let item, let axis, let relation, let value, let priority, let what):
            return "\(items[item].name).\(axis.rawValue) \(relation) \(formatNumber(value))"
                + (priority.map { " @\($0)" } ?? "") + " (\(what))"
        case .stack(let stack):
            return "\(stacks[stack].stack.name) arrangement: \(describe(constraint))"
        }
    }

    /// A solver constraint as `Constraint.description` prints it, its variables named
    /// `item.left|top|width|height` (the shared item variables carry no names of their own).
    private func describe(_ constraint: Constraint) -> String {
        constraint.description(naming: name(of:))
    }

    /// The readable name of a solver variable: `item.left` and so on, or the screen variable's own name.
    private func name(of variable: Variable) -> String {
        for item in items {
            let variables = item.variables
            if variables.left === variable { return item.name + ".left" }
            if variables.top === variable { return item.name + ".top" }
            if variables.width === variable { return item.name + ".width" }
            if variables.height === variable { return item.name + ".height" }
        }
        return variable.name
    }

    /// The placed items a set of constraint texts mention, in order of first mention.
    private func itemsNamed(in texts: [String]) -> [String] {
        var names: [String] = []
        for text in texts {
            var current = ""
            for character in text + " " {
                if character.isLetter || character.isNumber || character == "_" {
                    current.append(character)
                } else {
                    if !current.isEmpty, itemIndex[current] != nil || current == "map" || current == "safeArea",
                        !names.contains(current)
                    {
                        names.append(current)
                    }
                    current = ""
                }
            }
        }
        return names
    }

    private mutating func installSizes() {
        let sizes = plan.sizes
        sizeRules.reserveCapacity(2 * items.count)
        func rule(_ index: Int, _ axis: SizeRule.Axis, _ source: SizeRule.Source) {
            sizeRules.append(SizeRule(item: index, axis: axis, source))
        }
        for index in items.indices {
            switch items[index].role {
            case .component(let component):
                switch component {
                case .turnCard:
                    rule(index, .width, .cardWidth)
                    rule(index, .height, .turnCardHeight)
                case .etaCard:
                    rule(index, .width, .cardWidth)
                    rule(index, .height, .etaCardHeight)
                case .prompt:
                    rule(index, .width, .cardWidth)
                    rule(index, .height, .promptHeight)
                case .googleLogo:
                    if plan.recenterShown {
                        rule(index, .width, .style(.recenterButtonWidth))
                        rule(index, .height, .style(.recenterButtonHeight))
                    } else {
                        rule(index, .width, .style(.googleLogoWidth))
                        rule(index, .height, .style(.googleLogoHeight))
                    }
                case .recenter:
                    rule(index, .width, .style(.recenterButtonWidth))
                    rule(index, .height, .style(.recenterButtonHeight))
                case .speedWidget:
                    rule(index, .width, .speedWidgetWidth)
                    rule(index, .height, .speedWidgetHeight)
                case .compass, .reporting, .myLocation:
                    rule(index, .width, .style(.buttonSize))
                    rule(index, .height, .style(.buttonSize))
                case .tripProgressBar:
                    rule(index, .width, .style(.tripProgressBarWidth))
                case .headerAccessory:
                    if let height = sizes.headerAccessoryHeight { rule(index, .height, .fixed(height)) }
                case .map, .safeArea, .viewport:
                    break
                }
            case .view(let view):
                installIntrinsic(view, item: index)
            case .guide, .stack:
                break
            }
        }
        // First guess: every item spans the map, so cards start at the edges they usually sit on (one
        // frame for all: a list of the same frame per item was one more heap block per request).
        let firstGuess = Frame(x: 0, y: 0, width: 0, height: plan.screen.height)
        for index in sizeRules.indices { applySizeRule(index, itemFrame: firstGuess, initial: true) }
    }

    /// Auto Layout's intrinsic content size: per axis `size <= intrinsic` at the hugging priority and
    /// `size >= intrinsic` at the compression resistance priority.
    private mutating func installIntrinsic(_ view: CustomView, item index: Int) {
        let variables = items[index].variables
        let axes: [(Double?, Variable, Priority, Priority, SizeRule.Axis)] = [
            (view.intrinsicWidth, variables.width, view.hugging.horizontal, view.compression.horizontal, .width),
            (view.intrinsicHeight, variables.height, view.hugging.vertical, view.compression.vertical, .height),
        ]
        for (intrinsic, variable, hugging, compression, axis) in axes {
            guard let intrinsic else { continue }
            if hugging.isRequired && compression.isRequired {
                install(
                    variable == intrinsic,
                    label: .intrinsic(
                        item: index, axis: axis, relation: "==", value: intrinsic, priority: nil,
                        what: "intrinsic size"))
                continue
            }
            install(
                Constraint(variable - intrinsic, .lessThanOrEqual, priority: hugging),
                label: .intrinsic(
                    item: index, axis: axis, relation: "<=", value: intrinsic, priority: hugging.value,
                    what: "content hugging"))
            install(
                Constraint(variable - intrinsic, .greaterThanOrEqual, priority: compression),
                label: .intrinsic(
                    item: index, axis: axis, relation: ">=", value: intrinsic, priority: compression.value,
                    what: "compression resistance"))
        }
    }

    /// Installs (or replaces) the required size constraint of a size rule for the current frame of its
    /// item. Returns whether the constraint changed.
    @discardableResult
    private mutating func applySizeRule(_ index: Int, itemFrame: Frame, initial: Bool = false) -> Bool {
        // The rule's fields and the item's are read in place: a copy of the rule would retain its
        // constraint, a copy of the item each of its strings and variables (this runs for every rule on
        // every pass of every solve).
        let item = sizeRules[index].item
        let axis = sizeRules[index].axis
        let target = sizeRules[index].value(sizes, itemFrame)
        if sizeRules[index].installed != nil, let installedValue = sizeRules[index].installedValue,
            abs(installedValue - target) < 1e-9
        {
            return false
        }
        if let current = sizeRules[index].installed { try? solver.remove(current) }
        // `variable == target` written as its expression directly (no operator arithmetic, no array).
        let constraint = Constraint(
            Expression(
                Term(axis == .width ? items[item].variables.width : items[item].variables.height),
                constant: 0 + -target),
            .equal)
        let label = ConstraintLabel.sdkSize(item: item, axis: axis, value: target)
        if install(constraint, label: label) {
            sizeRules[index].installed = constraint
            sizeRules[index].installedValue = target
        } else {
            sizeRules[index].installed = nil
            sizeRules[index].installedValue = nil
        }
        return !initial
    }

    // MARK: Hiding stacks

    /// The stack's arrangement, written as terms directly (no intermediate expressions: this runs for
    /// every stack of every request and again whenever a view hides). Each anchor is its terms over the
    /// item's variables (bottom = top + height, a right edge = left + width), each constraint
    /// `lhs - rhs`, in the order Auto Layout's stack adds them.
    private mutating func installStack(_ index: Int) {
        for constraint in stacks[index].constraints { try? solver.remove(constraint) }
        stacks[index].constraints = []
        let state = stacks[index]
        guard let stackIndex = itemIndex[state.stack.name] else { return }
        let spacing = state.stack.spacing ?? plan.style[.stackSpacing]
        // The arranged views are kept as item positions: the visible ones are a slice of them, with no
        // list made and no name looked up each time the stack is installed.
        let visible = state.arranged.prefix(state.visibleCount)
        var constraints: [Constraint] = []
        constraints.reserveCapacity(3 * visible.count + 2)
        // The variables are read from the items where each term is made (`items[i].variables.top`):
        // copying an item's `ItemVariables` to a local retains and releases all four of them.
        // The aligned edge: leading is the left edge left to right, left + width right to left;
        // trailing the opposite.
        let edgeHasWidth = (state.stack.alignment == .leading) != (plan.screen.layoutDirection == .leftToRight)
        let contentConstant = spacing * Double(max(visible.count - 1, 0))
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
        // The next view of a stack laid out top down: view.top == above.top + above.height + spacing.
        // (`0 + -spacing` keeps a zero spacing a positive zero, as the constant has always been written.)
        func stacked(top: Variable, aboveTop: Variable, aboveHeight: Variable) -> Constraint {
            Constraint(
                Expression(Term(top), Term(aboveTop, -1), Term(aboveHeight, -1), constant: 0 + -spacing), .equal)
        }
        // The position of the view placed just before (above, or below for a bottom stack).
        var previous: Int? = nil
        switch state.stack.position {
        case .top, .center:
            for position in visible {
                if let above = previous {
                    constraints.append(
                        stacked(
                            top: items[position].variables.top, aboveTop: items[above].variables.top,
                            aboveHeight: items[above].variables.height))
                } else if state.stack.position == .top {
                    constraints.append(
                        Constraint(
                            Expression(Term(items[position].variables.top), Term(items[stackIndex].variables.top, -1)),
                            .equal))
                } else {
                    // top == stack.top + stack.height / 2 - content / 2, content being the visible heights
                    // plus the spacing between them.
                    var centered = Expression(
                        Term(items[position].variables.top), Term(items[stackIndex].variables.top, -1),
                        Term(items[stackIndex].variables.height, -0.5),
                        constant: 0 + contentConstant * 0.5)
                    for arranged in visible { centered.append(Term(items[arranged].variables.height, 0.5)) }
                    constraints.append(Constraint(centered, .equal))
                }
                previous = position
            }
        case .bottom:
            // Bottom to top: the first arranged view sits lowest.
            for position in visible {
                if let below = previous {
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
                previous = position
            }
        }
        // The stack takes its content's size only when its own constraints leave it free: below every
        // hugging priority, so the arranged views keep their sizes and sit at the stack's position
        // (top, center, bottom) instead of stretching to fill it.
        var content = Expression(Term(items[stackIndex].variables.height), constant: 0 + -contentConstant)
        for position in visible { content.append(Term(items[position].variables.height, -1)) }
        constraints.append(Constraint(content, .equal, priority: .fittingSize))
        constraints.append(
            Constraint(
                Expression(Term(items[stackIndex].variables.width), constant: 0 + -knownWidth), .lessThanOrEqual,
                priority: .fittingSize))
        // The ones the solver took are kept in place at the front of the same array (a second array
        // for them was one more allocation per stack).
        var installedCount = 0
        for position in constraints.indices where install(constraints[position], label: .stack(index)) {
            constraints.swapAt(installedCount, position)
            installedCount += 1
        }
        constraints.removeLast(constraints.count - installedCount)
        stacks[index].constraints = constraints
    }

    private func knownSize(ofItemAt index: Int, axis: SizeRule.Axis) -> Double? {
        if case .view(let view) = items[index].role {
            return axis == .width ? view.intrinsicWidth : view.intrinsicHeight
        }
        return sizeRules.first { $0.item == index && $0.axis == axis }?.installedValue
    }

    // MARK: The document's constraints

    private mutating func installUserConstraints(_ constraints: [DelegateConstraint]) {
        let checks = ConstraintDiagnostics(
            mode: plan.mode, navigation: plan.state.navigation, wideMode: plan.wideMode, availability: availability,
            placed: itemIndex)
        for (position, constraint) in constraints.enumerated() {
            let spec = constraint.spec
            // Each anchor's item is looked up once, for the checks and for the terms. The map and the safe
            // area are the screen's whatever was placed.
            func placedItem(_ reference: ItemReference) -> Int? {
                if placedContainerName
                    && (reference.name == BuiltInItem.map.rawValue || reference.name == BuiltInItem.safeArea.rawValue)
                {
                    return nil
                }
                return itemIndex[reference.name]
            }
            let firstItem = placedItem(spec.first.item)
            let secondItem = spec.second.flatMap { placedItem($0.item) }
            func anchorItem(_ anchor: Anchor, _ placed: Int?) -> ConstraintDiagnostics.AnchorItem {
                guard let placed else {
                    return ConstraintDiagnostics.AnchorItem(
                        builtIn: BuiltInItem(rawValue: anchor.item.name), isPlaced: false)
                }
                return ConstraintDiagnostics.AnchorItem(builtIn: items[placed].builtIn, isPlaced: true)
            }
            let verdict = checks.check(
                constraint, spec: spec, first: anchorItem(spec.first, firstItem),
                second: spec.second.map { anchorItem($0, secondItem) })
            // Nearly every constraint passes: appending an empty list still costs a call.
            if !verdict.diagnostics.isEmpty { buildDiagnostics += verdict.diagnostics }
            guard verdict.install, let built = build(spec, firstItem: firstItem, secondItem: secondItem) else {
                continue
            }
            noteGuideAxisRead(
                item: placedContainerName ? itemIndex[spec.first.item.name] : firstItem, spec.first.attribute)
            if let second = spec.second {
                noteGuideAxisRead(
                    item: placedContainerName ? itemIndex[second.item.name] : secondItem, second.attribute)
            }
            install(built, label: .written(position))
        }
        buildDiagnostics += checks.stateChecks(constraints)
    }

    /// Records that a constraint reads the axis of a guide (the placed item at `item`, if any).
    private mutating func noteGuideAxisRead(item index: Int?, _ attribute: LayoutAttribute) {
        guard let index, items[index].isGuide else { return }
        let horizontal = attribute == .width || (attribute != .height && attribute.kind == .xPosition)
        if horizontal {
            items[index].horizontalAxisRead = true
        } else {
            items[index].verticalAxisRead = true
        }
    }

    /// Adds `scale × anchor` to `expression`: the anchor's terms written straight into the constraint's
    /// expression (this runs for every constraint, so no intermediate expressions or arrays).
    /// Returns false for an item the state does not place.
    ///
    /// An anchor is an edge, a center or a size on one axis: `position × a + size × b` with (a, b)
    /// (1, 0) for the left or top edge, (1, 1) for the right or bottom edge, (1, 0.5) for a center and
    /// (0, 1) for a size. Only the variables that take part are read (each read is a reference count).
    private func appendAnchor<Sink: TermSink>(
        _ anchor: Anchor, placedItem: Int?, scale: Double, expression: inout Sink
    ) -> Bool {
        let rtl = plan.screen.layoutDirection == .rightToLeft
        var attribute = anchor.attribute
        if attribute == .leading { attribute = rtl ? .right : .left }
        if attribute == .trailing { attribute = rtl ? .left : .right }
        let horizontal: Bool
        let positionFactor: Double?
        let sizeFactor: Double?
        switch attribute {
        case .left: (horizontal, positionFactor, sizeFactor) = (true, 1, nil)
        case .right: (horizontal, positionFactor, sizeFactor) = (true, 1, 1)
        case .centerX: (horizontal, positionFactor, sizeFactor) = (true, 1, 0.5)
        case .width: (horizontal, positionFactor, sizeFactor) = (true, nil, 1)
        case .top: (horizontal, positionFactor, sizeFactor) = (false, 1, nil)
        case .bottom: (horizontal, positionFactor, sizeFactor) = (false, 1, 1)
        case .centerY: (horizontal, positionFactor, sizeFactor) = (false, 1, 0.5)
        case .height: (horizontal, positionFactor, sizeFactor) = (false, nil, 1)
        case .leading, .trailing: (horizontal, positionFactor, sizeFactor) = (true, nil, nil)
        }
        let margin = anchor.item.margins ? plan.style[.layoutMargin] : 0
        if let index = placedItem {
            // Nearly every anchor names a placed item: its variables go straight from the item into the
            // terms (held in locals on the way they were retained and released once more each).
            if let factor = positionFactor {
                expression.append(
                    Term(horizontal ? items[index].variables.left : items[index].variables.top, factor * scale))
                expression.constant += margin * factor * scale
            }
            if let factor = sizeFactor {
                expression.append(
                    Term(horizontal ? items[index].variables.width : items[index].variables.height, factor * scale))
                expression.constant += -2 * margin * factor * scale
            }
            return true
        }
        // The map or the safe area: the position and size variables (nil: none, the map's origin) with
        // their constant offsets, and the insets subtracted from the size (the safe area's width is
        // map.width - left - right).
        var position: Variable? = nil
        var size: Variable? = nil
        var positionOffset = margin
        var sizeOffset = -2 * margin
        var insets: (Variable, Variable)? = nil
        switch anchor.item.name {
        case BuiltInItem.map.rawValue where !anchor.item.margins:
            size = horizontal ? ScreenVariables.width : ScreenVariables.height
        case BuiltInItem.map.rawValue, BuiltInItem.safeArea.rawValue:
            // map.margins is the safe area inset by the layout margin (insetsLayoutMarginsFromSafeArea).
            if horizontal {
                position = ScreenVariables.safeLeft
                size = ScreenVariables.width
                insets = (ScreenVariables.safeLeft, ScreenVariables.safeRight)
            } else {
                position = ScreenVariables.safeTop
                size = ScreenVariables.height
                insets = (ScreenVariables.safeTop, ScreenVariables.safeBottom)
            }
            if anchor.item.name == BuiltInItem.safeArea.rawValue {
                positionOffset = 0
                sizeOffset = 0
            }
        default:
            // An item the state does not place.
            return false
        }
        if let factor = positionFactor {
            Self.add(position, insets: nil, offset: positionOffset, factor: factor, scale: scale, to: &expression)
        }
        if let factor = sizeFactor {
            Self.add(size, insets: insets, offset: sizeOffset, factor: factor, scale: scale, to: &expression)
        }
        return true
    }

    /// `factor × scale × (variable - insets + offset)` added to `expression`.
    @inline(__always)
    private static func add<Sink: TermSink>(
        _ variable: Variable?, insets: (Variable, Variable)?, offset: Double, factor: Double, scale: Double,
        to expression: inout Sink
    ) {
        if let variable { expression.append(Term(variable, factor * scale)) }
        if let (first, second) = insets {
            expression.append(Term(first, -1 * factor * scale))
            expression.append(Term(second, -1 * factor * scale))
        }
        expression.constant += offset * factor * scale
    }

    /// The solver constraint of a document constraint, as `first - (second × multiplier + constant)`
    /// related to zero.
    /// `firstItem` and `secondItem` are the positions of the placed items the anchors name (nil for the
    /// map, the safe area, or an item the state does not place).
    private func build(_ spec: LayoutConstraintSpec, firstItem: Int?, secondItem: Int?) -> Constraint? {
        // Two placed items give at most four terms; only an anchor on the map or the safe area can give
        // more, and only then are they counted.
        let bothPlaced = firstItem != nil && (spec.second == nil || secondItem != nil)
        let totalTerms =
            bothPlaced
            ? 0
            : termCount(of: spec.first, placed: firstItem != nil)
                + (spec.second.map { termCount(of: $0, placed: secondItem != nil) } ?? 0)
        let expression: Expression
        // More terms than an expression holds inline: written into an array of that size (see TermSink).
        if totalTerms > 4 {
            var terms = TermArray(capacity: totalTerms)
            guard writeTerms(of: spec, firstItem: firstItem, secondItem: secondItem, into: &terms) else {
                return nil
            }
            expression = terms.expression
        } else {
            var inline = Expression(constant: 0)
            guard writeTerms(of: spec, firstItem: firstItem, secondItem: secondItem, into: &inline) else {
                return nil
            }
            expression = inline
        }
        let relation: Relation
        switch spec.relation {
        case .equal: relation = .equal
        case .lessThanOrEqual: relation = .lessThanOrEqual
        case .greaterThanOrEqual: relation = .greaterThanOrEqual
        }
        return Constraint(expression, relation, priority: spec.priority)
    }

    /// Writes `first - (second × multiplier + constant)` into `expression`; false when an anchor names
    /// an item the state does not place.
    private func writeTerms<Sink: TermSink>(
        of spec: LayoutConstraintSpec, firstItem: Int?, secondItem: Int?, into expression: inout Sink
    ) -> Bool {
        guard appendAnchor(spec.first, placedItem: firstItem, scale: 1, expression: &expression) else {
            return false
        }
        var offset = spec.constant.resolved(in: plan.style)
        // Auto Layout flips leading/trailing constants under right-to-left: `trailing == x.trailing - 16`
        // keeps a 16 pt inset from the trailing edge in both directions.
        if plan.screen.layoutDirection == .rightToLeft && spec.first.attribute.directionality == .directional {
            offset = -offset
        }
        expression.constant -= offset
        if let second = spec.second {
            return appendAnchor(second, placedItem: secondItem, scale: -spec.multiplier, expression: &expression)
        }
        return true
    }

    /// How many terms `appendAnchor` writes for `anchor`: an edge or a center reads a position, a far
    /// edge, a center or a size reads a size (leading and trailing are the left or right edge by the
    /// layout direction); on the map itself a size is one variable and a position none, on the map's
    /// margins or the safe area a position is one and a size the map's less both insets. Only decides how
    /// the terms are stored, never what they are.
    private func termCount(of anchor: Anchor, placed: Bool) -> Int {
        let rtl = plan.screen.layoutDirection == .rightToLeft
        let readsPosition: Bool
        let readsSize: Bool
        switch anchor.attribute {
        case .left, .top: (readsPosition, readsSize) = (true, false)
        case .width, .height: (readsPosition, readsSize) = (false, true)
        case .right, .bottom, .centerX, .centerY: (readsPosition, readsSize) = (true, true)
        case .leading: (readsPosition, readsSize) = (true, rtl)
        case .trailing: (readsPosition, readsSize) = (true, !rtl)
        }
        if placed { return (readsPosition ? 1 : 0) + (readsSize ? 1 : 0) }
        switch anchor.item.name {
        case BuiltInItem.map.rawValue where !anchor.item.margins:
            return readsSize ? 1 : 0
        case BuiltInItem.map.rawValue, BuiltInItem.safeArea.rawValue:
            return (readsPosition ? 1 : 0) + (readsSize ? 3 : 0)
        default:
            // An item the state does not place: no terms, the constraint is not built.
            return 0
        }
    }

    /// The constraints in the solver, in the order added, and the screen's edit variables with their
    /// values: what a bare solver needs to reproduce this layout's final solve.
    var workload: SolverWorkload {
        SolverWorkload(
            constraints: solver.constraints,
            edits: ScreenVariables.all.enumerated().map { index, variable in
                SolverWorkload.Edit(
                    variable: variable, priority: ScreenVariables.editPriority,
                    value: ScreenVariables.value(at: index, of: plan.screen))
            })
    }

    // MARK: Solving

    /// Lays the session out for `screen` (same width class as the plan) and returns the result.
    mutating func solve(screen: Screen) -> LayoutResult {
        plan.screen = screen
        sizes = plan.sizes
        // The first solve of a session is for the screen it was built with, whose values the edit
        // variables already hold: suggesting them again would change nothing.
        if screen != suggestedScreen {
            for (index, variable) in ScreenVariables.all.enumerated() {
                try? solver.suggestValue(ScreenVariables.value(at: index, of: screen), for: variable)
            }
            suggestedScreen = screen
        }
        // Every solve starts from the full set of arranged views: room may have come back.
        for index in stacks.indices where stacks[index].visibleCount < stacks[index].arranged.count {
            stacks[index].visibleCount = stacks[index].arranged.count
            installStack(index)
        }
        var frames: [Frame] = []
        // Sizes that depend on position (cards under the safe area) and stacks out of room each need
        // another pass; a layout settles in one or two.
        for _ in 0..<(8 + 2 * stacks.reduce(0) { $0 + $1.arranged.count }) {
            solver.updateVariables()
            updateFrames(&frames)
            var changed = false
            for index in sizeRules.indices where applySizeRule(index, itemFrame: frames[sizeRules[index].item]) {
                changed = true
            }
            if changed { continue }
            if hideOneOutOfRoom(frames: frames) { continue }
            break
        }
        // Handed over (`consume`): the result rounds them in place, which a second reference to the
        // same storage would turn into a copy.
        return makeResult(frames: consume frames)
    }

    /// Replaces `frames` with the items' current frames, in the storage of the previous pass (a new
    /// array per pass was a heap block each time).
    private func updateFrames(_ frames: inout [Frame]) {
        frames.removeAll(keepingCapacity: true)
        frames.reserveCapacity(items.count)
        for index in items.indices {
            frames.append(
                Frame(
                    x: solver.value(of: items[index].variables.left), y: solver.value(of: items[index].variables.top),
                    width: solver.value(of: items[index].variables.width),
                    height: solver.value(of: items[index].variables.height)))
        }
    }

    /// GMSNavigationHidingStackView: while the arranged views do not fit in the room the stack's
    /// constraints give it, the last visible one hides (from the END of arrangedSubviews).
    private mutating func hideOneOutOfRoom(frames: [Frame]) -> Bool {
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

    /// Whether item `index` shows: not a view its hiding stack has hidden. (Loops rather than closures
    /// here and in `makeResult`: a closure that reads the session's fields made Swift copy the whole
    /// session, solver included, for every result.)
    private func isVisible(_ index: Int) -> Bool {
        guard let stackName = items[index].stack else { return true }
        for position in stacks.indices where stacks[position].stack.name == stackName {
            let shown = stacks[position].visibleCount
            for arranged in stacks[position].arranged[..<shown] where arranged == index { return true }
            return false
        }
        return true
    }

    private func makeResult(frames rawFrames: consuming [Frame]) -> LayoutResult {
        // Rounded in place: the solve loop hands its frames over.
        var frames = rawFrames
        for index in frames.indices { frames[index] = frames[index].rounded() }
        var result = LayoutResult(
            mode: plan.mode, navigation: plan.state.navigation, wideMode: plan.wideMode,
            mapFeatures: MapFeatures(settings: plan.settings, navigation: plan.state.navigation),
            appearance: Appearance(
                headerPrimaryBackgroundColor: plan.settings.navigationHeaderPrimaryBackgroundColor,
                headerSecondaryBackgroundColor: plan.settings.navigationHeaderSecondaryBackgroundColor))
        result.hidden = hidden
        result.frames.reserveCapacity(items.count)
        var visibleIndices: [Int] = []
        visibleIndices.reserveCapacity(items.count)
        for index in items.indices {
            if !isVisible(index) {
                result.hidden.append((items[index].outputName, "hiding stack out of room"))
                continue
            }
            if items[index].builtIn == .speedWidget, sizes.speedWidget == .none {
                result.hidden.append(
                    (items[index].name, "the speed widget shows nothing (no speedometer, no speed limit)"))
                continue
            }
            if case .guide = items[index].role {
                if plan.reportedGuides?.contains(items[index].name) ?? true {
                    result.guides.append((items[index].name, frames[index]))
                }
                continue
            }
            visibleIndices.append(index)
            result.frames.append((items[index].outputName, frames[index]))
        }
        if let order = plan.reportedGuides {
            // Report the legacy guides in their documented order.
            result.guides.sort { (order.firstIndex(of: $0.name) ?? 0) < (order.firstIndex(of: $1.name) ?? 0) }
        }
        if let viewport = itemIndex[BuiltInItem.viewport.rawValue] { result.cameraViewport = frames[viewport] }
        if let prompt = itemIndex[BuiltInItem.prompt.rawValue] {
            result.prompt = PromptResult(
                frame: frames[prompt], corners: promptCorners,
                animation: .show(
                    frames[prompt], mapHeight: plan.screen.height, duration: plan.style[.promptAnimationDuration]))
        }
        result.layers = layerOrder(visible: visibleIndices)
        var diagnostics = buildDiagnostics
        diagnostics += ambiguityDiagnostics(visible: visibleIndices)
        diagnostics += GeometryChecks(
            screen: plan.screen, style: plan.style, navigation: plan.state.navigation, wideMode: plan.wideMode,
            items: items, frames: frames, visible: visibleIndices, layers: result.layers,
            promptCorners: promptCorners, stacks: stacks
        ).diagnostics()
        result.diagnostics = diagnostics
        result.broken = brokenReports()
        return result
    }

    /// The document's constraints (and intrinsic sizes) the solution breaks, named as installed.
    private func brokenReports() -> [BrokenConstraintReport] {
        let brokenConstraints = solver.brokenConstraints()
        guard !brokenConstraints.isEmpty else { return [] }
        // Many broken constraints: one table instead of a scan of the labels for each.
        var table: [ObjectIdentifier: ConstraintLabel] = [:]
        if brokenConstraints.count > 8 {
            table.reserveCapacity(labels.count)
            for entry in labels { table[ObjectIdentifier(entry.constraint)] = entry.label }
        }
        var reports: [BrokenConstraintReport] = []
        for broken in brokenConstraints {
            let found = table.isEmpty ? label(of: broken.constraint) : table[ObjectIdentifier(broken.constraint)]
            guard let label = found, label.isReported else { continue }
            // Sized at the first report: most broken constraints are unreported ones (hugging, fitting
            // sizes), and a result without reports then allocates nothing here.
            if reports.isEmpty { reports.reserveCapacity(brokenConstraints.count) }
            reports.append(
                BrokenConstraintReport(
                    constraint: text(of: label, for: broken.constraint),
                    priority: broken.constraint.priority.value,
                    violation: roundMilli(broken.violation)))
        }
        return reports
    }

    private func layerOrder(visible: [Int]) -> [String] {
        var names: [String] = []
        names.reserveCapacity(visible.count)
        for index in visible { names.append(items[index].outputName) }
        guard let given = plan.document.layers else { return names }
        var ordered: [String] = []
        for name in given {
            guard let index = itemIndex[name], visible.contains(index) else { continue }
            ordered.append(items[index].outputName)
        }
        return names.filter { !ordered.contains($0) } + ordered
    }

    /// The item and axis a variable belongs to (a linear scan: only free variables are looked up).
    private func owner(of variable: Variable) -> (item: Int, axis: String)? {
        for index in items.indices {
            if items[index].variables.left === variable || items[index].variables.width === variable {
                return (index, "horizontal")
            }
            if items[index].variables.top === variable || items[index].variables.height === variable {
                return (index, "vertical")
            }
        }
        return nil
    }

    /// `visible`: the positions of the result's visible frames, ascending.
    private func ambiguityDiagnostics(visible: [Int]) -> [Diagnostic] {
        var seen: [(Int, String)] = []
        var diagnostics: [Diagnostic] = []
        // Variables no constraint mentions are unknown to the solver, and free (tested one by one, in
        // the order left, width, top, height), then the ones the solver leaves undetermined: each is
        // reported as found, without a list of them all.
        for index in items.indices {
            if !solver.knows(items[index].variables.left) {
                noteAmbiguity(of: items[index].variables.left, visible: visible, seen: &seen, into: &diagnostics)
            }
            if !solver.knows(items[index].variables.width) {
                noteAmbiguity(of: items[index].variables.width, visible: visible, seen: &seen, into: &diagnostics)
            }
            if !solver.knows(items[index].variables.top) {
                noteAmbiguity(of: items[index].variables.top, visible: visible, seen: &seen, into: &diagnostics)
            }
            if !solver.knows(items[index].variables.height) {
                noteAmbiguity(of: items[index].variables.height, visible: visible, seen: &seen, into: &diagnostics)
            }
        }
        for variable in solver.undeterminedVariables() {
            noteAmbiguity(of: variable, visible: visible, seen: &seen, into: &diagnostics)
        }
        return diagnostics
    }

    /// Reports the item and axis of a free variable once, if the item shows (or is a guide whose axis
    /// a constraint reads).
    private func noteAmbiguity(
        of variable: Variable, visible: [Int], seen: inout [(Int, String)], into diagnostics: inout [Diagnostic]
    ) {
        guard let owner = owner(of: variable) else { return }
        guard visible.contains(owner.item) || items[owner.item].isGuide, isVisible(owner.item) else { return }
        if case .guide = items[owner.item].role,
            !(owner.axis == "horizontal" ? items[owner.item].horizontalAxisRead : items[owner.item].verticalAxisRead)
        {
            return
        }
        if seen.contains(where: { $0.0 == owner.item && $0.1 == owner.axis }) { return }
        seen.append((owner.item, owner.axis))
        diagnostics.append(.ambiguousLayout(items[owner.item].outputName, axis: owner.axis, state: stateName))
    }
}
