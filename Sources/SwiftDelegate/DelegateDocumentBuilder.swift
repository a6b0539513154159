internal import JSON
internal import NavigationLayout

/// Writes the layouts the callbacks left as a delegate document (the schema of a request's
/// `delegate`), with a source map from each view, guide, stack and constraint to the code that made it.
///
/// A constraint active in every ready and guidance layout, made by the same code, goes to `shared`;
/// the prompt's constraints are those `showPrompt` adds to the guidance layout; a wide-mode run that
/// leaves another layout becomes the `wide` variant of that state.
struct DelegateDocumentBuilder {
    let narrow: DelegateInterpreter.Layouts
    let wide: DelegateInterpreter.Layouts?
    let narrowCorners: String?
    let wideCorners: String?

    private(set) var warnings: [SwiftImportDiagnostic] = []
    private var names: [ObjectIdentifier: String] = [:]
    /// The arranged subviews of each stack of the document, by its name.
    private var stackArranged: [String: [String]] = [:]
    private var sourceMap = JSONObject()

    init(
        narrow: DelegateInterpreter.Layouts, wide: DelegateInterpreter.Layouts?, narrowCorners: String?,
        wideCorners: String?
    ) {
        self.narrow = narrow
        self.wide = wide
        self.narrowCorners = narrowCorners
        self.wideCorners = wideCorners
    }

    /// The snapshots in a fixed order: narrow ready, guidance, prompt, then the wide ones.
    private var snapshots: [LayoutSnapshot?] {
        [narrow.ready, narrow.guidance, narrow.prompt, wide?.ready, wide?.guidance, wide?.prompt]
    }

    mutating func build() throws(SwiftImportError) -> JSONValue {
        try checkStacks()
        nameItems()
        var document = JSONObject()
        // Views, guides and stacks, in the order they first appear.
        var views = JSONObject()
        var guides: [JSONValue] = []
        var stacks = JSONObject()
        for item in orderedItems() {
            guard let name = names[ObjectIdentifier(item)] else { continue }
            switch item.kind {
            case .appView:
                guard views[name] == nil else { continue }
                var body = JSONObject()
                if let superview = item.superview, let parent = self.name(of: superview) {
                    body["superview"] = .string(parent)
                }
                if !item.hugging.isEmpty { body["hugging"] = Self.axes(item.hugging) }
                if !item.compression.isEmpty { body["compression"] = Self.axes(item.compression) }
                views[name] = .object(body)
                mapSource("views." + name, item.madeAt)
            case .guide:
                guard !guides.contains(.string(name)) else { continue }
                mapSource("guides[\(guides.count)]", item.madeAt)
                guides.append(.string(name))
            case .stack:
                guard stacks[name] == nil else { continue }
                stacks[name] = .object(stackBody(item, named: name))
                mapSource("stacks." + name, item.madeAt)
            case .map, .builtIn:
                continue
            }
        }
        if !views.isEmpty { document["views"] = .object(views) }
        if !guides.isEmpty { document["guides"] = .array(guides) }
        if !stacks.isEmpty { document["stacks"] = .object(stacks) }

        let shared = try sharedConstraints()
        if !shared.isEmpty {
            var texts: [JSONValue] = []
            for (index, constraint) in shared.enumerated() {
                texts.append(.string(try text(of: constraint)))
                mapSource("shared[\(index)]", constraint.madeAt)
            }
            document["shared"] = .array(texts)
        }
        let sharedKeys = Set(try shared.map(key))
        var narrowStates: [String: JSONValue] = [:]
        if let ready = narrow.ready {
            narrowStates["ready"] = try stateLayout(ready, excluding: sharedKeys, path: "ready")
        }
        if let guidance = narrow.guidance {
            narrowStates["guidance"] = try stateLayout(guidance, excluding: sharedKeys, path: "guidance")
        }
        if let prompt = narrow.prompt {
            narrowStates["prompt"] = try promptLayout(
                prompt, over: narrow.guidance, corners: narrowCorners, callback: narrow.promptCallback, path: "prompt")
        }
        for state in ["ready", "guidance", "prompt"] {
            if let layout = narrowStates[state] { document[state] = layout }
        }
        if let wide {
            var variants = JSONObject()
            var wideMap = JSONObject()
            let saved = sourceMap
            sourceMap = JSONObject()
            if let ready = wide.ready {
                let layout = try stateLayout(ready, excluding: sharedKeys, path: "wide.ready")
                if layout != narrowStates["ready"] { variants["ready"] = layout }
            }
            if let guidance = wide.guidance {
                let layout = try stateLayout(guidance, excluding: sharedKeys, path: "wide.guidance")
                if layout != narrowStates["guidance"] { variants["guidance"] = layout }
            }
            if let prompt = wide.prompt {
                let layout = try promptLayout(
                    prompt, over: wide.guidance, corners: wideCorners, callback: wide.promptCallback,
                    path: "wide.prompt")
                if layout != narrowStates["prompt"] { variants["prompt"] = layout }
            }
            // Only the variants kept keep their source entries.
            for member in sourceMap.members {
                let state = member.key.split(separator: ".").dropFirst().first.map(String.init) ?? ""
                if variants[state] != nil { wideMap[member.key] = member.value }
            }
            sourceMap = saved
            for member in wideMap.members { sourceMap[member.key] = member.value }
            if !variants.isEmpty { document["wide"] = .object(variants) }
        }
        if let layers = promptLayers() { document["layers"] = layers }
        document["sourceMap"] = .object(sourceMap)
        warnAboutFoldedStyles()
        for layouts in [narrow, wide].compactMap({ $0 }) { checkEndings(layouts) }
        return .object(document)
    }

    private static func axes(_ priorities: [String: Double]) -> JSONValue {
        var object = JSONObject()
        for axis in ["horizontal", "vertical"] {
            if let value = priorities[axis] { object[axis] = .number(value) }
        }
        return .object(object)
    }

    private mutating func mapSource(_ key: String, _ position: SwiftSourcePosition?) {
        guard let position else { return }
        sourceMap[key] = .string(position.description)
    }

    // MARK: Names

    /// Items in the order they first appear in the snapshots (subviews, guides, nested views, stack
    /// members, then the items constraints relate).
    private func orderedItems() -> [LayoutItem] {
        var seen: Set<ObjectIdentifier> = []
        var ordered: [LayoutItem] = []
        func visit(_ item: LayoutItem) {
            guard seen.insert(ObjectIdentifier(item)).inserted else { return }
            if let parent = item.superview { visit(parent) }
            for member in arranged(item) { visit(member) }
            ordered.append(item)
        }
        for snapshot in snapshots.compactMap({ $0 }) {
            snapshot.subviews.forEach(visit)
            snapshot.guides.forEach(visit)
            snapshot.nestedViews.forEach(visit)
            for constraint in snapshot.constraints {
                visit(constraint.first.item)
                if let second = constraint.second { visit(second.item) }
            }
        }
        return ordered
    }

    func name(of item: LayoutItem) -> String? {
        item.builtInName ?? names[ObjectIdentifier(item)]
    }

    /// Names the app's items after their properties and locals. Two items with one name and the same
    /// definition (a stack made in each state by the same code) share it unless a layout holds both;
    /// otherwise the later gets a number.
    ///
    /// A stack made for each state (the SDK's sample makes one per state, holding the buttons that
    /// state hands over) is one stack of the document, arranging every button; the engine leaves out,
    /// in each state, the components the SDK does not hand over there.
    private mutating func nameItems() {
        let reserved = Set(BuiltInItem.allCases.map(\.rawValue) + ["style", "margins"])
        var taken: [String: [(signature: String, presence: Set<Int>)]] = [:]
        var used: Set<String> = reserved
        let presence = presenceByItem()
        for item in orderedItems() where item.builtInName == nil {
            var base = Self.identifier(item.bindingName ?? Self.defaultName(item.kind))
            if reserved.contains(base) { base += Self.suffix(item.kind) }
            let signature = self.signature(of: item)
            let present = presence[ObjectIdentifier(item)] ?? []
            let arrangedNames = arranged(item).compactMap { name(of: $0) }
            var chosen: String?
            var counter = 1
            while chosen == nil {
                let candidate = counter == 1 ? base : base + String(counter)
                if let entries = taken[candidate] {
                    if entries.contains(where: { $0.signature == signature })
                        && entries.allSatisfy({ $0.presence.isDisjoint(with: present) })
                    {
                        if item.kind == .stack {
                            let earlier = stackArranged[candidate] ?? []
                            let union = arrangedNames.count > earlier.count ? arrangedNames : earlier
                            let before = entries.reduce(into: Set<Int>()) { $0.formUnion($1.presence) }
                            if present.allSatisfy({
                                Self.available(union, in: $0) == Self.available(arrangedNames, in: $0)
                            })
                                && before.allSatisfy({
                                    Self.available(union, in: $0) == Self.available(earlier, in: $0)
                                })
                            {
                                chosen = candidate
                                stackArranged[candidate] = union
                            }
                        } else {
                            chosen = candidate
                        }
                        if chosen != nil { taken[candidate, default: []].append((signature, present)) }
                    }
                } else if !used.contains(candidate) {
                    chosen = candidate
                    used.insert(candidate)
                    taken[candidate] = [(signature, present)]
                    if item.kind == .stack { stackArranged[candidate] = arrangedNames }
                }
                counter += 1
            }
            names[ObjectIdentifier(item)] = chosen
        }
    }

    /// The names of a list the SDK hands over in the layout of that snapshot index (ready, guidance,
    /// prompt; then the same in wide mode); the app's own names are always there.
    private static func available(_ names: [String], in snapshot: Int) -> [String] {
        let handed = DelegateHandOver.items(inState: ["ready", "guidance", "prompt"][snapshot % 3])
        return names.filter { BuiltInItem(rawValue: $0) == nil || handed.contains($0) }
    }

    private func presenceByItem() -> [ObjectIdentifier: Set<Int>] {
        var presence: [ObjectIdentifier: Set<Int>] = [:]
        for (index, snapshot) in snapshots.enumerated() {
            guard let snapshot else { continue }
            for item in snapshot.subviews + snapshot.guides + snapshot.nestedViews {
                presence[ObjectIdentifier(item), default: []].insert(index)
                for member in snapshot.arranged[ObjectIdentifier(item)] ?? [] {
                    presence[ObjectIdentifier(member), default: []].insert(index)
                }
            }
        }
        return presence
    }

    /// What makes two items the same item of the document.
    private func signature(of item: LayoutItem) -> String {
        switch item.kind {
        case .stack:
            return "stack \(item.stackPosition) \(item.stackAlignment) \(item.spacing?.folded ?? -1)"
        case .guide:
            return "guide"
        case .appView:
            let parent = item.superview.flatMap { name(of: $0) } ?? ""
            return
                "view \(parent) \(item.hugging.sorted { $0.key < $1.key }) \(item.compression.sorted { $0.key < $1.key })"
        case .map, .builtIn:
            return ""
        }
    }

    private static func defaultName(_ kind: LayoutItem.Kind) -> String {
        switch kind {
        case .guide: return "guide"
        case .stack: return "stack"
        default: return "view"
        }
    }

    private static func suffix(_ kind: LayoutItem.Kind) -> String {
        switch kind {
        case .guide: return "Guide"
        case .stack: return "Stack"
        default: return "View"
        }
    }

    /// A Swift name as a document name: letters, digits and `_`, starting with a letter or `_`.
    private static func identifier(_ name: String) -> String {
        let allowed = name.unicodeScalars.map { scalar -> Character in
            let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            return isLetter || ("0"..."9").contains(scalar) || scalar == "_" ? Character(scalar) : "_"
        }
        var result = String(allowed)
        if result.isEmpty || ("0"..."9").contains(result.unicodeScalars.first!) { result = "_" + result }
        return result
    }

    /// The arranged subviews of a stack: the longest list it held (`checkStacks` makes sure each
    /// layout's list is that one less what the SDK does not hand over there).
    private func arranged(_ stack: LayoutItem) -> [LayoutItem] {
        var longest: [LayoutItem]?
        for snapshot in snapshots.compactMap({ $0 }) {
            if let members = snapshot.arranged[ObjectIdentifier(stack)], members.count > (longest?.count ?? -1) {
                longest = members
            }
        }
        return longest ?? stack.arranged
    }

    /// A stack is one item of the document: the layouts that hold it may arrange different views only
    /// where a state does not hand a component over (the compass and report buttons of a stack made
    /// once, arranged from each state's buttons).
    private func checkStacks() throws(SwiftImportError) {
        for (index, snapshot) in snapshots.enumerated() {
            guard let snapshot else { continue }
            for (stack, members) in snapshot.arranged {
                guard let item = snapshot.subviews.first(where: { ObjectIdentifier($0) == stack }) else { continue }
                let union = arranged(item)
                let expected = union.filter { member in
                    guard let name = member.builtInName else { return true }
                    return !Self.available([name], in: index).isEmpty
                }
                guard expected.count == members.count, zip(expected, members).allSatisfy({ $0 === $1 }) else {
                    throw SwiftImportError([
                        .init(
                            .error,
                            "this stack's arranged subviews change from one navigation state to another; make a stack for each state (as the SDK's sample does)",
                            at: item.madeAt ?? SwiftSourcePosition(path: "", line: 1, column: 1))
                    ])
                }
            }
        }
    }

    private func stackBody(_ stack: LayoutItem, named name: String) -> JSONObject {
        var body = JSONObject()
        body["position"] = .string(stack.stackPosition)
        body["alignment"] = .string(stack.stackAlignment)
        body["arranged"] = .array((stackArranged[name] ?? []).map(JSONValue.string))
        if let spacing = stack.spacing { body["spacing"] = .number(spacing.folded) }
        return body
    }

    // MARK: States

    /// The names of the views in a layout, each mapped to the call that added it.
    private mutating func viewNames(_ snapshot: LayoutSnapshot, path: String) -> [JSONValue] {
        var names: [JSONValue] = []
        for view in snapshot.subviews + snapshot.nestedViews {
            guard let name = name(of: view) else { continue }
            mapSource("\(path).views[\(names.count)]", snapshot.addedAt[ObjectIdentifier(view)])
            names.append(.string(name))
        }
        return names
    }

    private mutating func stateLayout(_ snapshot: LayoutSnapshot, excluding shared: Set<String>, path: String)
        throws(SwiftImportError) -> JSONValue
    {
        let views = viewNames(snapshot, path: path)
        var constraints: [JSONValue] = []
        for constraint in snapshot.constraints where !shared.contains(try key(constraint)) {
            mapSource("\(path).constraints[\(constraints.count)]", constraint.madeAt)
            constraints.append(.string(try text(of: constraint)))
        }
        return ["views": .array(views), "constraints": .array(constraints)]
    }

    /// The constraints `showPrompt` adds to the guidance layout. Taking a guidance constraint or view
    /// away, or adding a view of the app's, has no place in the document: those are errors at the
    /// callback.
    private mutating func promptLayout(
        _ snapshot: LayoutSnapshot, over guidance: LayoutSnapshot?, corners: String?,
        callback: SwiftSourcePosition?, path: String
    ) throws(SwiftImportError) -> JSONValue {
        let before = guidance ?? .empty
        let at = callback ?? SwiftSourcePosition(path: "", line: 1, column: 1)
        for constraint in before.constraints
        where !snapshot.constraints.contains(where: { $0.identity == constraint.identity }) {
            throw SwiftImportError([
                .init(
                    .error,
                    "showPrompt deactivates the constraint made at \(constraint.madeAt.line):\(constraint.madeAt.column); a prompt's layout adds to the guidance layout, so keep it and outrank it with a higher priority instead",
                    at: at)
            ])
        }
        let beforeViews = before.subviews + before.nestedViews
        let afterViews = snapshot.subviews + snapshot.nestedViews
        for view in beforeViews where !afterViews.contains(where: { $0 === view }) {
            throw SwiftImportError([
                .init(
                    .error,
                    "showPrompt removes '\(name(of: view) ?? "a view")'; a prompt's layout adds to the guidance layout",
                    at: at)
            ])
        }
        for view in afterViews where !beforeViews.contains(where: { $0 === view }) && view.builtInName != "prompt" {
            throw SwiftImportError([
                .init(
                    .error,
                    "showPrompt adds '\(name(of: view) ?? "a view")'; only the prompt itself is added while one is shown",
                    at: view.madeAt ?? at)
            ])
        }
        var constraints: [JSONValue] = []
        for constraint in snapshot.constraints
        where !before.constraints.contains(where: { $0.identity == constraint.identity }) {
            mapSource("\(path).constraints[\(constraints.count)]", constraint.madeAt)
            constraints.append(.string(try text(of: constraint)))
        }
        var layout = JSONObject()
        layout["constraints"] = .array(constraints)
        if let corners { layout["corners"] = .string(corners) }
        return .object(layout)
    }

    // MARK: Callbacks that end a layout

    /// `hidePrompt` must give back the guidance layout and `stopGuidance` the ready one, or the layout
    /// that follows a prompt or guidance is not the one the document describes; `disableNavigationUI`
    /// must take away every view, layout guide and constraint the delegate added (seed 000: clean up
    /// when leaving a state, so that one state's views do not overlap the next). A constraint left
    /// active or not active again, or a view or guide left in the map or not added back, is a warning
    /// at the code that made it (a view at the callback). Constraints count as the same when the same
    /// code made them the same, so a callback may make them anew.
    private mutating func checkEndings(_ layouts: DelegateInterpreter.Layouts) {
        var leftEarlier = Leftovers()
        if let ending = layouts.afterHidePrompt, let guidance = layouts.guidance {
            leftEarlier.formUnion(
                compare(
                    ending, with: guidance, callback: "hidePrompt", following: "the guidance layout after a prompt",
                    ignoring: leftEarlier))
        }
        if let ending = layouts.afterStopGuidance, let ready = layouts.ready {
            leftEarlier.formUnion(
                compare(
                    ending, with: ready, callback: "stopGuidance", following: "the ready layout after guidance",
                    ignoring: leftEarlier))
        }
        if let ending = layouts.afterDisableNavigationUI {
            compare(
                ending, with: .empty, callback: "disableNavigationUI", following: "the map after navigation ends",
                ignoring: leftEarlier)
        }
    }

    /// What a callback that ends a layout left behind: constraints (by what made them and their text),
    /// views and guides.
    private struct Leftovers {
        var constraints: Set<String> = []
        var views: Set<ObjectIdentifier> = []

        mutating func formUnion(_ other: Leftovers) {
            constraints.formUnion(other.constraints)
            views.formUnion(other.views)
        }
    }

    /// Warns about each difference between what `ending` left and the layout `expected`, except what
    /// an earlier callback left behind (`ignoring`, reported there); returns what this one left.
    @discardableResult
    private mutating func compare(
        _ ending: DelegateInterpreter.Ending, with expected: LayoutSnapshot, callback: String, following: String,
        ignoring earlier: Leftovers
    ) -> Leftovers {
        func keyed(_ constraints: [ConstraintRecord]) -> [(constraint: ConstraintRecord, sameness: String)] {
            constraints.map { ($0, (try? key($0)) ?? "\($0.madeAt)") }
        }
        let left = ending.layout
        var leftovers = Leftovers()
        let expectedConstraints = keyed(expected.constraints)
        let leftConstraints = keyed(left.constraints)
        let expectedKeys = Set(expectedConstraints.map(\.sameness))
        let leftKeys = Set(leftConstraints.map(\.sameness))
        for (constraint, sameness) in leftConstraints where !expectedKeys.contains(sameness) {
            leftovers.constraints.insert(sameness)
            guard !earlier.constraints.contains(sameness) else { continue }
            warn(
                "this constraint is still active after \(callback), so \(following) keeps it: deactivate it in \(callback)",
                at: constraint.madeAt)
        }
        for (constraint, sameness) in expectedConstraints where !leftKeys.contains(sameness) {
            warn(
                "\(callback) does not activate this constraint again, so \(following) lacks it", at: constraint.madeAt)
        }
        let expectedViews = expected.subviews + expected.nestedViews + expected.guides
        let leftViews = left.subviews + left.nestedViews + left.guides
        for view in leftViews where !expectedViews.contains(where: { $0 === view }) {
            leftovers.views.insert(ObjectIdentifier(view))
            guard !earlier.views.contains(ObjectIdentifier(view)) else { continue }
            warn(
                "\(describe(view)) is still in the map view after \(callback), so \(following) shows it: remove it there",
                at: ending.callback)
        }
        for view in expectedViews where !leftViews.contains(where: { $0 === view }) {
            warn("\(callback) does not add \(describe(view)) back, so \(following) lacks it", at: ending.callback)
        }
        return leftovers
    }

    private func describe(_ view: LayoutItem) -> String {
        name(of: view).map { "'\($0)'" } ?? "the view made at \(view.madeAt.map { "\($0.line):\($0.column)" } ?? "?")"
    }

    private mutating func warn(_ message: String, at position: SwiftSourcePosition) {
        let warning = SwiftImportDiagnostic(.warning, message, at: position)
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    /// The views `showPrompt` leaves above the prompt (brought to the front after it was added), as
    /// `layers`: the prompt, then those views, bottom to top. Without it the document's prompt is above
    /// every view of its state, as a view added last is.
    private mutating func promptLayers() -> JSONValue? {
        guard let snapshot = narrow.prompt ?? wide?.prompt,
            let prompt = snapshot.subviews.firstIndex(where: { $0.builtInName == "prompt" })
        else { return nil }
        var layers: [JSONValue] = [.string("prompt")]
        for view in snapshot.subviews[(prompt + 1)...] {
            guard let name = name(of: view) else { continue }
            mapSource("layers[\(layers.count)]", snapshot.addedAt[ObjectIdentifier(view)])
            layers.append(.string(name))
        }
        return layers.count > 1 ? .array(layers) : nil
    }

    /// Constraints active in every ready and guidance layout, made by the same code.
    private func sharedConstraints() throws(SwiftImportError) -> [ConstraintRecord] {
        let states = [narrow.ready, narrow.guidance, wide?.ready, wide?.guidance].compactMap { $0 }
        guard states.count >= 2, let first = states.first else { return [] }
        var others: [Set<String>] = []
        for state in states.dropFirst() {
            var keys = Set<String>()
            for constraint in state.constraints { keys.insert(try key(constraint)) }
            others.append(keys)
        }
        var shared: [ConstraintRecord] = []
        for constraint in first.constraints {
            let wanted = try key(constraint)
            if others.allSatisfy({ $0.contains(wanted) }) { shared.append(constraint) }
        }
        return shared
    }

    /// A constraint's identity across runs: where it was made and what it says.
    private func key(_ constraint: ConstraintRecord) throws(SwiftImportError) -> String {
        "\(constraint.madeAt) \(try text(of: constraint))"
    }

    // MARK: Constraint text

    /// The constraint in the expression language: `first relation second * multiplier + constant @priority`.
    func text(of constraint: ConstraintRecord) throws(SwiftImportError) -> String {
        var text = anchorText(constraint.first) + " " + constraint.relation + " "
        guard case .number(let constant) = constraint.constant else {
            throw SwiftImportError([
                .init(.error, "the constant of this constraint is not known", at: constraint.madeAt)
            ])
        }
        if let second = constraint.second {
            text += anchorText(second)
            if constraint.multiplier != 1 { text += " * " + Self.number(constraint.multiplier) }
            if let style = constant.style, constant.constant == 0, abs(constant.styleCoefficient) == 1 {
                text += (constant.styleCoefficient > 0 ? " + style." : " - style.") + style.rawValue
            } else {
                let value = constant.folded
                if value > 0 { text += " + " + Self.number(value) }
                if value < 0 { text += " - " + Self.number(-value) }
            }
        } else if let style = constant.style, constant.constant == 0, constant.styleCoefficient == 1 {
            text += "style." + style.rawValue
        } else {
            text += Self.number(constant.folded)
        }
        switch constraint.priority {
        case 1000: break
        case 750: text += " @high"
        case 250: text += " @low"
        case 50: text += " @fittingSize"
        default:
            guard let whole = Int(exactly: constraint.priority), (1...999).contains(whole) else {
                throw SwiftImportError([
                    .init(
                        .error,
                        "priority \(Self.number(constraint.priority)) is not a whole number from 1 to 1000, which the document's priorities are",
                        at: constraint.madeAt)
                ])
            }
            text += " @\(whole)"
        }
        return text
    }

    /// Whether the document cannot spell the constant's style value and takes its default instead.
    private static func isFolded(_ constraint: ConstraintRecord) -> Bool {
        guard case .number(let constant) = constraint.constant, constant.style != nil else { return false }
        if constant.constant != 0 { return true }
        return constraint.second == nil ? constant.styleCoefficient != 1 : abs(constant.styleCoefficient) != 1
    }

    /// A warning for each constraint of the document whose style value is folded into a number.
    private mutating func warnAboutFoldedStyles() {
        for snapshot in snapshots.compactMap({ $0 }) {
            for constraint in snapshot.constraints where Self.isFolded(constraint) {
                warn(
                    "this constant mixes NavigationStyleValues with other numbers and is folded with the default style values; a request's style overrides do not move it",
                    at: constraint.madeAt)
            }
        }
    }

    private func anchorText(_ anchor: LayoutAnchor) -> String {
        (name(of: anchor.item) ?? "?") + (anchor.guide.map { ".\($0.rawValue)." } ?? ".") + anchor.attribute
    }

    /// A number as the expression language writes it: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        if let whole = Int(exactly: value), abs(whole) < 1 << 53 { return String(whole) }
        return "\(value)"
    }
}
