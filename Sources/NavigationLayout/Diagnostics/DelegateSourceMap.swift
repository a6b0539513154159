/// Where the parts of a delegate read from Swift were written (the document's `sourceMap`), looked up
/// for the findings about them: a finding on a constraint is at the code that made the constraint; one
/// on items, at the code that made the first item (an app view or stack) or added it in that state.
public struct DelegateSourceMap: Sendable {
    private let document: DelegateDocument
    private let entries: [String: DiagnosticSource]

    public init(_ document: DelegateDocument) {
        self.document = document
        var entries: [String: DiagnosticSource] = [:]
        for entry in document.sourceMap {
            if let source = DiagnosticSource(parsing: entry.location) { entries[entry.path] = source }
        }
        self.entries = entries
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// The place of the constraint written `text` among those in force in `state` ("ready",
    /// "guidance"): the state's own lists (the wide variant's first in wide mode, the prompt's before
    /// guidance), then `shared`.
    public func location(ofConstraint text: String, state: String, wideMode: Bool) -> DiagnosticSource? {
        var lists: [[DelegateConstraint]] = []
        let wide = wideMode ? document.wide : nil
        switch state {
        case "ready":
            lists = [wide?.ready?.constraints, document.ready?.constraints].compactMap { $0 }
        case "guidance":
            lists = [
                wide?.prompt?.constraints, wide?.guidance?.constraints, document.prompt?.constraints,
                document.guidance?.constraints,
            ].compactMap { $0 }
        default:
            break
        }
        lists.append(document.shared)
        for list in lists {
            for constraint in list where constraint.text == text {
                if let source = entries[Self.relative(constraint.path)] { return source }
            }
        }
        return nil
    }

    /// Where a finding is: at its constraint, else at the first of its items the file made or added.
    public func location(of diagnostic: Diagnostic, wideMode: Bool) -> DiagnosticSource? {
        if let constraint = diagnostic.constraint,
            let source = location(ofConstraint: constraint, state: diagnostic.state, wideMode: wideMode)
        {
            return source
        }
        var layouts: [(path: String, layout: StateLayout?)] = []
        switch diagnostic.state {
        case "ready": layouts = [("wide.ready", wideMode ? document.wide?.ready : nil), ("ready", document.ready)]
        case "guidance":
            layouts = [("wide.guidance", wideMode ? document.wide?.guidance : nil), ("guidance", document.guidance)]
        default: break
        }
        for item in diagnostic.items {
            if let source = entries["views." + item] ?? entries["stacks." + item] { return source }
            for (path, layout) in layouts {
                guard let index = layout?.views.firstIndex(of: item) else { continue }
                if let source = entries["\(path).views[\(index)]"] { return source }
            }
        }
        return nil
    }

    /// Each finding with the place it came from, when the map knows it.
    func attach(to diagnostics: inout [Diagnostic], wideMode: Bool) {
        for index in diagnostics.indices where diagnostics[index].source == nil {
            diagnostics[index].source = location(of: diagnostics[index], wideMode: wideMode)
        }
    }

    /// `delegate.guidance.constraints[3]` -> `guidance.constraints[3]`.
    private static func relative(_ path: String) -> String {
        path.hasPrefix("delegate.") ? String(path.dropFirst("delegate.".count)) : path
    }
}
