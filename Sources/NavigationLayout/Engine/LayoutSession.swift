import Cassowary

/// One delegate document solved in one navigation state: the solver, the items it places, and the
/// constraints in force. Built once per plan; `solve(screen:)` lays it out for a screen and can be called
/// again for other screens of the same width class, reusing the solver (edit variables carry the screen).
struct LayoutSession: Sendable {
    private(set) var plan: LayoutPlan
    private var solver = Solver()
    private let screenVariables = ScreenVariables()
    private(set) var items: [PlacedItem] = []
    private var itemIndex = ItemNameIndex()
    /// Readable text of every constraint the session installs, for diagnostics and `broken`.
    /// In the order installed. Labels are read only for a conflict or a broken constraint, so they are
    /// kept in a list rather than hashed for every constraint installed (see `label(of:)`).
    private var labels: [(constraint: Constraint, label: ConstraintLabel)] = []
    /// "guide|axis" for each axis of a custom guide some constraint reads: a guide's placement on an axis
    /// nothing reads cannot change any frame (the seed's contentBottom has no x), so only these count.
    private var guideAxesRead: [Bool] = []
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
    private var stateName: String { plan.state.navigation.rawValue }

    init(plan: LayoutPlan) {
        self.plan = plan
        sizes = plan.sizes
        buildDiagnostics = plan.diagnostics
        hidden = plan.hidden
        for (variable, value) in zip(screenVariables.all, screenVariables.values(of: plan.screen)) {
            try? solver.addEditVariable(variable, priority: ScreenVariables.editPriority, initialValue: value)
        }
        let inForce = collectConstraints()
        items.reserveCapacity(16)
        itemIndex.reserveCapacity(16)
        placeItems(constraints: inForce)
        guideAxesRead = Array(repeating: false, count: 2 * items.count)
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
        var constraints = plan.document.shared + layout.constraints
        if let promptLayout { constraints += promptLayout.constraints }
        return constraints
    }

    /// Why a component cannot be placed in the plan's state, or nil when it can. Static so checks can
    /// use it without capturing (and copying) the session.
    static func availability(of item: BuiltInItem, plan: LayoutPlan) -> String? {
        // The built-in layout shows its own controls (and the compass with navigation off) by the
        // settings' rules, which its generated document already applied.
        if plan.allowsBuiltInOnlyItems && (item == .compass || !item.isHandedToDelegates) { return nil }
        if !plan.allowsBuiltInOnlyItems && !item.isHandedToDelegates {
            return "only the built-in layout places \(item.rawValue); a delegate adds its own view instead"
        }
        if !item.isAvailable(in: plan.state.navigation, promptShown: plan.promptShown) {
            if item == .prompt { return "a prompt exists only while one is shown during guidance" }
            let states = item.availableStates.map(\.rawValue).joined(separator: ", ")
            return "the SDK hands it over in: \(states.isEmpty ? "no state" : states)"
        }
        return nil
    }

    private mutating func placeItems(constraints: [DelegateConstraint]) {
        // A local copy: `addView` below mutates the session, and calling an instance method from it
        // would copy the whole session (solver included) for every view.
        let plan = self.plan
        let document = plan.document
        let navigation = plan.state.navigation
        let layout = plan.stateLayout
        // A document declares a handful of views and stacks: scanning them beats building two
        // dictionaries per request (a large document still gets them).
        let indexed = document.views.count + document.stacks.count > ItemNameIndex.scanLimit
        let viewTable =
            indexed ? Dictionary(document.views.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
        let stackTable =
            indexed ? Dictionary(document.stacks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
        func customView(_ name: String) -> CustomView? {
            indexed ? viewTable[name] : document.views.first { $0.name == name }
        }
        func stack(named name: String) -> HidingStack? {
            indexed ? stackTable[name] : document.stacks.first { $0.name == name }
        }

        if plan.mode == .delegate && navigation != .disabled {
            let views = layout?.views ?? []
            for required in [BuiltInItem.googleLogo, .viewport] where !views.contains(required.rawValue) {
                buildDiagnostics.append(.missingRequiredComponent(required.rawValue, state: stateName))
            }
        }

        func addView(_ name: String) {
            guard itemIndex[name] == nil else { return }
            if let item = BuiltInItem(rawValue: name) {
                if let problem = Self.availability(of: item, plan: plan) {
                    buildDiagnostics.append(
                        .unavailableInState(name, constraint: nil, state: stateName, detail: problem))
                    return
                }
                add(name, role: .component(item))
            } else if let view = customView(name) {
                add(name, role: .view(view))
            } else if let stack = stack(named: name) {
                add(name, role: .stack(stack))
                var arranged: [String] = []
                for member in stack.arranged where itemIndex[member] == nil {
                    if let item = BuiltInItem(rawValue: member) {
                        // The SDK hands a stack only the buttons of the state (no .reporting when ready).
                        guard Self.availability(of: item, plan: plan) == nil else { continue }
                        add(member, role: .component(item))
                    } else if let view = customView(member) {
                        add(member, role: .view(view))
                    } else {
                        continue
                    }
                    items[items.count - 1].stack = name
                    arranged.append(member)
                }
                stacks.append(StackState(stack: stack, arranged: arranged, visibleCount: arranged.count))
            }
        }

        for name in layout?.views ?? [] { addView(name) }
        // Custom views and stacks named only by constraints are placed too: they are the app's own.
        if !document.views.isEmpty || !document.stacks.isEmpty {
            func addIfCustom(_ name: String) {
                if customView(name) != nil || stack(named: name) != nil { addView(name) }
            }
            for constraint in constraints {
                addIfCustom(constraint.spec.first.item.name)
                if let second = constraint.spec.second { addIfCustom(second.item.name) }
            }
        }
        for guide in document.guides where itemIndex[guide] == nil { add(guide, role: .guide) }
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

    /// The label is taken over (every caller builds it for this call), so keeping it is a move rather
    /// than a copy of its strings.
    @discardableResult
    private mutating func install(_ constraint: Constraint, label: consuming ConstraintLabel)
        -> Bool
    {
        do throws(SolverError) {
            try solver.add(constraint)
            labels.append((constraint, label))
            return true
        } catch {
            if case .unsatisfiableConstraint(_, let conflicts) = error {
                let conflicting = conflicts.map { conflict in
                    self.label(of: conflict).map { text(of: $0) } ?? describe(conflict)
                }
                let broken = text(of: label)
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

    /// A label's text; an arrangement constraint is printed with its variables' names.
    private func text(of label: ConstraintLabel) -> String {
        label.text { describe($0) }
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
        for index in items.indices {
            let item = items[index]
            switch item.role {
            case .component(let component):
                switch component {
                case .turnCard:
                    sizeRules.append(SizeRule(item: index, axis: .width) { sizes, _ in sizes.cardWidth })
                    sizeRules.append(
                        SizeRule(item: index, axis: .height) { sizes, frame in sizes.turnCardHeight(top: frame.y) })
                case .etaCard:
                    sizeRules.append(SizeRule(item: index, axis: .width) { sizes, _ in sizes.cardWidth })
                    sizeRules.append(
                        SizeRule(item: index, axis: .height) { sizes, frame in sizes.etaCardHeight(bottom: frame.maxY) }
                    )
                case .prompt:
                    sizeRules.append(SizeRule(item: index, axis: .width) { sizes, _ in sizes.cardWidth })
                    sizeRules.append(SizeRule(item: index, axis: .height) { sizes, _ in sizes.promptHeight })
                case .googleLogo:
                    if plan.recenterShown {
                        sizeRules.append(
                            SizeRule(item: index, axis: .width) { sizes, _ in sizes.style[.recenterButtonWidth] })
                        sizeRules.append(
                            SizeRule(item: index, axis: .height) { sizes, _ in sizes.style[.recenterButtonHeight] })
                    } else {
                        sizeRules.append(
                            SizeRule(item: index, axis: .width) { sizes, _ in sizes.style[.googleLogoWidth] })
                        sizeRules.append(
                            SizeRule(item: index, axis: .height) { sizes, _ in sizes.style[.googleLogoHeight] })
                    }
                case .recenter:
                    sizeRules.append(
                        SizeRule(item: index, axis: .width) { sizes, _ in sizes.style[.recenterButtonWidth] })
                    sizeRules.append(
                        SizeRule(item: index, axis: .height) { sizes, _ in sizes.style[.recenterButtonHeight] })
                case .speedWidget:
                    sizeRules.append(SizeRule(item: index, axis: .width) { sizes, _ in sizes.speedWidgetSize.width })
                    sizeRules.append(SizeRule(item: index, axis: .height) { sizes, _ in sizes.speedWidgetSize.height })
                case .compass, .reporting, .myLocation:
                    sizeRules.append(SizeRule(item: index, axis: .width) { sizes, _ in sizes.style[.buttonSize] })
                    sizeRules.append(SizeRule(item: index, axis: .height) { sizes, _ in sizes.style[.buttonSize] })
                case .tripProgressBar:
                    sizeRules.append(
                        SizeRule(item: index, axis: .width) { sizes, _ in sizes.style[.tripProgressBarWidth] })
                case .headerAccessory:
                    if let height = sizes.headerAccessoryHeight {
                        sizeRules.append(SizeRule(item: index, axis: .height) { _, _ in height })
                    }
                case .map, .safeArea, .viewport:
                    break
                }
            case .view(let view):
                installIntrinsic(view, item: item)
            case .guide, .stack:
                break
            }
        }
        // First guess: every item spans the map, so cards start at the edges they usually sit on.
        let frames = items.map { _ in Frame(x: 0, y: 0, width: 0, height: plan.screen.height) }
        for index in sizeRules.indices { applySizeRule(index, frames: frames, initial: true) }
    }

    /// Auto Layout's intrinsic content size: per axis `size <= intrinsic` at the hugging priority and
    /// `size >= intrinsic` at the compression resistance priority.
    private mutating func installIntrinsic(_ view: CustomView, item: PlacedItem) {
        let axes: [(Double?, Variable, Priority, Priority, String)] = [
            (view.intrinsicWidth, item.variables.width, view.hugging.horizontal, view.compression.horizontal, "width"),
            (view.intrinsicHeight, item.variables.height, view.hugging.vertical, view.compression.vertical, "height"),
        ]
        for (intrinsic, variable, hugging, compression, name) in axes {
            guard let intrinsic else { continue }
            if hugging.isRequired && compression.isRequired {
                install(
                    variable == intrinsic, label: .intrinsic(item.name, name, "==", intrinsic, nil, "intrinsic size"))
                continue
            }
            install(
                Constraint(variable - intrinsic, .lessThanOrEqual, priority: hugging),
                label: .intrinsic(item.name, name, "<=", intrinsic, hugging.value, "content hugging"))
            install(
                Constraint(variable - intrinsic, .greaterThanOrEqual, priority: compression),
                label: .intrinsic(item.name, name, ">=", intrinsic, compression.value, "compression resistance"))
        }
    }

    /// Installs (or replaces) the required size constraint of a size rule for the current frames.
    /// Returns whether the constraint changed.
    @discardableResult
    private mutating func applySizeRule(_ index: Int, frames: [Frame], initial: Bool = false) -> Bool {
        let rule = sizeRules[index]
        let target = rule.value(sizes, frames[rule.item])
        if rule.installed != nil, let installedValue = rule.installedValue, abs(installedValue - target) < 1e-9 {
            return false
        }
        if let current = rule.installed { try? solver.remove(current) }
        // Fields are read in place: copying the item would retain each of its strings and variables.
        let variable = rule.axis == .width ? items[rule.item].variables.width : items[rule.item].variables.height
        // `variable == target` written as its expression directly (one array instead of three).
        let constraint = Constraint(Expression(terms: [Term(variable)], constant: 0 + -target), .equal)
        let label = ConstraintLabel.sdkSize(items[rule.item].name, rule.axis.rawValue, target)
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
        let stack = items[stackIndex].variables
        let spacing = state.stack.spacing ?? plan.style[.stackSpacing]
        var visible: [Int] = []
        visible.reserveCapacity(state.visibleCount)
        for name in state.arranged.prefix(state.visibleCount) {
            if let position = itemIndex[name] { visible.append(position) }
        }
        var constraints: [Constraint] = []
        constraints.reserveCapacity(3 * visible.count + 2)
        // The aligned edge: leading is the left edge left to right, left + width right to left;
        // trailing the opposite.
        let edgeHasWidth = (state.stack.alignment == .leading) != (plan.screen.layoutDirection == .leftToRight)
        let contentConstant = spacing * Double(max(visible.count - 1, 0))
        var knownWidth = 0.0
        for position in visible {
            let view = items[position].variables
            let edge =
                edgeHasWidth
                ? [Term(view.left), Term(view.width), Term(stack.left, -1), Term(stack.width, -1)]
                : [Term(view.left), Term(stack.left, -1)]
            constraints.append(Constraint(Expression(terms: edge), .equal))
            constraints.append(
                Constraint(Expression(terms: [Term(stack.width), Term(view.width, -1)]), .greaterThanOrEqual))
            knownWidth = max(knownWidth, knownSize(ofItemAt: position, axis: .width) ?? 0)
        }
        // The next view of a stack laid out top down: view.top == above.top + above.height + spacing.
        // (`0 + -spacing` keeps a zero spacing a positive zero, as the constant has always been written.)
        func stacked(_ view: ItemVariables, under above: ItemVariables) -> Constraint {
            Constraint(
                Expression(
                    terms: [Term(view.top), Term(above.top, -1), Term(above.height, -1)], constant: 0 + -spacing),
                .equal)
        }
        var previous: ItemVariables? = nil
        switch state.stack.position {
        case .top:
            for position in visible {
                let view = items[position].variables
                if let above = previous {
                    constraints.append(stacked(view, under: above))
                } else {
                    constraints.append(Constraint(Expression(terms: [Term(view.top), Term(stack.top, -1)]), .equal))
                }
                previous = view
            }
        case .bottom:
            // Bottom to top: the first arranged view sits lowest.
            for position in visible {
                let view = items[position].variables
                if let below = previous {
                    constraints.append(
                        Constraint(
                            Expression(
                                terms: [Term(view.top), Term(view.height), Term(below.top, -1)], constant: 0 + spacing),
                            .equal))
                } else {
                    constraints.append(
                        Constraint(
                            Expression(
                                terms: [Term(view.top), Term(view.height), Term(stack.top, -1), Term(stack.height, -1)]
                            ),
                            .equal))
                }
                previous = view
            }
        case .center:
            for position in visible {
                let view = items[position].variables
                if let above = previous {
                    constraints.append(stacked(view, under: above))
                } else {
                    // top == stack.top + stack.height / 2 - content / 2, content being the visible heights
                    // plus the spacing between them.
                    var terms = [Term(view.top), Term(stack.top, -1), Term(stack.height, -0.5)]
                    for arranged in visible { terms.append(Term(items[arranged].variables.height, 0.5)) }
                    constraints.append(
                        Constraint(Expression(terms: terms, constant: 0 + contentConstant * 0.5), .equal))
                }
                previous = view
            }
        }
        // The stack takes its content's size only when its own constraints leave it free: below every
        // hugging priority, so the arranged views keep their sizes and sit at the stack's position
        // (top, center, bottom) instead of stretching to fill it.
        var content = [Term(stack.height)]
        for position in visible { content.append(Term(items[position].variables.height, -1)) }
        constraints.append(
            Constraint(Expression(terms: content, constant: 0 + -contentConstant), .equal, priority: .fittingSize))
        constraints.append(
            Constraint(
                Expression(terms: [Term(stack.width)], constant: 0 + -knownWidth), .lessThanOrEqual,
                priority: .fittingSize))
        var installed: [Constraint] = []
        installed.reserveCapacity(constraints.count)
        for constraint in constraints
        where install(constraint, label: .stack(state.stack.name, constraint)) {
            installed.append(constraint)
        }
        stacks[index].constraints = installed
    }

    private func knownSize(ofItemAt index: Int, axis: SizeRule.Axis) -> Double? {
        if case .view(let view) = items[index].role {
            return axis == .width ? view.intrinsicWidth : view.intrinsicHeight
        }
        return sizeRules.first { $0.item == index && $0.axis == axis }?.installedValue
    }

    // MARK: The document's constraints

    private mutating func installUserConstraints(_ constraints: [DelegateConstraint]) {
        let placed = itemIndex
        let checks = ConstraintDiagnostics(plan: plan, isPlaced: { placed[$0] != nil })
        for constraint in constraints {
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
                constraint, first: anchorItem(spec.first, firstItem),
                second: spec.second.map { anchorItem($0, secondItem) })
            buildDiagnostics += verdict.diagnostics
            guard verdict.install, let built = build(spec, firstItem: firstItem, secondItem: secondItem) else {
                continue
            }
            noteGuideAxisRead(
                item: placedContainerName ? itemIndex[spec.first.item.name] : firstItem, spec.first.attribute)
            if let second = spec.second {
                noteGuideAxisRead(
                    item: placedContainerName ? itemIndex[second.item.name] : secondItem, second.attribute)
            }
            install(built, label: .written(constraint))
        }
        buildDiagnostics += checks.stateChecks(constraints)
    }

    /// Records that a constraint reads the axis of a guide (the placed item at `item`, if any).
    private mutating func noteGuideAxisRead(item index: Int?, _ attribute: LayoutAttribute) {
        guard let index, items[index].isGuide else { return }
        let horizontal = attribute == .width || (attribute != .height && attribute.kind == .xPosition)
        guideAxesRead[2 * index + (horizontal ? 0 : 1)] = true
    }

    /// Appends `scale × anchor` to `terms` and `constant`: the anchor's expression written straight into
    /// the constraint's terms (this runs for every constraint, so no intermediate expressions).
    /// Returns false for an item the state does not place.
    private func appendAnchor(
        _ anchor: Anchor, placedItem: Int?, scale: Double, terms: inout [Term], constant: inout Double
    ) -> Bool {
        let reference = anchor.item
        let margin = reference.margins ? plan.style[.layoutMargin] : 0
        // (left, top, width, height) as (variable or nil, constant offset) per component.
        var left: Variable? = nil
        var top: Variable? = nil
        var width: Variable? = nil
        var height: Variable? = nil
        var leftOffset = margin
        var topOffset = margin
        var widthOffset = -2 * margin
        var heightOffset = -2 * margin
        // Insets subtracted from the size (the safe area's width is map.width - left - right inset).
        var widthInsets: (Variable, Variable)? = nil
        var heightInsets: (Variable, Variable)? = nil
        if let index = placedItem {
            let variables = items[index].variables
            left = variables.left
            top = variables.top
            width = variables.width
            height = variables.height
        } else {
            switch reference.name {
            case BuiltInItem.map.rawValue where !reference.margins:
                width = screenVariables.width
                height = screenVariables.height
            case BuiltInItem.map.rawValue, BuiltInItem.safeArea.rawValue:
                // map.margins is the safe area inset by the layout margin (insetsLayoutMarginsFromSafeArea).
                left = screenVariables.safeLeft
                top = screenVariables.safeTop
                width = screenVariables.width
                height = screenVariables.height
                widthInsets = (screenVariables.safeLeft, screenVariables.safeRight)
                heightInsets = (screenVariables.safeTop, screenVariables.safeBottom)
                if reference.name == BuiltInItem.safeArea.rawValue {
                    leftOffset = 0
                    topOffset = 0
                    widthOffset = 0
                    heightOffset = 0
                }
            default:
                // An item the state does not place.
                return false
            }
        }
        func add(_ variable: Variable?, _ insets: (Variable, Variable)?, _ offset: Double, _ factor: Double) {
            if let variable { terms.append(Term(variable, factor * scale)) }
            if let (first, second) = insets {
                terms.append(Term(first, -1 * factor * scale))
                terms.append(Term(second, -1 * factor * scale))
            }
            constant += offset * factor * scale
        }
        let rtl = plan.screen.layoutDirection == .rightToLeft
        var attribute = anchor.attribute
        if attribute == .leading { attribute = rtl ? .right : .left }
        if attribute == .trailing { attribute = rtl ? .left : .right }
        switch attribute {
        case .left: add(left, nil, leftOffset, 1)
        case .top: add(top, nil, topOffset, 1)
        case .width: add(width, widthInsets, widthOffset, 1)
        case .height: add(height, heightInsets, heightOffset, 1)
        case .right:
            add(left, nil, leftOffset, 1)
            add(width, widthInsets, widthOffset, 1)
        case .bottom:
            add(top, nil, topOffset, 1)
            add(height, heightInsets, heightOffset, 1)
        case .centerX:
            add(left, nil, leftOffset, 1)
            add(width, widthInsets, widthOffset, 0.5)
        case .centerY:
            add(top, nil, topOffset, 1)
            add(height, heightInsets, heightOffset, 0.5)
        case .leading, .trailing:
            break
        }
        return true
    }

    /// The solver constraint of a document constraint, as `first - (second × multiplier + constant)`
    /// related to zero.
    /// `firstItem` and `secondItem` are the positions of the placed items the anchors name (nil for the
    /// map, the safe area, or an item the state does not place).
    private func build(_ spec: LayoutConstraintSpec, firstItem: Int?, secondItem: Int?) -> Constraint? {
        var terms: [Term] = []
        terms.reserveCapacity(8)
        var constant = 0.0
        guard appendAnchor(spec.first, placedItem: firstItem, scale: 1, terms: &terms, constant: &constant) else {
            return nil
        }
        var offset = spec.constant.resolved(in: plan.style)
        // Auto Layout flips leading/trailing constants under right-to-left: `trailing == x.trailing - 16`
        // keeps a 16 pt inset from the trailing edge in both directions.
        if plan.screen.layoutDirection == .rightToLeft && spec.first.attribute.directionality == .directional {
            offset = -offset
        }
        constant -= offset
        if let second = spec.second {
            guard
                appendAnchor(
                    second, placedItem: secondItem, scale: -spec.multiplier, terms: &terms, constant: &constant)
            else {
                return nil
            }
        }
        let relation: Relation
        switch spec.relation {
        case .equal: relation = .equal
        case .lessThanOrEqual: relation = .lessThanOrEqual
        case .greaterThanOrEqual: relation = .greaterThanOrEqual
        }
        return Constraint(Expression(terms: terms, constant: constant), relation, priority: spec.priority)
    }

    /// The constraints in the solver, in the order added, and the screen's edit variables with their
    /// values: what a bare solver needs to reproduce this layout's final solve.
    var workload: SolverWorkload {
        SolverWorkload(
            constraints: solver.constraints,
            edits: zip(screenVariables.all, screenVariables.values(of: plan.screen)).map {
                SolverWorkload.Edit(variable: $0.0, priority: ScreenVariables.editPriority, value: $0.1)
            })
    }

    // MARK: Solving

    /// Lays the session out for `screen` (same width class as the plan) and returns the result.
    mutating func solve(screen: Screen) -> LayoutResult {
        plan.screen = screen
        sizes = plan.sizes
        for (variable, value) in zip(screenVariables.all, screenVariables.values(of: screen)) {
            try? solver.suggestValue(value, for: variable)
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
            frames = currentFrames()
            var changed = false
            for index in sizeRules.indices where applySizeRule(index, frames: frames) { changed = true }
            if changed { continue }
            if hideOneOutOfRoom(frames: frames) { continue }
            break
        }
        return makeResult(frames: frames)
    }

    private func currentFrames() -> [Frame] {
        items.map { item in
            Frame(
                x: solver.value(of: item.variables.left), y: solver.value(of: item.variables.top),
                width: solver.value(of: item.variables.width), height: solver.value(of: item.variables.height))
        }
    }

    /// GMSNavigationHidingStackView: while the arranged views do not fit in the room the stack's
    /// constraints give it, the last visible one hides (from the END of arrangedSubviews).
    private mutating func hideOneOutOfRoom(frames: [Frame]) -> Bool {
        for index in stacks.indices where stacks[index].visibleCount > 0 {
            let state = stacks[index]
            guard let stackIndex = itemIndex[state.stack.name] else { continue }
            let spacing = state.stack.spacing ?? plan.style[.stackSpacing]
            let visible = state.arranged.prefix(state.visibleCount).compactMap { itemIndex[$0] }
            let content = visible.reduce(0) { $0 + frames[$1].height } + spacing * Double(max(visible.count - 1, 0))
            if content > frames[stackIndex].height + 0.5 {
                stacks[index].visibleCount -= 1
                installStack(index)
                return true
            }
        }
        return false
    }

    private func isVisible(_ index: Int) -> Bool {
        guard let stackName = items[index].stack,
            let state = stacks.first(where: { $0.stack.name == stackName })
        else { return true }
        return state.arranged.prefix(state.visibleCount).contains(items[index].name)
    }

    private func makeResult(frames rawFrames: [Frame]) -> LayoutResult {
        let frames = rawFrames.map { $0.rounded() }
        var result = LayoutResult(
            mode: plan.mode, navigation: plan.state.navigation, wideMode: plan.wideMode,
            mapFeatures: MapFeatures(settings: plan.settings, navigation: plan.state.navigation),
            appearance: Appearance(
                headerPrimaryBackgroundColor: plan.settings.navigationHeaderPrimaryBackgroundColor,
                headerSecondaryBackgroundColor: plan.settings.navigationHeaderSecondaryBackgroundColor))
        result.hidden = hidden
        var visibleIndices: [Int] = []
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
                if plan.reportedGuides.map({ $0.contains(items[index].name) }) ?? true {
                    result.guides.append((items[index].name, frames[index]))
                }
                continue
            }
            visibleIndices.append(index)
            result.frames.append((items[index].outputName, frames[index]))
        }
        if plan.reportedGuides != nil {
            // Report the legacy guides in their documented order.
            let order = plan.reportedGuides ?? []
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
        var visibleMask = Array(repeating: false, count: items.count)
        for index in visibleIndices { visibleMask[index] = true }
        diagnostics += ambiguityDiagnostics(visible: visibleMask)
        diagnostics += GeometryChecks(
            plan: plan, items: items, frames: frames, visible: visibleIndices, layers: result.layers,
            promptCorners: promptCorners, stackPositions: stacks.map { ($0.stack.name, $0.stack.position) }
        ).diagnostics()
        result.diagnostics = diagnostics
        let brokenConstraints = solver.brokenConstraints()
        // Many broken constraints: one table instead of a scan of the labels for each.
        let table: [ObjectIdentifier: ConstraintLabel]? =
            brokenConstraints.count > 8
            ? Dictionary(
                labels.map { (ObjectIdentifier($0.constraint), $0.label) }, uniquingKeysWith: { _, last in last })
            : nil
        result.broken = brokenConstraints.compactMap { broken in
            let found = table.map { $0[ObjectIdentifier(broken.constraint)] } ?? label(of: broken.constraint)
            guard let label = found, label.isReported else { return nil }
            return BrokenConstraintReport(
                constraint: text(of: label),
                priority: broken.constraint.priority.value,
                violation: roundMilli(broken.violation))
        }
        return result
    }

    private func layerOrder(visible: [Int]) -> [String] {
        let names = visible.map { items[$0].outputName }
        guard let given = plan.document.layers else { return names }
        let ordered = given.compactMap { name -> String? in
            guard let index = itemIndex[name], visible.contains(index) else { return nil }
            return items[index].outputName
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

    /// `visible[i]`: whether item `i` is among the result's visible frames.
    private func ambiguityDiagnostics(visible: [Bool]) -> [Diagnostic] {
        var seen: [(Int, String)] = []
        var diagnostics: [Diagnostic] = []
        // Variables no constraint mentions are unknown to the solver, and free (tested one by one, in
        // the order left, width, top, height, without an array per item).
        var free: [Variable] = []
        func noteIfUnknown(_ variable: Variable) {
            if !solver.knows(variable) { free.append(variable) }
        }
        for index in items.indices {
            noteIfUnknown(items[index].variables.left)
            noteIfUnknown(items[index].variables.width)
            noteIfUnknown(items[index].variables.top)
            noteIfUnknown(items[index].variables.height)
        }
        free += solver.undeterminedVariables()
        for variable in free {
            guard let owner = owner(of: variable) else { continue }
            guard visible[owner.item] || items[owner.item].isGuide, isVisible(owner.item) else { continue }
            if case .guide = items[owner.item].role,
                !guideAxesRead[2 * owner.item + (owner.axis == "horizontal" ? 0 : 1)]
            {
                continue
            }
            if seen.contains(where: { $0.0 == owner.item && $0.1 == owner.axis }) { continue }
            seen.append((owner.item, owner.axis))
            diagnostics.append(.ambiguousLayout(items[owner.item].outputName, axis: owner.axis, state: stateName))
        }
        return diagnostics
    }
}
