import NavigationLayout

/// One line of the panel beside a review overlay, positioned relative to the top of the stage: what
/// changed, the findings introduced and resolved, then a legend of the marks this overlay shows.
struct DiffPanelLine {
    /// A component's change, as the overlay draws it.
    enum ComponentChange: String, CaseIterable {
        case moved, appeared, vanished
    }

    enum Content {
        case heading(String)
        case note(String)
        case component(ComponentChange, text: String, first: Bool)
        case finding(Diagnostic, introduced: Bool, text: String, first: Bool)
        case legendBefore
        case legendAfter
        case legendComponent(ComponentChange)
        case legendMark(Severity)
    }

    var content: Content
    var y: Double
    var height: Double

    /// The lines for `diff`, with its findings in full; `drawn` lists the changes the overlay draws and
    /// `marks` the severities of the marks on it, for the legend.
    static func layout(
        _ diff: CellDiff, introduced: [Diagnostic], resolved: [Diagnostic], drawn: [ComponentChange],
        marks: [Severity], width: Double
    ) -> [DiffPanelLine] {
        var lines: [DiffPanelLine] = []
        var y = 0.0
        let lineHeight = PictureLayout.panelLineHeight
        let fontSize = PictureLayout.panelFontSize
        func add(_ content: Content, height: Double = lineHeight) {
            lines.append(DiffPanelLine(content: content, y: y, height: height))
            y += height
        }
        func gap() { y += 10 }

        add(.heading("What changed: " + diff.change.rawValue), height: 18)
        let names: [(ComponentChange, [String])] = [
            (.moved, diff.moved), (.appeared, diff.appeared), (.vanished, diff.vanished),
        ]
        for (change, list) in names where !list.isEmpty {
            let text = change.rawValue + " (\(list.count)): " + list.joined(separator: ", ")
            for (position, line) in TextMetrics.wrap(text, into: width - 30, fontSize: fontSize).enumerated() {
                add(.component(change, text: line, first: position == 0))
            }
        }
        if diff.viewportAreaChange != 0 {
            add(
                .note(
                    "viewport area " + (diff.viewportAreaChange > 0 ? "+" : "")
                        + SVGNumber.format(diff.viewportAreaChange) + " pt\u{00B2}"))
        }
        if diff.promptChanged { add(.note("the prompt's frame or its slide changed")) }
        if diff.statusBefore != diff.statusAfter {
            add(.note("status " + diff.statusBefore.rawValue + " \u{2192} " + diff.statusAfter.rawValue))
        }
        if diff.change == .unchanged { add(.note("nothing beyond the tolerance")) }
        for (heading, findings, introduced) in [
            ("Introduced", introduced, true), ("Resolved", resolved, false),
        ] where !findings.isEmpty {
            gap()
            add(.heading(heading + " (\(findings.count))"), height: 18)
            for diagnostic in findings {
                var text = diagnostic.code.rawValue + ": " + diagnostic.message
                if !diagnostic.items.isEmpty { text += " [" + diagnostic.items.joined(separator: ", ") + "]" }
                // The code is set in bold: leave room for its extra width.
                let boldExtra =
                    TextMetrics.width(of: diagnostic.code.rawValue, fontSize: fontSize, bold: true)
                    - TextMetrics.width(of: diagnostic.code.rawValue, fontSize: fontSize)
                let wrapped = TextMetrics.wrap(text, into: width - 14 - boldExtra, fontSize: fontSize)
                for (position, line) in wrapped.enumerated() {
                    add(.finding(diagnostic, introduced: introduced, text: line, first: position == 0))
                }
                y += 3
            }
        }
        gap()
        add(.heading("Legend"), height: 18)
        // Only what this overlay shows, in a fixed order.
        add(.legendAfter, height: 16)
        if drawn.contains(.moved) { add(.legendBefore, height: 16) }
        for change in ComponentChange.allCases where drawn.contains(change) {
            add(.legendComponent(change), height: 16)
        }
        for severity in Severity.allCases.reversed() where marks.contains(severity) {
            add(.legendMark(severity), height: 16)
        }
        return lines
    }
}
