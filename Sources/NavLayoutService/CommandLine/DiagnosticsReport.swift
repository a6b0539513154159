import NavigationLayout

/// The diagnostics of a result as text for people: one block per diagnostic, worst first in the
/// order the engine found them, then a count.
enum DiagnosticsReport {
    static func text(_ result: LayoutResult, source: String) -> String {
        var lines: [String] = []
        lines.append(
            "\(source): \(result.mode.rawValue) layout, \(result.navigation.rawValue)"
                + (result.wideMode ? ", wide mode" : "") + ": \(result.status)")
        let ordered = Severity.allCases.reversed().flatMap { severity in
            result.diagnostics.filter { $0.severity == severity }
        }
        for diagnostic in ordered {
            let label: String
            switch diagnostic.severity {
            case .error: label = "error  "
            case .warning: label = "warning"
            case .info: label = "note   "
            }
            var head = "\(label) \(diagnostic.code.rawValue) [\(diagnostic.state)]"
            if !diagnostic.items.isEmpty { head += " " + diagnostic.items.joined(separator: ", ") }
            lines.append(head)
            lines.append("        " + diagnostic.message)
            if let constraint = diagnostic.constraint { lines.append("        constraint: \(constraint)") }
            if let conflicting = diagnostic.conflicting, !conflicting.isEmpty {
                lines.append("        conflicts with: " + conflicting.joined(separator: "; "))
            }
        }
        let errors = result.diagnostics.filter { $0.severity == .error }.count
        let warnings = result.diagnostics.filter { $0.severity == .warning }.count
        let notes = result.diagnostics.filter { $0.severity == .info }.count
        lines.append("\(errors) error(s), \(warnings) warning(s), \(notes) note(s)")
        return lines.joined(separator: "\n") + "\n"
    }
}
