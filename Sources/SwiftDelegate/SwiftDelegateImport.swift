internal import JSON
internal import NavigationLayout

/// A Swift layout delegate imported as a delegate document: the file read with the compiler's parser,
/// its callbacks run by the interpreter, the document written with a source map, and the document
/// checked by the request decoder (whose errors come back at the Swift lines they concern).
public struct SwiftDelegateImport: Sendable {
    public let file: SwiftDelegateFile
    /// The delegate document (the schema of a request's `delegate`), with its `sourceMap`.
    let document: JSONValue
    /// Findings that did not stop the import, in file order.
    public let warnings: [SwiftImportDiagnostic]

    /// Imports `bytes` as the Swift file at `path`; `className` picks the delegate when the file has
    /// several. Every refusal is an error at its position; nothing partial is returned.
    public static func run(_ bytes: [UInt8], path: String, className: String? = nil) throws(SwiftImportError)
        -> SwiftDelegateImport
    {
        let parsed = try ParsedDelegateFile.parse(bytes, path: path, className: className)
        let narrow = DelegateInterpreter(file: parsed, wideMode: false)
        let narrowLayouts = try interpret(narrow)
        var wide: DelegateInterpreter?
        var wideLayouts: DelegateInterpreter.Layouts?
        if narrow.readsWideMode {
            let interpreter = DelegateInterpreter(file: parsed, wideMode: true)
            wideLayouts = try interpret(interpreter)
            wide = interpreter
        }
        var builder = DelegateDocumentBuilder(
            narrow: narrowLayouts, wide: wideLayouts, narrowCorners: narrow.promptCorners,
            wideCorners: wide?.promptCorners)
        let document = try builder.build()
        try validate(document, file: parsed.summary)
        var warnings = narrow.warnings
        for warning in (wide?.warnings ?? []) + builder.warnings where !warnings.contains(warning) {
            warnings.append(warning)
        }
        warnings.sort { ($0.position.line, $0.position.column) < ($1.position.line, $1.position.column) }
        return SwiftDelegateImport(file: parsed.summary, document: document, warnings: warnings)
    }

    private static func interpret(_ interpreter: DelegateInterpreter) throws(SwiftImportError)
        -> DelegateInterpreter.Layouts
    {
        do throws(InterpretError) {
            return try interpreter.run()
        } catch {
            switch error {
            case .refused(let diagnostic):
                throw SwiftImportError([diagnostic])
            case .nilChain:
                throw SwiftImportError([
                    .init(.error, "a callback ends on nil", at: interpreter.file.summary.classPosition)
                ])
            }
        }
    }

    /// Reads the document as a request's delegate would be read; each problem is reported at the code
    /// that made the part it concerns (the longest source-map path that contains it).
    private static func validate(_ document: JSONValue, file: SwiftDelegateFile) throws(SwiftImportError) {
        do throws(RequestError) {
            _ = try DelegateDocument.decode(from: document)
        } catch {
            var sourceMap: [(path: String, location: String)] = []
            if case .object(let object) = document, case .object(let map)? = object["sourceMap"] {
                for member in map.members {
                    if case .string(let location) = member.value {
                        sourceMap.append(("delegate." + member.key, location))
                    }
                }
            }
            throw SwiftImportError(
                error.issues.map { issue in
                    let owner = sourceMap.filter { entry in
                        issue.path == entry.path || issue.path.hasPrefix(entry.path + ".")
                            || issue.path.hasPrefix(entry.path + "[")
                    }.max { $0.path.count < $1.path.count }
                    let position = owner.flatMap { SwiftSourcePosition(parsing: $0.location) } ?? file.classPosition
                    return SwiftImportDiagnostic(.error, issue.message, at: position)
                })
        }
    }

    /// The delegate document as compact JSON (this module keeps its JSON types to itself, so that
    /// it can be built against the toolchain's libraries without exposing them).
    public var delegateJSON: [UInt8] { JSONWriter(format: .compact).bytes(for: document) }

    /// The import as JSON: `{"className", "delegate", "diagnostics"}`, the form the command line
    /// prints and the service returns; `pretty` for people.
    public func reportJSON(pretty: Bool) -> [UInt8] {
        let report: JSONValue = [
            "className": .string(file.className),
            "delegate": document,
            "diagnostics": .array(warnings.map(\.jsonValue)),
        ]
        return JSONWriter(format: pretty ? .pretty : .compact).bytes(for: report)
    }
}
