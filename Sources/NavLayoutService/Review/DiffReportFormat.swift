import JSON
import NavigationLayout

/// The forms a layout diff is written in: `text` for a terminal, `json` (also the HTTP answer),
/// `markdown` for a pull-request comment, `junit` and `sarif` for CI systems and code review tools.
public enum DiffReportFormat: String, Sendable, CaseIterable {
    case text
    case json
    case markdown
    case junit
    case sarif

    /// `diff` written in this form. `context` names the sides and where the picture and the after
    /// document are, for the forms that link to them.
    public func render(_ diff: MatrixDiff, context: DiffReportContext = DiffReportContext()) -> String {
        switch self {
        case .text: return diff.text + "\n"
        case .json: return JSONWriter(format: .pretty).string(for: diff.jsonValue) + "\n"
        case .markdown: return MarkdownDiffReport(diff: diff, context: context).text
        case .junit: return JUnitDiffReport(diff: diff, context: context).text
        case .sarif: return SARIFDiffReport(diff: diff, context: context).text
        }
    }

    /// The media type of the rendered form, for HTTP answers.
    public var contentType: String {
        switch self {
        case .text: return "text/plain; charset=utf-8"
        case .json: return "application/json"
        case .markdown: return "text/markdown; charset=utf-8"
        case .junit: return "application/xml"
        case .sarif: return "application/sarif+json"
        }
    }
}

/// What a report says about where the diff came from.
public struct DiffReportContext: Sendable, Equatable {
    /// How the two sides are named to a reader (a file name, "profile fleet version 3", a layout id).
    public var before: String
    public var after: String
    /// The address of the contact sheet, linked from the markdown form; a placeholder to replace when
    /// the picture is uploaded somewhere else.
    public var pictureLink: String
    /// The after side's document, when it is a file: SARIF results point at it.
    public var afterArtifact: String?

    public init(
        before: String = "before", after: String = "after", pictureLink: String = "DIFF_PICTURE_URL",
        afterArtifact: String? = nil
    ) {
        self.before = before
        self.after = after
        self.pictureLink = pictureLink
        self.afterArtifact = afterArtifact
    }
}

extension MatrixDiff {
    /// Whether a cell reaches `level`: a regression to an error, any regression, or any change.
    public func fails(on level: DiffOptions.FailOn) -> Bool {
        cells.contains { cell in
            switch level {
            case .error: cell.diff.change == .regressed && cell.diff.statusAfter == .error
            case .warning: cell.diff.change == .regressed
            case .change: cell.diff.change != .unchanged
            }
        }
    }

    /// How many regressed cells have an error after the change.
    var regressedWithError: Int {
        cells.lazy.filter { $0.diff.change == .regressed && $0.diff.statusAfter == .error }.count
    }

    /// The verdict in one line: what fails review first.
    var verdict: String {
        let regressed = count(.regressed)
        if regressed > 0 {
            let errors = regressedWithError
            return "\(regressed) of \(cells.count) cells regressed"
                + (errors > 0 ? " (\(errors) with an error)" : "")
        }
        let changed = count(.changed) + count(.improved)
        return changed > 0
            ? "no regression; \(changed) of \(cells.count) cells changed" : "no change in \(cells.count) cells"
    }
}

extension CellDiff {
    /// What changed, in a few words: "moved a, b; appeared c; introduced overlap"; without the
    /// diagnostic codes when they are listed on their own.
    func summaryText(includingDiagnostics: Bool = true) -> String {
        var parts: [String] = []
        if !moved.isEmpty { parts.append("moved " + moved.joined(separator: ", ")) }
        if !appeared.isEmpty { parts.append("appeared " + appeared.joined(separator: ", ")) }
        if !vanished.isEmpty { parts.append("vanished " + vanished.joined(separator: ", ")) }
        if includingDiagnostics && !introduced.isEmpty {
            parts.append("introduced " + introduced.joined(separator: ", "))
        }
        if includingDiagnostics && !resolved.isEmpty { parts.append("resolved " + resolved.joined(separator: ", ")) }
        if promptChanged { parts.append("prompt changed") }
        if parts.isEmpty && viewportAreaChange != 0 { parts.append("viewport resized") }
        return parts.joined(separator: "; ")
    }
}
