import Foundation
import JSON
import LayoutPicture
import NavigationLayout

/// The forms `navlayout check` writes its findings in.
public enum CheckReportFormat: String, Sendable, CaseIterable {
    /// People and editors: swiftc's shape for a Swift delegate (`path:line:col: error: [code] message`,
    /// a note at each other constraint of a conflict), the readable report for a request file.
    case text
    /// GitHub workflow annotations (`::error file=...,line=...,col=...::message`).
    case github
    /// SARIF 2.1.0, with a rule for every diagnostic code.
    case sarif
    /// A JUnit XML report: a test case per finding, failing on errors.
    case junit
}

/// The findings of one checked layout, each placed in the file it came from: at its `source` for a
/// delegate read from Swift (notes at each constraint of a conflict), at the file otherwise.
struct CheckReport {
    var result: LayoutResult
    /// The file as the user named it, for messages and locations.
    var file: String
    /// The delegate's source map, for a delegate read from Swift.
    var sourceMap: DelegateSourceMap?
    /// Where findings with no place of their own are put: the delegate class, for Swift.
    var fallback: DiagnosticSource?

    /// Findings worst first, in the order the engine found them within a severity.
    var ordered: [Diagnostic] {
        Severity.allCases.reversed().flatMap { severity in result.diagnostics.filter { $0.severity == severity } }
    }

    func place(of diagnostic: Diagnostic) -> DiagnosticSource? { diagnostic.source ?? fallback }

    /// The constraints of a conflict with the place each was written, when known.
    func conflicting(_ diagnostic: Diagnostic) -> [(constraint: String, place: DiagnosticSource?)] {
        (diagnostic.conflicting ?? []).map { constraint in
            (
                constraint,
                sourceMap?.location(ofConstraint: constraint, state: diagnostic.state, wideMode: result.wideMode)
                    ?? fallback
            )
        }
    }

    /// The file and the layout checked: `FILE: delegate layout, guidance, wide mode`.
    var heading: String {
        "\(file): \(result.mode.rawValue) layout, \(result.navigation.rawValue)"
            + (result.wideMode ? ", wide mode" : "")
    }

    func count(_ severity: Severity) -> Int { result.diagnostics.filter { $0.severity == severity }.count }

    var summary: String {
        "\(heading): \(count(.error)) error(s), \(count(.warning)) warning(s)"
    }

    func render(_ format: CheckReportFormat) -> String {
        switch format {
        case .text: return sourceMap == nil ? readableText : compilerText
        case .github: return github
        case .sarif: return JSONWriter(format: .pretty).string(for: sarif) + "\n"
        case .junit: return junit
        }
    }

    static func severityWord(_ severity: Severity) -> String { severity == .info ? "note" : severity.rawValue }

    // MARK: Text for people

    /// The findings of a request file: one block per finding, worst first, then a count.
    var readableText: String {
        var lines: [String] = []
        lines.append("\(heading): \(result.status)")
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
        lines.append("\(count(.error)) error(s), \(count(.warning)) warning(s), \(count(.info)) note(s)")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: swiftc's shape

    var compilerText: String {
        var lines: [String] = []
        for diagnostic in ordered {
            let place = place(of: diagnostic)?.description ?? file
            lines.append(
                "\(place): \(Self.severityWord(diagnostic.severity)): [\(diagnostic.code.rawValue)] \(diagnostic.message)"
            )
            for (constraint, at) in conflicting(diagnostic) {
                lines.append("\(at?.description ?? place): note: conflicts with \(constraint)")
            }
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: GitHub annotations

    var github: String {
        var lines: [String] = []
        for diagnostic in ordered {
            let command: String
            switch diagnostic.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .info: command = "notice"
            }
            var message = diagnostic.message
            for (constraint, at) in conflicting(diagnostic) {
                message += "\nconflicts with \(constraint)" + (at.map { " (line \($0.line))" } ?? "")
            }
            lines.append(
                "::\(command) \(annotationProperties(place(of: diagnostic), title: "navlayout \(diagnostic.code.rawValue)"))::"
                    + Self.escapeData(message))
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    private func annotationProperties(_ place: DiagnosticSource?, title: String) -> String {
        var properties = ["file=" + Self.escapeProperty(place?.path ?? file)]
        if let place {
            properties.append("line=\(place.line)")
            properties.append("col=\(place.column)")
        }
        properties.append("title=" + Self.escapeProperty(title))
        return properties.joined(separator: ",")
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: as a message, and `:` and `,` too.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    // MARK: SARIF

    var sarif: JSONValue {
        var log = SARIFLog(rules: DiagnosticCode.allCases)
        log.run["artifacts"] = [["location": ["uri": .string(file)]]]
        log.results = ordered.map { diagnostic in
            var result = log.result(for: diagnostic, message: diagnostic.message)
            result["locations"] = [location(place(of: diagnostic), items: diagnostic.items)]
            let related = conflicting(diagnostic).enumerated().map { index, conflict -> JSONValue in
                var object = location(conflict.place, items: []).objectValue ?? JSONObject()
                object["id"] = .number(Double(index))
                object["message"] = ["text": .string("conflicts with \(conflict.constraint)")]
                return .object(object)
            }
            if !related.isEmpty { result["relatedLocations"] = .array(related) }
            result["properties"] = .object(SARIFLog.properties(of: diagnostic))
            return .object(result)
        }
        return log.jsonValue
    }

    private func location(_ place: DiagnosticSource?, items: [String]) -> JSONValue {
        var physical = JSONObject()
        physical["artifactLocation"] = ["uri": .string(place?.path ?? file)]
        if let place {
            physical["region"] = [
                "startLine": .number(Double(place.line)), "startColumn": .number(Double(place.column)),
            ]
        }
        var location = JSONObject()
        location["physicalLocation"] = .object(physical)
        if !items.isEmpty {
            location["logicalLocations"] = .array(items.map { ["name": .string($0), "kind": "member"] })
        }
        return .object(location)
    }

    // MARK: JUnit

    var junit: String {
        let failures = count(.error)
        let cases = max(1, result.diagnostics.count)
        let name = XMLEscaping.escape("navlayout check \(file)")
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="\#(name)" tests="\#(cases)" failures="\#(failures)" errors="0">"#,
            #"  <testsuite name="\#(name)" tests="\#(cases)" failures="\#(failures)" errors="0" skipped="0">"#,
        ]
        if result.diagnostics.isEmpty {
            lines.append(
                #"    <testcase classname="navlayout.\#(XMLEscaping.escape(result.navigation.rawValue))" name="layout" />"#
            )
        }
        for diagnostic in ordered {
            let place = place(of: diagnostic)?.description ?? file
            let opening =
                #"    <testcase classname="navlayout.\#(diagnostic.code.rawValue)" name="\#(XMLEscaping.escape(place))""#
            var text = "\(place): \(diagnostic.message)"
            for (constraint, at) in conflicting(diagnostic) {
                text += "\n\(at?.description ?? place): conflicts with \(constraint)"
            }
            if diagnostic.severity == .error {
                lines.append(opening + ">")
                lines.append(
                    #"      <failure type="\#(diagnostic.code.rawValue)" message="\#(XMLEscaping.escape(diagnostic.message))">"#
                        + XMLEscaping.escape(text) + "</failure>")
                lines.append("    </testcase>")
            } else {
                lines.append(opening + ">")
                lines.append(
                    "      <system-out>" + XMLEscaping.escape(Self.severityWord(diagnostic.severity) + ": " + text)
                        + "</system-out>")
                lines.append("    </testcase>")
            }
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }
}
