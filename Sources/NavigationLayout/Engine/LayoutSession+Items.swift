// Hot: measured by the `path` and `builtin-path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile path`); changes here are checked by scripts/check-budgets.sh.

/// The items a state places: its views, the hiding stacks and their arranged views, the custom views and
/// stacks named only by constraints, the guides and the prompt; and the constraints in force.
extension LayoutSession {
    // MARK: Items and constraints in force

    private var promptLayout: PromptLayout? {
        plan.promptShown ? plan.document.promptLayout(wideMode: plan.wideMode) : nil
    }

    func collectConstraints() -> [DelegateConstraint] {
        guard let layout = plan.stateLayout else { return [] }
        let prompt = promptLayout
        // Sized once: joining the lists pairwise would make an array and then grow it for the prompt's.
        var constraints: [DelegateConstraint] = []
        constraints.reserveCapacity(
            plan.document.shared.count + layout.constraints.count + (prompt?.constraints.count ?? 0))
        constraints += plan.document.shared
        constraints += layout.constraints
        if let prompt { constraints += prompt.constraints }
        return constraints
    }

    mutating func placeItems(constraints: [DelegateConstraint]) {
        // Only the document's lists this reads, and the plan's fields one by one: copying the document
        // or handing the plan to a function would copy it whole, a reference count for each field.
        let declared = DeclaredItems(views: plan.document.views, stacks: plan.document.stacks)
        let layout = plan.stateLayout
        let availability = self.availability
        if plan.mode == .delegate && plan.state.navigation != .disabled {
            noteMissingRequiredComponents(stateViews: layout?.views ?? [])
        }
        for name in layout?.views ?? [] { placeView(name, declared: declared, availability: availability) }
        // Custom views and stacks named only by constraints are placed too: they are the app's own.
        if !declared.isEmpty {
            for constraint in constraints {
                placeIfDeclared(constraint.spec.first.item.name, declared: declared, availability: availability)
                if let second = constraint.spec.second {
                    placeIfDeclared(second.item.name, declared: declared, availability: availability)
                }
            }
        }
        for guide in plan.document.guides where itemIndex[guide] == nil { add(guide, role: .guide) }
        placePrompt()
        placeSafeAreaGuides(constraints: constraints)
        if let logo = itemIndex[BuiltInItem.googleLogo.rawValue], plan.recenterShown {
            items[logo].outputName = BuiltInItem.recenter.rawValue
            hidden.append(("googleLogo", "replaced by the re-center button while the driver has panned away"))
        }
    }

    /// A delegate's state must list the Google logo and the viewport.
    private mutating func noteMissingRequiredComponents(stateViews: [String]) {
        // The two required components tested in turn (an array literal here would be an allocation).
        if !stateViews.contains(BuiltInItem.googleLogo.rawValue) {
            buildDiagnostics.append(.missingRequiredComponent(BuiltInItem.googleLogo.rawValue, state: stateName))
        }
        if !stateViews.contains(BuiltInItem.viewport.rawValue) {
            buildDiagnostics.append(.missingRequiredComponent(BuiltInItem.viewport.rawValue, state: stateName))
        }
    }

    /// Places the item a state's view list names: a component the state hands over, a custom view, or a
    /// hiding stack with its arranged views.
    private mutating func placeView(_ name: String, declared: DeclaredItems, availability: ComponentAvailability) {
        guard itemIndex[name] == nil else { return }
        if let item = BuiltInItem(named: name) {
            if let problem = availability.problem(with: item) {
                buildDiagnostics.append(.unavailableInState(name, constraint: nil, state: stateName, detail: problem))
                return
            }
            add(name, role: .component(item))
        } else if let view = declared.view(named: name) {
            add(name, role: .view(view))
        } else if let stack = declared.stack(named: name) {
            placeStack(stack, declared: declared, availability: availability)
        }
    }

    /// Places a custom view or stack a constraint names, unless it is placed already.
    private mutating func placeIfDeclared(
        _ name: String, declared: DeclaredItems, availability: ComponentAvailability
    ) {
        // Most anchors name an item the state already placed: one lookup instead of two scans.
        guard itemIndex[name] == nil else { return }
        if declared.view(named: name) != nil || declared.stack(named: name) != nil {
            placeView(name, declared: declared, availability: availability)
        }
    }

    /// Places a hiding stack and those of its arranged views not placed yet, in order.
    private mutating func placeStack(
        _ stack: HidingStack, declared: DeclaredItems, availability: ComponentAvailability
    ) {
        add(stack.name, role: .stack(stack))
        var arranged: [Int] = []
        arranged.reserveCapacity(stack.arranged.count)
        for member in stack.arranged where itemIndex[member] == nil {
            if let item = BuiltInItem(named: member) {
                // The SDK hands a stack only the buttons of the state (no .reporting when ready).
                guard availability.problem(with: item) == nil else { continue }
                add(member, role: .component(item))
            } else if let view = declared.view(named: member) {
                add(member, role: .view(view))
            } else {
                continue
            }
            items[items.count - 1].stack = stack.name
            arranged.append(items.count - 1)
        }
        stacks.append(StackState(stack: stack, arranged: arranged, visibleCount: arranged.count))
    }

    /// Places the prompt `showPrompt` hands over, or notes why it is hidden.
    private mutating func placePrompt() {
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
    }

    mutating func add(_ name: String, role: PlacedItem.Role) {
        let item = PlacedItem(
            name: name, outputName: name, role: role, variables: ItemVariables(position: items.count))
        if name == BuiltInItem.map.rawValue || name == BuiltInItem.safeArea.rawValue { placedContainerName = true }
        itemIndex.append(name)
        items.append(item)
    }
}

/// The custom views and hiding stacks a document declares, found by name. A document declares a handful:
/// scanning them beats building two dictionaries per request (a large document still gets them).
private struct DeclaredItems {
    let views: [CustomView]
    let stacks: [HidingStack]
    private let indexed: Bool
    private let viewTable: [String: CustomView]
    private let stackTable: [String: HidingStack]

    init(views: [CustomView], stacks: [HidingStack]) {
        self.views = views
        self.stacks = stacks
        indexed = views.count + stacks.count > ItemNameIndex.scanLimit
        viewTable = indexed ? Dictionary(views.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
        stackTable =
            indexed ? Dictionary(stacks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
    }

    var isEmpty: Bool { views.isEmpty && stacks.isEmpty }

    func view(named name: String) -> CustomView? {
        indexed ? viewTable[name] : views.first { $0.name == name }
    }

    func stack(named name: String) -> HidingStack? {
        indexed ? stackTable[name] : stacks.first { $0.name == name }
    }
}
