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
        // Sized once: joining the lists pairwise made an array and then grew it for the prompt's.
        var constraints: [DelegateConstraint] = []
        constraints.reserveCapacity(
            plan.document.shared.count + layout.constraints.count + (prompt?.constraints.count ?? 0))
        constraints += plan.document.shared
        constraints += layout.constraints
        if let prompt { constraints += prompt.constraints }
        return constraints
    }

    mutating func placeItems(constraints: [DelegateConstraint]) {
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
}
