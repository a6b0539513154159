import JSON
import NavigationLayout
import SwiftDelegate

/// A Swift delegate file where the commands take a request: the delegate imported and placed on the
/// screen and in the state the options name (`CheckReport` prints the findings at its lines).
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
}
