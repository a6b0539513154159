import JSON
import NavigationLayout

/// A layout diff as a pull-request comment: a verdict line, the summary table, every regressed cell
/// with the diagnostics it introduced, the other changed cells in a table, and a link to the picture.
struct MarkdownDiffReport {
    var diff: MatrixDiff
    var context: DiffReportContext

    /// Cells listed in full per section: a pull-request comment has to stay short enough to post.
    static let listedCells = 25

    var text: String {
        var lines: [String] = []
        let failed = diff.count(.regressed) > 0
        lines.append("### Layout review: \(failed ? "regressions" : "no regressions")")
        lines.append("")
        lines.append(
            "**\(Self.escape(diff.verdict))** (\(Self.code(context.before)) → \(Self.code(context.after)), "
                + "tolerance \(JSONWriter().string(for: .number(diff.tolerance))) pt)")
        lines.append("")
        lines.append("| cells | regressed | changed | improved | unchanged |")
        lines.append("|---:|---:|---:|---:|---:|")
        lines.append(
            "| \(diff.cells.count) | \(diff.count(.regressed)) | \(diff.count(.changed)) | "
                + "\(diff.count(.improved)) | \(diff.count(.unchanged)) |")
        let regressed = diff.cells.filter { $0.diff.change == .regressed }
        if !regressed.isEmpty {
            lines.append("")
            lines.append("#### Regressed cells")
            for cell in regressed.prefix(Self.listedCells) {
                lines.append("")
                lines.append(
                    "- \(Self.code(cell.key)): \(cell.diff.statusBefore.rawValue) → **\(cell.diff.statusAfter.rawValue)**"
                )
                for diagnostic in cell.diff.introducedDiagnostics {
                    let items =
                        diagnostic.items.isEmpty ? "" : " (\(diagnostic.items.map(Self.code).joined(separator: ", ")))"
                    let constraint = diagnostic.constraint.map { " on " + Self.code($0) } ?? ""
                    lines.append(
                        "  - \(diagnostic.severity.rawValue) \(Self.code(diagnostic.code.rawValue))\(items)\(constraint): "
                            + Self.escape(diagnostic.message))
                }
                let others = cell.diff.summaryText(includingDiagnostics: false)
                if !others.isEmpty { lines.append("  - also: \(Self.escape(others))") }
            }
            if regressed.count > Self.listedCells {
                lines.append("")
                lines.append(
                    "…and \(regressed.count - Self.listedCells) more regressed cells (the JSON form lists them all).")
            }
        }
        let changed = diff.cells.filter { $0.diff.change == .changed || $0.diff.change == .improved }
        if !changed.isEmpty {
            lines.append("")
            lines.append("#### Changed cells")
            lines.append("")
            lines.append("| cell | change | what |")
            lines.append("|---|---|---|")
            for cell in changed.prefix(Self.listedCells) {
                lines.append(
                    "| \(Self.code(cell.key)) | \(cell.diff.change.rawValue) | "
                        + "\(Self.escape(cell.diff.summaryText())) |")
            }
        }
        if changed.count > Self.listedCells {
            lines.append("")
            lines.append("…and \(changed.count - Self.listedCells) more changed cells.")
        }
        lines.append("")
        lines.append("[Contact sheet of every cell](\(context.pictureLink))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text as inline code, with backticks in it kept readable.
    static func code(_ text: String) -> String {
        let fence = text.contains("`") ? "``" : "`"
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + padding + text.replacingOccurrences(of: "\n", with: " ") + padding + fence
    }

    /// Text with the characters markdown would read as formatting escaped.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#":
                output.append("\\")
                output.append(character)
            case "\n", "\r": output.append(" ")
            default: output.append(character)
            }
        }
        return output
    }
}
