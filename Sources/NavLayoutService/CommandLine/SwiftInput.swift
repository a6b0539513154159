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

    /// The result's diagnostics as swiftc prints its own: `path:line:col: severity: [code] message` at
    /// the code the finding is about (its `source`, else the class), with a note at each other
    /// constraint of a conflicting set; then a count.
    func compilerStyleReport(_ solved: SolvedLayout) -> String {
        let result = solved.result
        let sourceMap = solved.request.delegate.map(DelegateSourceMap.init)
        let classPosition = imported.file.classPosition.description
        var lines: [String] = []
        let ordered = Severity.allCases.reversed().flatMap { severity in
            result.diagnostics.filter { $0.severity == severity }
        }
        for diagnostic in ordered {
            let severity = diagnostic.severity == .info ? "note" : diagnostic.severity.rawValue
            let place = diagnostic.source?.description ?? classPosition
            lines.append("\(place): \(severity): [\(diagnostic.code.rawValue)] \(diagnostic.message)")
            for constraint in diagnostic.conflicting ?? [] {
                // A constraint of the engine's own (the screen, an SDK size) is noted at the class.
                let at =
                    sourceMap?.location(ofConstraint: constraint, state: diagnostic.state, wideMode: result.wideMode)?
                    .description ?? classPosition
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
}
