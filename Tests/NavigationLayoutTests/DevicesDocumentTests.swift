import Foundation
import NavigationLayout
import Testing

/// DEVICES.md is written by hand; these tests hold its tables to `DeviceCatalog`, so a figure changed
/// in one and not the other fails here.
@Suite("DEVICES.md")
struct DevicesDocumentTests {
    @Test("DEVICES.md lists exactly the catalog's presets, in catalog order")
    func listsEveryPresetInOrder() throws {
        let document = try DevicesDocument.read()
        let iPhones = try document.table(in: "iPhone").map { try $0.cell(0) }
        let iPads = try document.table(in: "iPad").map { try $0.cell(0) }
        #expect(iPhones + iPads == DeviceCatalog.presets.map(\.id))
        #expect(iPhones == DeviceCatalog.presets.filter { $0.family == .iPhone }.map(\.id))
        #expect(iPads == DeviceCatalog.presets.filter { $0.family == .iPad }.map(\.id))
    }

    @Test("each iPhone row holds the preset's name, portrait size and insets in both orientations")
    func iPhoneRowsMatchTheCatalog() throws {
        let rows = try DevicesDocument.read().table(in: "iPhone")
        try #require(!rows.isEmpty)
        for row in rows {
            let id = try row.cell(0)
            let preset = try #require(DeviceCatalog.preset(id: id), "DEVICES.md lists \(id), the catalog does not")
            #expect(preset.family == .iPhone, "\(id)")
            #expect(try row.cell(1) == preset.name, "\(id): name")
            #expect(try row.numbers(2, separator: " x ") == [preset.portrait.width, preset.portrait.height], "\(id)")
            let portrait = preset.portrait.safeArea
            #expect(try row.numbers(3, separator: " / ") == [portrait.top, portrait.bottom], "\(id): portrait insets")
            // The table leaves out what it states for every iPhone: no side insets in portrait, no top
            // inset in landscape.
            #expect(portrait.left == 0 && portrait.right == 0, "\(id): portrait side insets")
            let landscape = preset.landscape.safeArea
            #expect(
                try row.numbers(4, separator: " / ") == [landscape.left, landscape.right, landscape.bottom],
                "\(id): landscape insets")
            #expect(landscape.top == 0, "\(id): landscape top inset")
            #expect(
                preset.landscape.width == preset.portrait.height && preset.landscape.height == preset.portrait.width,
                "\(id): landscape is the portrait screen turned a quarter")
            #expect(try row.cell(5).contains("**derived**") == preset.derived, "\(id): derived mark")
        }
    }

    @Test("each iPad row holds the preset's name and portrait size, and the stated insets are every iPad's")
    func iPadRowsMatchTheCatalog() throws {
        let document = try DevicesDocument.read()
        let rows = try document.table(in: "iPad")
        try #require(!rows.isEmpty)
        let stated = try document.iPadInsets()
        for row in rows {
            let id = try row.cell(0)
            let preset = try #require(DeviceCatalog.preset(id: id), "DEVICES.md lists \(id), the catalog does not")
            #expect(preset.family == .iPad, "\(id)")
            #expect(try row.cell(1) == preset.name, "\(id): name")
            #expect(try row.numbers(2, separator: " x ") == [preset.portrait.width, preset.portrait.height], "\(id)")
            #expect(preset.portrait.safeArea == stated, "\(id): portrait insets")
            #expect(preset.landscape.safeArea == stated, "\(id): landscape insets")
            #expect(!preset.derived, "\(id): DEVICES.md marks no iPad as derived")
        }
    }

    @Test("the multitasking table holds every iPad window's id, width and height")
    func multitaskingTableMatchesTheCatalog() throws {
        let document = try DevicesDocument.read()
        let section = "iPad multitasking windows (all **derived**)"
        let rows = try document.table(in: section)
        #expect(rows.map { (try? $0.cell(0)) ?? "" } == DeviceCatalog.presets.filter { $0.family == .iPad }.map(\.id))
        let suffixes = document.splitSuffixes(in: section)
        for row in rows {
            let id = try row.cell(0)
            let preset = try #require(DeviceCatalog.preset(id: id), "DEVICES.md lists \(id), the catalog does not")
            #expect(try row.number(1) == preset.landscape.width, "\(id): landscape width")
            let widths = try (2...5).map { try row.number($0) }
            #expect(widths == preset.splitViews.map(\.metrics.width), "\(id): window widths")
            for window in preset.splitViews {
                #expect(try row.number(6) == window.metrics.height, "\(window.id): height")
                let stated = EdgeInsets(
                    top: preset.landscape.safeArea.top, bottom: preset.landscape.safeArea.bottom, left: 0, right: 0)
                #expect(window.metrics.safeArea == stated, "\(window.id): insets")
            }
            #expect(preset.splitViews.map(\.id) == suffixes.map { id + $0 }, "\(id): window ids")
        }
    }
}

/// DEVICES.md read into its sections and tables.
private struct DevicesDocument {
    struct Row {
        let cells: [String]

        func cell(_ index: Int) throws -> String {
            try #require(index < cells.count, "the row \(cells) has no column \(index)")
            return cells[index]
        }

        /// A cell holding one number, such as `1133`.
        func number(_ index: Int) throws -> Double {
            let text = try cell(index)
            return try #require(Double(text), "'\(text)' is not a number")
        }

        /// A cell holding numbers between separators, such as `375 x 667` or `50 / 50 / 21`.
        func numbers(_ index: Int, separator: String) throws -> [Double] {
            let text = try cell(index)
            return try text.components(separatedBy: separator).map { part in
                let trimmed = part.trimmingCharacters(in: .whitespaces)
                return try #require(Double(trimmed), "'\(trimmed)' in '\(text)' is not a number")
            }
        }
    }

    /// The lines under each `## ` heading, by heading.
    let sections: [String: [String]]

    static func read() throws -> DevicesDocument {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("DEVICES.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var sections: [String: [String]] = [:]
        var heading = ""
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("## ") {
                heading = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                sections[heading] = []
            } else {
                sections[heading, default: []].append(line)
            }
        }
        return DevicesDocument(sections: sections)
    }

    func lines(in heading: String) throws -> [String] {
        try #require(sections[heading], "DEVICES.md has no section '## \(heading)'")
    }

    /// The body rows of the first table under `heading` (its header and separator rows left out).
    func table(in heading: String) throws -> [Row] {
        let tableLines = try lines(in: heading).drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        try #require(tableLines.count >= 2, "the section '## \(heading)' has no table")
        return tableLines.dropFirst(2).map { line in
            var cells = line.components(separatedBy: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            cells.removeFirst()
            if cells.last == "" { cells.removeLast() }
            return Row(cells: cells)
        }
    }

    /// The insets the iPad section states for every iPad: "top 24 (...), bottom 20 (...), left and right 0".
    func iPadInsets() throws -> EdgeInsets {
        let prose = try lines(in: "iPad").prefix { !$0.hasPrefix("|") }.joined(separator: " ")
        func number(after phrase: String) throws -> Double {
            let range = try #require(prose.range(of: phrase + " "), "the iPad section does not state '\(phrase)'")
            let digits = prose[range.upperBound...].prefix { $0.isNumber || $0 == "." }
            return try #require(Double(String(digits)), "no number after '\(phrase)' in the iPad section")
        }
        let top = try number(after: "top")
        let bottom = try number(after: "bottom")
        let sides = try number(after: "left and right")
        return EdgeInsets(top: top, bottom: bottom, left: sides, right: sides)
    }

    /// The window id suffixes the section names, in its order: `.split-one-third`, `.split-half`, ...
    func splitSuffixes(in heading: String) -> [String] {
        let prose = ((try? lines(in: heading)) ?? []).prefix { !$0.hasPrefix("|") }.joined(separator: " ")
        var suffixes: [String] = []
        var rest = Substring(prose)
        while let start = rest.range(of: ".split-") {
            let name = rest[start.upperBound...].prefix { $0.isLetter || $0 == "-" }
            suffixes.append(".split-" + name)
            rest = rest[start.upperBound...]
        }
        return suffixes
    }
}
