import JSON
import NavigationLayout
import SwiftDelegate

/// A Swift delegate file where the commands take a request: the delegate imported, placed on the
/// screen and in the state the options name, and the result's diagnostics printed at the Swift lines
/// that made the constraints and views they concern, the way swiftc prints its own.
struct SwiftInput {
    let imported: SwiftDelegateImport
    let delegate: JSONValue

    static func isSwift(_ path: String) -> Bool { path.hasSuffix(".swift") }

    /// Imports `bytes` as the file at `path`; a file it cannot read fails with its compiler-style errors.
    init(_ bytes: [UInt8], path: String, className: String?) throws {
        do throws(SwiftImportError) {
            imported = try SwiftDelegateImport.run(bytes, path: path, className: className)
        } catch {
            throw InputFailure(compilerDiagnostics: error.diagnostics.map(\.description))
        }
        delegate = try JSONParser().parse(imported.delegateJSON)
    }

    /// The import's warnings, one per line as swiftc prints them.
    var warningLines: String {
        imported.warnings.map { $0.description + "\n" }.joined()
    }

    /// The request: the delegate on the options' screen and state.
    func request(_ options: SwiftInputOptions) -> JSONValue {
        let direction: LayoutDirection = options.rightToLeft ? .rightToLeft : .leftToRight
        var screen: Screen
        if let size = options.screen {
            screen = Screen(width: size.width, height: size.height, layoutDirection: direction)
        } else {
            let preset = options.device.flatMap(DeviceCatalog.preset(id:)) ?? DeviceCatalog.presets[0]
            let metrics = options.orientation == .portrait ? preset.portrait : preset.landscape
            screen = metrics.screen(direction: direction)
        }
        var state = JSONObject()
        state["navigation"] = .string(options.state == .ready ? "ready" : "guidance")
        if options.state == .prompt { state["prompt"] = ["kind": "incident"] }
        return ["screen": screen.jsonValue, "state": .object(state), "delegate": delegate]
    }

    // MARK: Diagnostics at their lines

    /// The result's diagnostics as swiftc prints its own: `path:line:col: severity: [code] message`,
    /// at the code that made the constraint (or else the first view) the finding concerns, with a
    /// note at each constraint of a conflicting set; then a count.
    func compilerStyleReport(_ result: LayoutResult) -> String {
        var lines: [String] = []
        let ordered = Severity.allCases.reversed().flatMap { severity in
            result.diagnostics.filter { $0.severity == severity }
        }
        for diagnostic in ordered {
            let severity = diagnostic.severity == .info ? "note" : diagnostic.severity.rawValue
            let place = location(of: diagnostic, wide: result.wideMode)
            lines.append("\(place): \(severity): [\(diagnostic.code.rawValue)] \(diagnostic.message)")
            for constraint in diagnostic.conflicting ?? [] {
                // A constraint of the engine's own (the screen, an SDK size) is noted at the class.
                let at =
                    constraintLocation(constraint, state: diagnostic.state, wide: result.wideMode)
                    ?? imported.file.classPosition.description
                lines.append("\(at): note: conflicts with \(constraint)")
            }
        }
        let errors = result.diagnostics.filter { $0.severity == .error }.count
        let warnings = result.diagnostics.filter { $0.severity == .warning }.count
        lines.append(
            "\(imported.file.path): \(result.mode.rawValue) layout, \(result.navigation.rawValue)"
                + (result.wideMode ? ", wide mode" : "") + ": \(errors) error(s), \(warnings) warning(s)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The constraint's line; else where the first item the finding names was made or added in
    /// the diagnostic's state; else the class.
    private func location(of diagnostic: Diagnostic, wide: Bool) -> String {
        if let constraint = diagnostic.constraint,
            let place = constraintLocation(constraint, state: diagnostic.state, wide: wide)
        {
            return place
        }
        let map = sourceMap
        let states = (wide ? ["wide." + diagnostic.state] : []) + [diagnostic.state]
        for item in diagnostic.items {
            for key in ["views." + item, "stacks." + item] {
                if let place = map[key] { return place }
            }
            for state in states {
                let views = lookUp(state)?.objectValue?["views"]?.arrayValue ?? []
                if let index = views.firstIndex(of: .string(item)), let place = map["\(state).views[\(index)]"] {
                    return place
                }
            }
        }
        return imported.file.classPosition.description
    }

    /// The member at a dotted path of the delegate document (`wide.guidance`).
    private func lookUp(_ path: String) -> JSONValue? {
        var value: JSONValue? = delegate
        for key in path.split(separator: ".") { value = value?.objectValue?[String(key)] }
        return value
    }

    private var sourceMap: [String: String] {
        guard case .object(let object) = delegate, case .object(let map)? = object["sourceMap"] else { return [:] }
        var entries: [String: String] = [:]
        for member in map.members { entries[member.key] = member.value.stringValue }
        return entries
    }

    /// Where the constraint written `text` was made: searched in the lists of its state (the wide
    /// variant first when wide), then in `shared`.
    private func constraintLocation(_ text: String, state: String, wide: Bool) -> String? {
        var lists: [String] = []
        let states = state == "ready" ? ["ready"] : ["prompt", "guidance"]
        if wide { lists += states.map { "wide." + $0 } }
        lists += states + ["shared"]
        let map = sourceMap
        for list in lists {
            let container = lookUp(list)
            let constraints: [JSONValue]
            var prefix = list
            if list == "shared" {
                constraints = container?.arrayValue ?? []
            } else {
                constraints = container?.objectValue?["constraints"]?.arrayValue ?? []
                prefix += ".constraints"
            }
            for (index, constraint) in constraints.enumerated() where constraint.stringValue == text {
                if let place = map["\(prefix)[\(index)]"] { return place }
            }
        }
        return nil
    }
}
