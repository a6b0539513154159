internal import JSON
internal import NavigationLayout

/// A delegate document written as a Swift layout delegate in the SDK documentation's style: the app's
/// views, guides and stacks as stored properties; each state's views and constraints installed by its
/// callback (shared constraints made by one method both call; the wide variant where wide mode is
/// on); the prompt's constraints added by `showPrompt`, its bottom edge sliding in from below the map
/// with the SDK's timing; everything taken away again by the callbacks that leave a state.
///
/// What the document says that no Swift can (a constraint on a component the SDK does not hand over
/// in that state) is left out with a comment that says so. Ids become the constraints' identifiers.
/// The text is laid out as swift-format lays it out (two spaces, lines within 100 columns).
public enum SwiftDelegateExport {
    public struct ExportError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The Swift for the delegate document in `delegateJSON` (a request's `delegate`), as class
    /// `className`.
    public static func swift(delegateJSON: [UInt8], className: String = "ExportedLayoutDelegate") throws(ExportError)
        -> String
    {
        let document: DelegateDocument
        do {
            document = try DelegateDocument.decode(from: try JSONParser().parse(delegateJSON))
        } catch {
            throw ExportError(description: "the delegate document is not valid: \(error)")
        }
        guard className.first.map({ $0.isLetter || $0 == "_" }) == true,
            className.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else {
            throw ExportError(description: "'\(className)' is not a Swift class name")
        }
        var writer = SwiftWriter(document: document, className: className)
        return writer.write()
    }
}

/// Writes one delegate document as Swift.
private struct SwiftWriter {
    let document: DelegateDocument
    let className: String
    var lines: [String] = []

    init(document: DelegateDocument, className: String) {
        self.document = document
        self.className = className
    }

    var appItems: Set<String> {
        Set(document.views.map(\.name) + document.guides + document.stacks.map(\.name))
    }

    mutating func line(_ text: String = "", _ indent: Int = 0) {
        lines.append(text.isEmpty ? "" : String(repeating: "  ", count: indent) + text)
    }

    /// swift-format's line length.
    static let lineLength = 100

    static func fits(_ text: String, indent: Int) -> Bool { 2 * indent + text.count <= lineLength }

    /// A call written as swift-format breaks one that does not fit: after its opening parenthesis,
    /// the arguments on the next line, or each on a line of its own when they do not fit either, the
    /// closing parenthesis after the last.
    mutating func wrapped(_ text: String, _ indent: Int, suffix: String = "") {
        guard !Self.fits(text + suffix, indent: indent), let open = text.firstIndex(of: "("), text.hasSuffix(")")
        else {
            line(text + suffix, indent)
            return
        }
        let head = String(text[...open])
        let arguments = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        line(head, indent)
        if Self.fits(arguments + ")" + suffix, indent: indent + 1) {
            line(arguments + ")" + suffix, indent + 1)
            return
        }
        let parts = Self.topLevelArguments(arguments)
        for (index, part) in parts.enumerated() {
            wrapped(part, indent + 1, suffix: index == parts.count - 1 ? ")" + suffix : ",")
        }
    }

    /// The arguments of a call's argument list, split at the commas outside parentheses, brackets and
    /// strings.
    static func topLevelArguments(_ text: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var inString = false
        var current = ""
        for character in text {
            if character == "\"" { inString.toggle() }
            if !inString {
                if "([".contains(character) { depth += 1 }
                if ")]".contains(character) { depth -= 1 }
                if character == ",", depth == 0 {
                    parts.append(current.trimmingSpaces())
                    current = ""
                    continue
                }
            }
            current.append(character)
        }
        parts.append(current.trimmingSpaces())
        return parts
    }

    mutating func write() -> String {
        line("import GoogleNavigation")
        line("import UIKit")
        line()
        line("/// A navigation layout delegate written by navlayout from a delegate document.")
        line("@MainActor")
        line("final class \(className): NSObject, NavigationLayoutDelegate {")
        line("/// How long prompts take to slide on or off the screen, in seconds.", 1)
        line("private static let promptAnimationDuration: TimeInterval = 0.4", 1)
        line()
        for view in document.views {
            line("private let \(view.name) = UIView()", 1)
        }
        for guide in document.guides {
            line("private let \(guide) = UILayoutGuide()", 1)
        }
        for stack in document.stacks {
            wrapped(
                "private let \(stack.name) = GMSNavigationHidingStackView(position: .\(stack.position.rawValue), alignment: .\(stack.alignment.rawValue))",
                1)
        }
        if !appItems.isEmpty { line() }
        line("/// The views and constraints of the state on the screen, and of the prompt.", 1)
        line("private var stateViews: [UIView] = []", 1)
        line("private var stateConstraints: [NSLayoutConstraint] = []", 1)
        line("private var promptConstraints: [NSLayoutConstraint] = []", 1)
        line("private var promptSlide: NSLayoutConstraint?", 1)
        line("private var wideMode = false", 1)
        for name in promptReferences {
            line("private var \(name)View: UIView?", 1)
        }
        line()
        if document.ready != nil {
            line("// MARK: - Navigation-ready state", 1)
            line()
            line("func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {", 1)
            line("showReadyLayout(navMap: navMap, newState: newState)", 2)
            line("}", 1)
            line()
            line("func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {", 1)
            line("hidePromptNow()", 2)
            line("install([], [], on: navMap)", 2)
            for guide in document.guides { line("navMap.removeLayoutGuide(\(guide))", 2) }
            line("}", 1)
            line()
            writeState("ready", document.ready, wide: document.wide?.ready)
        }
        if document.guidance != nil {
            line("// MARK: - Active guidance state", 1)
            line()
            line("func startGuidance(", 1)
            line("navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState", 2)
            line(") {", 1)
            line("showGuidanceLayout(navMap: navMap, newState: newState)", 2)
            line("}", 1)
            line()
            line("func stopGuidance(", 1)
            line("navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState", 2)
            line(") {", 1)
            line("hidePromptNow()", 2)
            line(
                document.ready != nil
                    ? "showReadyLayout(navMap: navMap, newState: newState)" : "install([], [], on: navMap)", 2)
            line("}", 1)
            line()
            writeState("guidance", document.guidance, wide: document.wide?.guidance)
        }
        writeShared()
        writePrompt()
        writeHelpers()
        line("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: States

    /// The SDK components a constraint list or view list names.
    func components(in names: [String]) -> [String] {
        DelegateHandOver.stateComponents.filter(names.contains)
    }

    func names(_ constraints: [DelegateConstraint]) -> [String] {
        constraints.flatMap { constraint in
            [constraint.spec.first.item.name] + (constraint.spec.second.map { [$0.item.name] } ?? [])
        }
    }

    mutating func writeState(_ state: String, _ layout: StateLayout?, wide: StateLayout?) {
        guard let layout else { return }
        let title = state == "ready" ? "Ready" : "Guidance"
        let type = state == "ready" ? "NavigationReadyUIState" : "ActiveGuidanceUIState"
        line("/// Shows the \(state == "ready" ? "navigation-ready" : "active guidance") layout.", 1)
        line("private func show\(title)Layout(navMap: GMSMapView, newState: \(type)) {", 1)
        var used = layout.views + names(layout.constraints) + names(document.shared)
        if let wide { used += wide.views + names(wide.constraints) }
        for stack in document.stacks where used.contains(stack.name) { used += stack.arranged }
        if state == "guidance", document.prompt != nil { used += promptReferences }
        let available = DelegateHandOver.items(inState: state)
        if used.contains("safeArea") || !document.shared.isEmpty {
            line("let safeArea = navMap.safeAreaLayoutGuide", 2)
        }
        for component in components(in: used) where available.contains(component) {
            line("let \(component) = newState.\(component)", 2)
        }
        for button in DelegateHandOver.buttons where used.contains(button) && available.contains(button) {
            line("let \(button) = buttonView(.\(button), in: newState.buttons)", 2)
        }
        if state == "guidance" {
            line("wideMode = newState.wideMode", 2)
            for name in promptReferences { line("\(name)View = \(name)", 2) }
        }
        for guide in document.guides { line("navMap.addLayoutGuide(\(guide))", 2) }
        if let wide {
            line("if newState.wideMode {", 2)
            writeLayoutBody(state, wide, indent: 3)
            line("} else {", 2)
            writeLayoutBody(state, layout, indent: 3)
            line("}", 2)
        } else {
            writeLayoutBody(state, layout, indent: 2)
        }
        line("}", 1)
        line()
    }

    /// A state's stacks filled, its views added and its constraints (and the shared ones) installed.
    mutating func writeLayoutBody(_ state: String, _ layout: StateLayout, indent: Int) {
        let available = DelegateHandOver.items(inState: state)
        let appItems = self.appItems
        for stack in document.stacks where layout.views.contains(stack.name) {
            let members = stack.arranged.filter { available.contains($0) || appItems.contains($0) }
            let list = members.joined(separator: ", ")
            if members.contains(where: DelegateHandOver.buttons.contains) {
                line("\(stack.name).arrangedSubviews = [\(list)].compactMap { $0 }", indent)
            } else {
                line("\(stack.name).arrangedSubviews = [\(list)]", indent)
            }
            if let spacing = stack.spacing { line("\(stack.name).spacing = \(Self.number(spacing))", indent) }
        }
        let topLevel = zOrdered(topLevelViews(of: layout, inState: state))
            .map { DelegateHandOver.buttons.contains($0) ? "\($0)!" : $0 }
        let shared = !document.shared.isEmpty
        if shared {
            wrapped("let shared = sharedConstraints(navMap: navMap, safeArea: safeArea\(sharedArguments))", indent)
        }
        line("install(", indent)
        let views = "[" + topLevel.joined(separator: ", ") + "],"
        if Self.fits(views, indent: indent + 1) {
            line(views, indent + 1)
        } else {
            line("[", indent + 1)
            for view in topLevel { line(view + ",", indent + 2) }
            line("],", indent + 1)
        }
        if layout.constraints.isEmpty {
            line(shared ? "shared," : "[],", indent + 1)
        } else {
            line(shared ? "shared + [" : "[", indent + 1)
            writeConstraints(layout.constraints, state: state, indent: indent + 2)
            line("],", indent + 1)
        }
        line("on: navMap)", indent + 1)
        for view in document.views where view.superview != nil && layout.views.contains(view.name) {
            line("\(view.superview!).addSubview(\(view.name))", indent)
        }
    }

    /// The SDK components the shared constraints name, passed to `sharedConstraints`.
    var sharedComponents: [String] {
        components(in: names(document.shared))
    }

    var sharedArguments: String {
        sharedComponents.map { ", \($0): \($0)" }.joined()
    }

    mutating func writeShared() {
        guard !document.shared.isEmpty else { return }
        line("/// Constraints of every state.", 1)
        let parameters =
            "navMap: GMSMapView, safeArea: UILayoutGuide" + sharedComponents.map { ", \($0): UIView" }.joined()
        let head = "private func sharedConstraints(\(parameters))"
        if Self.fits(head + " -> [NSLayoutConstraint] {", indent: 1) {
            line(head + " -> [NSLayoutConstraint] {", 1)
        } else if Self.fits(head, indent: 1) {
            line(head, 1)
            line("-> [NSLayoutConstraint]", 2)
            line("{", 1)
        } else {
            line("private func sharedConstraints(", 1)
            line(parameters, 2)
            line(") -> [NSLayoutConstraint] {", 1)
        }
        line("[", 2)
        writeConstraints(document.shared, state: "ready", indent: 3)
        line("]", 2)
        line("}", 1)
        line()
    }

    /// Each constraint as an element of an array literal; one the state cannot hold as a comment.
    /// Elements end in commas, except a lone one (as swift-format writes a one-element literal);
    /// `before` counts the elements already written in the literal.
    mutating func writeConstraints(_ constraints: [DelegateConstraint], state: String, indent: Int, before: Int = 0) {
        let available = DelegateHandOver.items(inState: state)
        let kept = constraints.filter { constraint in
            let spec = constraint.spec
            let items = [spec.first.item.name] + (spec.second.map { [$0.item.name] } ?? [])
            return items.allSatisfy { available.contains($0) || appItems.contains($0) }
        }
        let comma = before + kept.count == 1 ? "" : ","
        for constraint in constraints {
            let spec = constraint.spec
            let items = [spec.first.item.name] + (spec.second.map { [$0.item.name] } ?? [])
            if let missing = items.first(where: { !available.contains($0) && !appItems.contains($0) }) {
                line("// Left out: \(missing) is not handed over in this state: \(constraint.text)", indent)
                continue
            }
            wrapped(expression(spec, state: state), indent, suffix: comma)
        }
    }

    /// `first.anchor.constraint(relation: second.anchor, multiplier: m, constant: c)`, prioritized
    /// and named when the document says so.
    func expression(_ spec: LayoutConstraintSpec, state: String) -> String {
        var text: String
        let relation: String
        switch spec.relation {
        case .equal: relation = "equalTo"
        case .lessThanOrEqual: relation = "lessThanOrEqualTo"
        case .greaterThanOrEqual: relation = "greaterThanOrEqualTo"
        }
        let constant = Self.constant(spec.constant)
        if let second = spec.second {
            if spec.multiplier != 1 && spec.first.attribute.kind != .size {
                // Position anchors take no multiplier in UIKit: the item form does.
                text =
                    "NSLayoutConstraint(item: \(itemExpression(spec.first.item)), attribute: \(Self.attribute(spec.first)), relatedBy: .\(spec.relation.itemName), toItem: \(itemExpression(second.item)), attribute: \(Self.attribute(second)), multiplier: \(Self.number(spec.multiplier)), constant: \(constant ?? "0"))"
            } else {
                text = "\(anchor(spec.first)).constraint(\(relation): \(anchor(second))"
                if spec.multiplier != 1 { text += ", multiplier: \(Self.number(spec.multiplier))" }
                if let constant { text += ", constant: \(constant)" }
                text += ")"
            }
        } else if spec.first.attribute.kind == .size {
            text = "\(anchor(spec.first)).constraint(\(relation)Constant: \(constant ?? "0"))"
        } else {
            text =
                "NSLayoutConstraint(item: \(itemExpression(spec.first.item)), attribute: \(Self.attribute(spec.first)), relatedBy: .\(spec.relation.itemName), toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: \(constant ?? "0"))"
        }
        if spec.priority != .required || spec.id != nil {
            var arguments = [text, "priority: \(spec.priority.value)"]
            if let id = spec.id { arguments.append("identifier: \"\(id)\"") }
            text = "configured(" + arguments.joined(separator: ", ") + ")"
        }
        return text
    }

    func itemExpression(_ item: ItemReference) -> String {
        let base =
            item.name == "map" ? "navMap" : (DelegateHandOver.buttons.contains(item.name) ? "\(item.name)!" : item.name)
        return item.guide.map { "\(base).\($0.uiKitProperty)" } ?? base
    }

    func anchor(_ anchor: Anchor) -> String {
        "\(itemExpression(anchor.item)).\(anchor.attribute.rawValue)Anchor"
    }

    static func attribute(_ anchor: Anchor) -> String { ".\(anchor.attribute.rawValue)" }

    /// A constant as Swift: nil for zero; NavigationStyleValues for a style value.
    static func constant(_ constant: LayoutConstant) -> String? {
        switch constant {
        case .points(let value): return value == 0 ? nil : number(value)
        case .style(let key, let negated): return (negated ? "-" : "") + "NavigationStyleValues.\(key.rawValue)"
        }
    }

    static func number(_ value: Double) -> String {
        if let whole = Int(exactly: value), abs(whole) < 1 << 53 { return String(whole) }
        return "\(value)"
    }

    // MARK: Prompt

    /// The SDK components the prompt's constraints name, kept from startGuidance for showPrompt.
    var promptNeighbours: [String] {
        let constraints = (document.prompt?.constraints ?? []) + (document.wide?.prompt?.constraints ?? [])
        return components(in: names(constraints) + aboveThePrompt)
    }

    /// The views of a state's layout that it adds to the map itself: those the SDK hands over in that
    /// state and the app's own, without the app views that sit inside another.
    func topLevelViews(of layout: StateLayout, inState state: String) -> [String] {
        let available = DelegateHandOver.items(inState: state)
        let appItems = self.appItems
        let nested = Set(document.views.filter { $0.superview != nil }.map(\.name))
        return layout.views.filter { !nested.contains($0) && (available.contains($0) || appItems.contains($0)) }
    }

    /// Views in the order `layers` stacks them: those it does not list first, in their order, then
    /// those it lists, bottom to top, as the layout reports them.
    func zOrdered(_ views: [String]) -> [String] {
        guard let layers = document.layers else { return views }
        return views.filter { !layers.contains($0) } + layers.filter { views.contains($0) }
    }

    /// The guidance views `layers` puts above the prompt, bottom to top: those after the prompt, or
    /// every view it lists when it does not list the prompt. `showPrompt` brings them to the front
    /// after adding the prompt.
    var aboveThePrompt: [String] {
        guard let layers = document.layers, document.prompt != nil, let guidanceLayout = document.guidance else {
            return []
        }
        let guidance = topLevelViews(of: guidanceLayout, inState: "guidance")
        let start = layers.firstIndex(of: "prompt").map { $0 + 1 } ?? 0
        return layers[start...].filter { guidance.contains($0) }
    }

    /// The guidance views `showPrompt` reaches, each kept in a property (`turnCardView`) by the
    /// guidance layout: the components the prompt's constraints name and the buttons above it.
    var promptReferences: [String] { promptNeighbours + promptButtons }

    /// The buttons among the views above the prompt. The guidance layout keeps a reference to each
    /// for `showPrompt`, which brings it to the front when the state has it (the SDK does not promise
    /// every button in every state).
    var promptButtons: [String] {
        DelegateHandOver.buttons.filter(aboveThePrompt.contains)
    }

    /// The prompt constraint that slides: the prompt's bottom or top held to the bottom of the map or
    /// its safe area, whose constant starts a prompt's height lower.
    static func slideIndex(_ constraints: [DelegateConstraint]) -> Int? {
        constraints.firstIndex { constraint in
            let spec = constraint.spec
            guard spec.first.item == ItemReference(name: "prompt"), spec.relation == .equal, spec.multiplier == 1,
                [.bottom, .top].contains(spec.first.attribute), let second = spec.second,
                ["map", "safeArea"].contains(second.item.name), second.attribute == .bottom, second.item.guide == nil
            else { return false }
            return true
        }
    }

    mutating func writePrompt() {
        guard let prompt = document.prompt else { return }
        line("// MARK: - Prompts", 1)
        line()
        line("func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {", 1)
        line("let safeArea = navMap.safeAreaLayoutGuide", 2)
        line("let prompt = newPrompt", 2)
        for name in promptNeighbours {
            line("guard let \(name) = \(name)View else { return }", 2)
        }
        line("navMap.addSubview(prompt)", 2)
        let buttons = promptButtons
        for name in aboveThePrompt {
            if buttons.contains(name) {
                line("if let \(name)View { navMap.bringSubviewToFront(\(name)View) }", 2)
            } else {
                line("navMap.bringSubviewToFront(\(name))", 2)
            }
        }
        if let wide = document.wide?.prompt {
            line("if wideMode {", 2)
            writePromptBody(wide, indent: 3)
            line("} else {", 2)
            writePromptBody(prompt, indent: 3)
            line("}", 2)
        } else {
            writePromptBody(prompt, indent: 2)
        }
        line("// Lay out the prompt where it starts, and then slide it in.", 2)
        line("navMap.layoutIfNeeded()", 2)
        line("if let slide = promptSlide, let rest = restingConstant {", 2)
        line("UIView.animate(withDuration: Self.promptAnimationDuration) {", 3)
        line("slide.constant = rest", 4)
        line("navMap.layoutIfNeeded()", 4)
        line("}", 3)
        line("}", 2)
        line("}", 1)
        line()
        line("func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {", 1)
        line("// Slide the prompt out, and then remove it and its constraints.", 2)
        line("let constraints = promptConstraints", 2)
        line("promptConstraints = []", 2)
        line("if let slide = promptSlide {", 2)
        line("UIView.animate(withDuration: Self.promptAnimationDuration) {", 3)
        line("slide.constant += oldPrompt.bounds.height", 4)
        line("navMap.layoutIfNeeded()", 4)
        line("} completion: { _ in", 3)
        line("NSLayoutConstraint.deactivate(constraints)", 4)
        line("oldPrompt.removeFromSuperview()", 4)
        line("}", 3)
        line("} else {", 2)
        line("NSLayoutConstraint.deactivate(constraints)", 3)
        line("oldPrompt.removeFromSuperview()", 3)
        line("}", 2)
        line("promptSlide = nil", 2)
        line("}", 1)
        line()
        line("func changePrompt(", 1)
        line("navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView", 2)
        line(") {", 1)
        line("// Slide the old prompt out and the new prompt in at the same time.", 2)
        line("hidePrompt(navMap: navMap, oldPrompt: oldPrompt)", 2)
        line("showPrompt(navMap: navMap, newPrompt: newPrompt)", 2)
        line("}", 1)
        line()
    }

    /// The resting constant of the sliding constraint, kept while the prompt starts below the map.
    mutating func writePromptBody(_ layout: PromptLayout, indent: Int) {
        switch layout.corners {
        case .top: break
        case .all:
            line("prompt.roundedCorners = [", indent)
            line(".layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,", indent + 1)
            line("]", indent)
        case .bottom: line("prompt.roundedCorners = [.layerMinXMaxYCorner, .layerMaxXMaxYCorner]", indent)
        case .none: line("prompt.roundedCorners = []", indent)
        }
        var constraints = layout.constraints
        if let index = Self.slideIndex(constraints) {
            let spec = constraints.remove(at: index).spec
            let rest = Self.constant(spec.constant) ?? "0"
            var start = spec
            start.constant = .points(0)
            var text = expression(start, state: "prompt")
            // Start a prompt's height lower: the constant is added inside the constraint's call.
            if text.hasSuffix(")") && spec.priority == .required && spec.id == nil {
                text.removeLast()
                text += ", constant: prompt.bounds.height + \(rest))"
            }
            wrapped("let slide = \(text)", indent)
            line("promptSlide = slide", indent)
            line("restingConstant = \(rest)", indent)
            line("promptConstraints = [", indent)
            line(constraints.isEmpty ? "slide" : "slide,", indent + 1)
        } else {
            line("promptSlide = nil", indent)
            line("promptConstraints = [", indent)
        }
        writeConstraints(
            constraints, state: "prompt", indent: indent + 1, before: Self.slideIndex(layout.constraints) == nil ? 0 : 1
        )
        line("]", indent)
        line("NSLayoutConstraint.activate(promptConstraints)", indent)
    }

    // MARK: Helpers

    mutating func writeHelpers() {
        line("// MARK: - Helpers", 1)
        line()
        line("/// The resting constant of the prompt's sliding constraint.", 1)
        line("private var restingConstant: CGFloat?", 1)
        line()
        line("/// Takes the state's views and constraints away, then adds `views` and activates `constraints`.", 1)
        line("private func install(", 1)
        line("_ views: [UIView], _ constraints: [NSLayoutConstraint], on navMap: GMSMapView", 2)
        line(") {", 1)
        line("NSLayoutConstraint.deactivate(stateConstraints)", 2)
        line("stateViews.forEach { $0.removeFromSuperview() }", 2)
        line("views.forEach { navMap.addSubview($0) }", 2)
        line("stateViews = views", 2)
        line("stateConstraints = constraints", 2)
        line("NSLayoutConstraint.activate(constraints)", 2)
        line("}", 1)
        line()
        line("/// Removes the prompt's constraints at once (leaving a state).", 1)
        line("private func hidePromptNow() {", 1)
        line("NSLayoutConstraint.deactivate(promptConstraints)", 2)
        line("promptConstraints = []", 2)
        line("promptSlide = nil", 2)
        line("}", 1)
        line()
        line("/// The button of that type among those the state hands over, found by type, never by index.", 1)
        line("private func buttonView(_ type: NavigationUIButtonType, in buttons: [NavigationUIButton])", 1)
        line("-> UIView?", 2)
        line("{", 1)
        line("buttons.first { $0.type == type }?.view", 2)
        line("}", 1)
        line()
        line("/// The constraint with a priority and an identifier.", 1)
        line("private func configured(", 1)
        line("_ constraint: NSLayoutConstraint, priority: Float, identifier: String? = nil", 2)
        line(") -> NSLayoutConstraint {", 1)
        line("constraint.priority = UILayoutPriority(rawValue: priority)", 2)
        line("constraint.identifier = identifier", 2)
        line("return constraint", 2)
        line("}", 1)
    }
}

extension LayoutRelation {
    /// The relation as `NSLayoutConstraint.Relation` names it.
    fileprivate var itemName: String {
        switch self {
        case .equal: return "equal"
        case .lessThanOrEqual: return "lessThanOrEqual"
        case .greaterThanOrEqual: return "greaterThanOrEqual"
        }
    }
}

extension String {
    /// The text without leading and trailing spaces.
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
