import LayoutPicture
import NavigationLayout

/// A layout diff as a JUnit XML report, the form CI systems list as tests: one test case per cell
/// (named by its key, classed by its device), failing when the cell regressed, with the diagnostics
/// it introduced as the failure's text.
struct JUnitDiffReport {
    var diff: MatrixDiff
    var context: DiffReportContext

    var text: String {
        let failures = diff.count(.regressed)
        let name = XMLEscaping.escape("navlayout diff \(context.before) → \(context.after)")
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="\#(name)" tests="\#(diff.cells.count)" failures="\#(failures)" errors="0">"#,
            #"  <testsuite name="\#(name)" tests="\#(diff.cells.count)" failures="\#(failures)" errors="0" skipped="0">"#,
        ]
        // Cells in matrix order, as a test list reads best; the diff itself keeps them worst first.
        for cell in diff.cells.sorted(by: { $0.index < $1.index }) {
            let device = cell.key.split(separator: "/").first.map(String.init) ?? cell.key
            let opening =
                #"    <testcase classname="navlayout.\#(XMLEscaping.escape(device))" name="\#(XMLEscaping.escape(cell.key))""#
            guard cell.diff.change == .regressed else {
                lines.append(opening + " />")
                continue
            }
            let codes = cell.diff.introduced.joined(separator: ", ")
            let message = "\(cell.diff.statusBefore.rawValue) → \(cell.diff.statusAfter.rawValue): introduced \(codes)"
            var details = cell.diff.introducedDiagnostics.map { diagnostic in
                "\(diagnostic.severity.rawValue) \(diagnostic.code.rawValue) [\(diagnostic.items.joined(separator: ", "))]"
                    + (diagnostic.constraint.map { " on \($0)" } ?? "") + ": " + diagnostic.message
            }
            let others = cell.diff.summaryText(includingDiagnostics: false)
            if !others.isEmpty { details.append("also: " + others) }
            lines.append(opening + ">")
            lines.append(
                #"      <failure type="regressed" message="\#(XMLEscaping.escape(message))">"#
                    + XMLEscaping.escape(details.joined(separator: "\n")) + "</failure>")
            lines.append("    </testcase>")
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }
}
