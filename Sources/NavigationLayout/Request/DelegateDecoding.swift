// Hot: measured by the `decode` and `path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile decode`); changes here are checked by scripts/check-budgets.sh.

import Cassowary
import JSON

extension RequestDecoder {
    static let delegateFields = [
        "views", "guides", "stacks", "shared", "ready", "guidance", "prompt", "wide", "layers", "sourceMap",
    ]

    /// The `delegate` document. Names (views, guides, stacks) are read first, whatever their position in
    /// the document, so that every constraint can be checked against the complete set of items.
    mutating func delegateDocument(_ value: JSONValue, at path: JSONPath) -> DelegateDocument? {
        guard let object = object(value, at: path) else { return nil }
        rejectUnknownMembers(of: object, at: path, allowed: Self.delegateFields)
        var document = DelegateDocument()
        var items = ItemCatalog()

        if let value = present(object, "views") {
            document.views = customViews(value, at: path.appending(field: "views"), items: &items)
        }
        if let value = present(object, "guides") {
            if let names = guides(value, at: path.appending(field: "guides"), items: &items) { document.guides = names }
        }
        if let value = present(object, "stacks") {
            document.stacks = stacks(value, at: path.appending(field: "stacks"), items: &items)
        }
        validateArrangedViews(of: document.stacks, items: items, at: path.appending(field: "stacks"))

        // Constraint ids must be unique among the constraints installed together: shared with each state,
        // and a prompt's with the guidance layout in force (narrow, or wide when wide mode has one).
        var sharedIDs = ConstraintIDs()
        if let value = present(object, "shared") {
            document.shared = constraints(
                value, at: path.appending(field: "shared"), items: items, ids: &sharedIDs)
        }
        if let value = present(object, "ready") {
            var ids = sharedIDs
            document.ready = stateLayout(value, at: path.appending(field: "ready"), items: items, ids: &ids)
        }
        var guidanceIDs = sharedIDs
        if let value = present(object, "guidance") {
            document.guidance = stateLayout(
                value, at: path.appending(field: "guidance"), items: items, ids: &guidanceIDs)
        }
        let widePath = path.appending(field: "wide")
        var wideObject: JSONObject? = nil
        var wideGuidanceIDs: ConstraintIDs? = nil
        if let value = present(object, "wide"), let wide = self.object(value, at: widePath) {
            rejectUnknownMembers(of: wide, at: widePath, allowed: ["ready", "guidance", "prompt"])
            var variants = WideVariants()
            if let value = present(wide, "ready") {
                var ids = sharedIDs
                variants.ready = stateLayout(value, at: widePath.appending(field: "ready"), items: items, ids: &ids)
            }
            if let value = present(wide, "guidance") {
                var ids = sharedIDs
                variants.guidance = stateLayout(
                    value, at: widePath.appending(field: "guidance"), items: items, ids: &ids)
                wideGuidanceIDs = ids
            }
            document.wide = variants
            wideObject = wide
        }
        let widePrompt = wideObject.flatMap { present($0, "prompt") }
        if let value = present(object, "prompt") {
            var ids = guidanceIDs
            if widePrompt == nil, let wideGuidanceIDs { ids.formUnion(wideGuidanceIDs) }
            document.prompt = promptLayout(value, at: path.appending(field: "prompt"), items: items, ids: &ids)
        }
        if let widePrompt {
            var ids = wideGuidanceIDs ?? guidanceIDs
            document.wide?.prompt = promptLayout(
                widePrompt, at: widePath.appending(field: "prompt"), items: items, ids: &ids)
        }
        if let value = present(object, "layers") {
            document.layers = layers(value, at: path.appending(field: "layers"), items: items)
        }
        if let value = present(object, "sourceMap") {
            document.sourceMap = sourceMap(value, at: path.appending(field: "sourceMap"))
        }
        return document
    }

    /// The `sourceMap` object: paths in the document to `FILE:LINE:COLUMN`.
    private mutating func sourceMap(_ value: JSONValue, at path: JSONPath) -> [SourceMapEntry] {
        guard let object = object(value, at: path) else { return [] }
        var entries: [SourceMapEntry] = []
        for member in object.members {
            let root = member.key.prefix { $0 != "." && $0 != "[" }
            guard Self.delegateFields.contains(String(root)), root != "sourceMap" else {
                report(
                    path.appending(member.key),
                    "expected a path in the delegate document, such as guidance.constraints[0]")
                continue
            }
            guard let location = member.value.stringValue ?? string(member.value, at: path.appending(member.key))
            else { continue }
            guard DiagnosticSource(parsing: location) != nil else {
                report(path.appending(member.key), "expected FILE:LINE:COLUMN, such as App/Layout.swift:42:7")
                continue
            }
            entries.append(SourceMapEntry(path: member.key, location: location))
        }
        return entries
    }

    /// The `guides` list: each name declared as a guide; a name that cannot be declared is dropped.
    private mutating func guides(_ value: JSONValue, at path: JSONPath, items: inout ItemCatalog) -> [String]? {
        guard var names = nameList(value, at: path) else { return nil }
        // The names declared are kept in place, in order, in the list itself.
        var kept = 0
        for index in names.indices where declare(names[index], as: .guide, in: &items, at: path.appending(index)) {
            names.swapAt(kept, index)
            kept += 1
        }
        names.removeLast(names.count - kept)
        return names
    }

    /// The `layers` list: names of items that are drawn, back to front.
    private mutating func layers(_ value: JSONValue, at path: JSONPath, items: ItemCatalog) -> [String]? {
        guard let names = nameList(value, at: path) else { return nil }
        for (index, name) in names.enumerated() {
            requireVisibleItem(name, items: items, at: path.appending(index), role: "a layer")
        }
        return names
    }

    /// Adds a custom name to the catalog, reporting reserved and repeated names.
    private mutating func declare(
        _ name: String, as entry: ItemCatalog.Entry, in items: inout ItemCatalog, at path: JSONPath
    ) -> Bool {
        if name == "style" {
            report(path, "'style' is reserved for style values (style.name); choose another name")
            return false
        }
        if BuiltInItem(named: name) != nil {
            report(path, "'\(name)' is a built-in item; choose another name")
            return false
        }
        guard items.add(name, as: entry) else {
            report(path, "'\(name)' is already declared as a view, guide or stack")
            return false
        }
        return true
    }

    // MARK: Views, guides, stacks

    private mutating func customViews(_ value: JSONValue, at path: JSONPath, items: inout ItemCatalog)
        -> [CustomView]
    {
        guard let object = object(value, at: path) else { return [] }
        var views: [CustomView] = []
        for member in object.members {
            let name = member.key
            let viewPath = path.appending(name)
            guard ConstraintParser.isName(name) else {
                report(
                    viewPath,
                    "'\(name)' is not a valid name: use letters, digits and '_', starting with a letter or '_'")
                continue
            }
            guard let body = self.object(member.value, at: viewPath) else { continue }
            rejectUnknownMembers(
                of: body, at: viewPath, allowed: ["width", "height", "hugging", "compression", "superview"])
            var view = CustomView(name: name)
            view.intrinsicWidth = present(body, "width").flatMap {
                number($0, at: viewPath.appending(field: "width"), .length)
            }
            view.intrinsicHeight = present(body, "height").flatMap {
                number($0, at: viewPath.appending(field: "height"), .length)
            }
            if let value = present(body, "hugging") {
                view.hugging = axisPriorities(
                    value, at: viewPath.appending(field: "hugging"), defaults: .defaultHugging)
            }
            if let value = present(body, "compression") {
                view.compression = axisPriorities(
                    value, at: viewPath.appending(field: "compression"), defaults: .defaultCompression)
            }
            if let value = present(body, "superview") {
                view.superview = string(value, at: viewPath.appending(field: "superview"))
            }
            if declare(name, as: .view, in: &items, at: viewPath) { views.append(view) }
        }
        checkSuperviews(of: &views, at: path)
        return views
    }

    /// A superview is another custom view of the document, and no view is inside itself. A view
    /// whose superview is refused is reported and kept as a view of the map.
    private mutating func checkSuperviews(of views: inout [CustomView], at path: JSONPath) {
        for index in views.indices {
            guard let superview = views[index].superview else { continue }
            let fieldPath = path.appending(views[index].name).appending(field: "superview")
            guard views.contains(where: { $0.name == superview }) else {
                report(
                    fieldPath, "'\(superview)' is not a custom view of this delegate: name one declared under 'views'")
                views[index].superview = nil
                continue
            }
            if views[index].ancestors(in: views).contains(views[index].name) {
                report(
                    fieldPath, "'\(views[index].name)' would be inside itself: a superview cannot be its own subview")
                views[index].superview = nil
            }
        }
    }

    /// A priority for both axes, or {horizontal, vertical} with either one optional.
    private mutating func axisPriorities(_ value: JSONValue, at path: JSONPath, defaults: AxisPriorities)
        -> AxisPriorities
    {
        if let object = value.objectValue {
            rejectUnknownMembers(of: object, at: path, allowed: ["horizontal", "vertical"])
            var result = defaults
            if let value = present(object, "horizontal"),
                let priority = priority(value, at: path.appending(field: "horizontal"))
            {
                result.horizontal = priority
            }
            if let value = present(object, "vertical"),
                let priority = priority(value, at: path.appending(field: "vertical"))
            {
                result.vertical = priority
            }
            return result
        }
        guard let priority = priority(value, at: path) else { return defaults }
        return AxisPriorities(horizontal: priority, vertical: priority)
    }

    private mutating func stacks(_ value: JSONValue, at path: JSONPath, items: inout ItemCatalog)
        -> [HidingStack]
    {
        guard let object = object(value, at: path) else { return [] }
        var stacks: [HidingStack] = []
        for member in object.members {
            let name = member.key
            let stackPath = path.appending(name)
            guard ConstraintParser.isName(name) else {
                report(
                    stackPath,
                    "'\(name)' is not a valid name: use letters, digits and '_', starting with a letter or '_'")
                continue
            }
            guard let body = self.object(member.value, at: stackPath) else { continue }
            rejectUnknownMembers(of: body, at: stackPath, allowed: ["position", "alignment", "arranged", "spacing"])
            let position = required(body, "position", at: stackPath).flatMap {
                choice($0, at: stackPath.appending(field: "position"), as: HidingStack.Position.self)
            }
            let alignment = required(body, "alignment", at: stackPath).flatMap {
                choice($0, at: stackPath.appending(field: "alignment"), as: HidingStack.Alignment.self)
            }
            let arranged =
                present(body, "arranged").flatMap { nameList($0, at: stackPath.appending(field: "arranged")) } ?? []
            let spacing = present(body, "spacing").flatMap {
                number($0, at: stackPath.appending(field: "spacing"), .length)
            }
            guard declare(name, as: .stack, in: &items, at: stackPath), let position, let alignment else {
                continue
            }
            stacks.append(
                HidingStack(
                    name: name, position: position, alignment: alignment, arranged: arranged, spacing: spacing))
        }
        return stacks
    }

    /// Arranged views must be views (built-in or custom), not guides, the map or other stacks, and each
    /// view belongs to at most one stack (a UIView has one superview).
    private mutating func validateArrangedViews(of stacks: [HidingStack], items: ItemCatalog, at path: JSONPath) {
        // Owners are found by scanning the stacks before this one while the arranged views are few (a
        // dictionary of them would be two heap blocks per request); a long list gets the dictionary.
        // Whether a name passes the checks below depends on the name alone, so the first earlier stack
        // that arranges it is the owner the dictionary would have recorded.
        let scans = stacks.reduce(0) { $0 + $1.arranged.count } <= 16
        var owners: [String: String] = [:]
        for (stackIndex, stack) in stacks.enumerated() {
            for (index, name) in stack.arranged.enumerated() {
                // Printed only for a report: the stack's name is a key of the document, which a path
                // prints as soon as it is appended.
                func elementPath() -> JSONPath {
                    path.appending(stack.name).appending(field: "arranged").appending(index)
                }
                guard
                    requireVisibleItem(
                        name, items: items, at: elementPath(), role: "an arranged view", allowViewport: false)
                else {
                    continue
                }
                if case .stack = items.entry(named: name) {
                    report(elementPath(), "'\(name)' is a stack; hiding stacks do not nest")
                    continue
                }
                let owner = scans ? stacks[..<stackIndex].first { $0.arranged.contains(name) }?.name : owners[name]
                if let owner {
                    report(elementPath(), "'\(name)' is already arranged in stack '\(owner)'; a view has one superview")
                    continue
                }
                if !scans { owners[name] = stack.name }
            }
        }
    }

    /// Reports names that are unknown or cannot be placed: the map and the safe area always exist, custom
    /// guides are declared once for all states. The viewport is a guide too, but the SDK hands it over
    /// like its views, so a state adds it and layers may order it, while a stack cannot arrange it.
    @discardableResult
    private mutating func requireVisibleItem(
        _ name: String, items: ItemCatalog, at path: @autoclosure () -> JSONPath, role: String,
        allowViewport: Bool = true
    ) -> Bool {
        guard let entry = items.entry(named: name) else {
            report(path(), "unknown item '\(name)'\(suggestion(for: name, among: items.allNames))")
            return false
        }
        switch entry {
        case .builtIn(.map):
            report(path(), "'map' is the container every item lives in; it cannot be \(role)")
            return false
        case .builtIn(.viewport) where allowViewport:
            return true
        case .builtIn(.safeArea), .builtIn(.viewport), .guide:
            report(path(), "'\(name)' is a layout guide, not a view; it cannot be \(role)")
            return false
        default:
            return true
        }
    }

    // MARK: State blocks

    private mutating func stateLayout(
        _ value: JSONValue, at path: JSONPath, items: ItemCatalog, ids: inout ConstraintIDs
    )
        -> StateLayout?
    {
        guard let object = object(value, at: path) else { return nil }
        rejectUnknownMembers(of: object, at: path, allowed: ["views", "constraints"])
        var layout = StateLayout()
        if let value = present(object, "views") {
            let viewsPath = path.appending(field: "views")
            var names = nameList(value, at: viewsPath) ?? []
            // The names that may be added are kept in place, in order, in the list itself (a second list
            // of them would be one more heap block per state). Positions past `index` are not moved yet, so
            // each name is checked at its own path.
            var kept = 0
            for index in names.indices
            where requireVisibleItem(
                names[index], items: items, at: viewsPath.appending(index), role: "added as a view")
            {
                names.swapAt(kept, index)
                kept += 1
            }
            names.removeLast(names.count - kept)
            layout.views = names
        }
        if let value = present(object, "constraints") {
            layout.constraints = constraints(value, at: path.appending(field: "constraints"), items: items, ids: &ids)
        }
        return layout
    }

    private mutating func promptLayout(
        _ value: JSONValue, at path: JSONPath, items: ItemCatalog, ids: inout ConstraintIDs
    )
        -> PromptLayout?
    {
        guard let object = object(value, at: path) else { return nil }
        rejectUnknownMembers(of: object, at: path, allowed: ["constraints", "corners"])
        var layout = PromptLayout()
        if let value = present(object, "constraints") {
            layout.constraints = constraints(value, at: path.appending(field: "constraints"), items: items, ids: &ids)
        }
        if let value = present(object, "corners"),
            let corners = choice(value, at: path.appending(field: "corners"), as: PromptCorners.self)
        {
            layout.corners = corners
        }
        return layout
    }

    // MARK: Constraints

    /// An array of constraints, each a string in the expression language or an object.
    private mutating func constraints(
        _ value: JSONValue, at path: JSONPath, items: ItemCatalog, ids: inout ConstraintIDs
    ) -> [DelegateConstraint] {
        guard let elements = value.arrayValue else {
            report(path, "expected an array of constraints, found \(value.typeDescription)")
            return []
        }
        // The list's constraints go straight into one shared storage (see `DelegateConstraintStorage`).
        let storage = DelegateConstraintStorage.make(location: .list(path, indices: nil), capacity: elements.count)
        var indices: [Int] = []
        for (index, element) in elements.enumerated() {
            guard let entry = constraint(element, at: path, index: index, items: items) else { continue }
            if let id = entry.spec.id {
                let elementPath = path.appending(index)
                if let earlier = ids.paths[id] {
                    report(
                        elementPath, "constraint id '\(id)' is already used at \(earlier), installed at the same time")
                    continue
                }
                ids.paths[id] = elementPath.description
            }
            // Positions are indices until an element is dropped (a document with an error, whose
            // constraints nobody reads, but the paths stay right anyway).
            if !indices.isEmpty || index != storage.count {
                if indices.isEmpty { indices = Array(0..<storage.count) }
                indices.append(index)
            }
            storage.append(entry)
        }
        if !indices.isEmpty { storage.location = .list(path, indices: indices) }
        let result = DelegateConstraint.list(in: storage)
        return result
    }

    /// The constraint at `index` of the list at `listPath`. Its own path is made only for a report: a
    /// decoded constraint keeps its list's path and its index instead (see `DelegateConstraint`).
    private mutating func constraint(
        _ value: JSONValue, at listPath: JSONPath, index: Int, items: ItemCatalog
    ) -> DelegateConstraintEntry? {
        var path: JSONPath { listPath.appending(index) }
        if let text = value.stringValue {
            let parsed: ParsedConstraint
            do throws(ExpressionError) {
                parsed = try ConstraintParser.parse(text)
            } catch {
                report(path, error.message, column: error.column)
                return nil
            }
            if let problem = ConstraintChecker.check(parsed, items: items) {
                report(path, problem.message, column: problem.column)
                return nil
            }
            return DelegateConstraintEntry(spec: parsed.spec, text: text)
        } else if let object = value.objectValue {
            guard let parsed = constraintObject(object, at: path) else { return nil }
            if let problem = ConstraintChecker.check(parsed, items: items) {
                let partPath = problem.part.map { path.appending($0.rawValue) } ?? path
                report(partPath, problem.message, column: problem.column)
                return nil
            }
            return DelegateConstraintEntry(spec: parsed.spec, text: parsed.spec.description)
        } else {
            report(path, "expected a constraint string or object, found \(value.typeDescription)")
            return nil
        }
    }

    static let constraintObjectFields = ["id", "first", "relation", "second", "multiplier", "constant", "priority"]

    /// {id, first, relation, second, multiplier, constant, priority}: first and relation are required;
    /// multiplier (default 1) needs a second anchor; constant defaults to 0, priority to required.
    private mutating func constraintObject(_ object: JSONObject, at path: JSONPath)
        -> ParsedConstraint?
    {
        let issuesBefore = issues.count
        rejectUnknownMembers(of: object, at: path, allowed: Self.constraintObjectFields)
        var id: String? = nil
        if let value = present(object, "id"), let text = string(value, at: path.appending(field: "id")) {
            if ConstraintParser.isConstraintID(text) {
                id = text
            } else {
                report(
                    path.appending(field: "id"),
                    "invalid constraint id \"\(text)\": use letters, digits, '_', '-' and '.', starting with a letter")
            }
        }
        let first = required(object, "first", at: path).flatMap { anchorField($0, at: path.appending(field: "first")) }
        let relation = required(object, "relation", at: path).flatMap {
            relationField($0, at: path.appending(field: "relation"))
        }
        let second = present(object, "second").flatMap { anchorField($0, at: path.appending(field: "second")) }
        var multiplier = 1.0
        if let value = present(object, "multiplier"),
            let number = number(value, at: path.appending(field: "multiplier"), .any)
        {
            if present(object, "second") == nil {
                report(path.appending(field: "multiplier"), "a multiplier needs a second anchor")
            } else if number == 0 {
                report(
                    path.appending(field: "multiplier"),
                    "a multiplier of 0 drops the second anchor; write a constant instead")
            } else if abs(number) > LayoutConstraintSpec.maximumMultiplier {
                report(
                    path.appending(field: "multiplier"),
                    "expected at most \(formatNumber(LayoutConstraintSpec.maximumMultiplier)) either way, "
                        + "found \(formatNumber(number))")
            } else {
                multiplier = number
            }
        }
        var constant = LayoutConstant.zero
        if let value = present(object, "constant") {
            let constantPath = path.appending(field: "constant")
            if let number = value.numberValue, number.isFinite {
                if abs(number) > LayoutConstraintSpec.maximumConstant {
                    report(
                        constantPath,
                        "expected at most \(formatNumber(LayoutConstraintSpec.maximumConstant)) points either way, "
                            + "found \(formatNumber(number))")
                } else {
                    constant = .points(number)
                }
            } else if let text = value.stringValue {
                do throws(ExpressionError) {
                    constant = try ConstraintParser.parseConstant(text)
                } catch {
                    report(constantPath, error.message, column: error.column)
                }
            } else {
                report(constantPath, "expected a number or \"style.name\", found \(value.typeDescription)")
            }
        }
        var priority = Priority.required
        if let value = present(object, "priority"),
            let level = self.priority(value, at: path.appending(field: "priority"))
        {
            priority = level
        }
        guard issues.count == issuesBefore, let first, let relation else { return nil }
        let spec = LayoutConstraintSpec(
            id: id, first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
            priority: priority)
        return ParsedConstraint(
            spec: spec, columns: ParsedConstraint.Columns(first: 1, second: second == nil ? nil : 1, constant: 1))
    }

    private mutating func anchorField(_ value: JSONValue, at path: JSONPath) -> Anchor? {
        guard let text = string(value, at: path) else { return nil }
        do throws(ExpressionError) {
            return try ConstraintParser.parseAnchor(text)
        } catch {
            report(path, error.message, column: error.column)
            return nil
        }
    }

    private mutating func relationField(_ value: JSONValue, at path: JSONPath) -> LayoutRelation? {
        guard let text = string(value, at: path) else { return nil }
        guard let relation = LayoutRelation(rawValue: text) else {
            report(path, "'\(text)' is not a relation: use '==', '<=' or '>='")
            return nil
        }
        return relation
    }
}

/// Constraint ids in use, each with the path where it was first written.
struct ConstraintIDs {
    var paths: [String: String] = [:]

    /// Adds the other set's ids; an id in both keeps this set's path (shared ids have the same one).
    mutating func formUnion(_ other: ConstraintIDs) {
        paths.merge(other.paths) { mine, _ in mine }
    }
}
