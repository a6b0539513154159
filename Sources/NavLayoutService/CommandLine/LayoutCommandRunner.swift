import Foundation
import JSON
import LayoutPicture
import NavigationLayout
import SwiftDelegate

/// Runs the layout commands of the executable on files: the same layout pipeline as the service's
/// routes, without a server or a database.
///
/// Exit status: 0 done, 1 the layout has an error (check, matrix), 2 the input could not be read
/// (missing file, JSON that does not parse, a request that does not decode: each names the path and
/// the position).
public struct LayoutCommandRunner: Sendable {
    public var io: CommandIO
    private let pipeline = LayoutPipeline(clock: EngineClock.nanoseconds)
    private let swiftImports = SwiftImports()

    public init(io: CommandIO = .process) {
        self.io = io
    }

    public func run(_ command: LayoutCommand) -> Int32 {
        do {
            switch command {
            case .solve(let input, let svgOutput, let swift):
                return try solve(input, svgOutput: svgOutput, swift: swift)
            case .check(let input, let swift, let format): return try check(input, swift: swift, format: format)
            case .convert(let input): return try convert(input)
            case .matrix(let input, let devices, let svgOutput, let swift):
                return try matrix(input, devices: devices, svgOutput: svgOutput, swift: swift)
            case .importSwift(let input, let className): return try importSwift(input, className: className)
            case .exportSwift(let input, let className): return try exportSwift(input, className: className)
            case .diff(let before, let after, let options):
                return try diff(before, after, options: options)
            }
        } catch let failure as InputFailure {
            // Positions first, so that editors and CI read compiler-style lines as their own.
            io.standardError((failure.compilerDiagnostics == nil ? "navlayout: " : "") + failure.description + "\n")
            return 2
        } catch {
            io.standardError("navlayout: \(error)\n")
            return 2
        }
    }

    // MARK: Commands

    private func solve(_ input: String, svgOutput: String?, swift: SwiftInputOptions) throws -> Int32 {
        let solved = try solveFile(input, swift: swift).solved
        let (request, result) = (solved.request, solved.result)
        io.standardOutput(String(decoding: result.jsonBytes(format: .pretty), as: UTF8.self) + "\n")
        if let svgOutput {
            let picture = LayoutPicture(request: request, result: result, title: displayName(input))
            try write(SVGRenderer().renderDocument(picture), to: svgOutput)
        }
        return 0
    }

    private func check(_ input: String, swift: SwiftInputOptions, format: CheckReportFormat) throws -> Int32 {
        let (solved, swiftInput) = try solveFile(input, swift: swift)
        let result = solved.result
        let classPosition = swiftInput?.imported.file.classPosition
        let report = CheckReport(
            result: result, file: displayName(input),
            sourceMap: swiftInput == nil ? nil : solved.request.delegate.map(DelegateSourceMap.init),
            fallback: classPosition.map { DiagnosticSource(path: $0.path, line: $0.line, column: $0.column) })
        io.standardOutput(report.render(format))
        return result.diagnostics.contains { $0.severity == .error } ? 1 : 0
    }

    /// The delegate of a request file (or a bare delegate document) as a Swift delegate class.
    private func exportSwift(_ input: String, className: String) throws -> Int32 {
        var document = try withSourceRead(try readDocument(input), input)
        if case .object(let object) = document, let delegate = object["delegate"] { document = delegate }
        guard DelegateDocument.isBare(document) else {
            throw InputFailure(
                path: input, message: "no delegate to export: give a request with a delegate, or a delegate document")
        }
        do throws(SwiftDelegateExport.ExportError) {
            io.standardOutput(
                try SwiftDelegateExport.swift(delegateJSON: JSONWriter().bytes(for: document), className: className))
        } catch {
            throw InputFailure(path: input, message: error.description)
        }
        return 0
    }

    /// The delegate document of a Swift file, with its source map and the import's warnings.
    private func importSwift(_ input: String, className: String?) throws -> Int32 {
        let swiftInput = try readSwift(input, className: className)
        io.standardOutput(String(decoding: swiftInput.imported.reportJSON(pretty: true), as: UTF8.self) + "\n")
        return 0
    }

    private func convert(_ input: String) throws -> Int32 {
        let document = try readDocument(input)
        // A bare settings object, or a request body that carries `settings`.
        var body = document
        if case .object(let object) = document,
            !object.members.contains(where: { LayoutCommandRunner.requestMembers.contains($0.key) })
        {
            body = ["settings": document]
        }
        let converted: ConversionResult
        do throws(RequestError) {
            converted = try ConvertRoute.convert(body)
        } catch {
            throw InputFailure(path: input, error: error)
        }
        io.standardOutput(JSONWriter(format: .pretty).string(for: converted.jsonValue) + "\n")
        return 0
    }

    private func matrix(_ input: String, devices: [String]?, svgOutput: String?, swift: SwiftInputOptions) throws
        -> Int32
    {
        let solved = try solveMatrix(input, devices: devices, swift: swift)
        let report = solved.report
        io.standardOutput(JSONWriter(format: .pretty).string(for: report.jsonValue) + "\n")
        if let svgOutput {
            let pictures = zip(report.rows, solved.results).map { row, result in
                LayoutPicture(request: row.cell.request, result: result)
            }
            let sheet = MatrixContactSheet().render(
                report, pictures: pictures, title: "Device matrix: \(displayName(input))")
            try write(sheet, to: svgOutput)
        }
        return report.count(.error) > 0 ? 1 : 0
    }

    /// Both sides across the same selection, compared cell by cell, written in the chosen form (and
    /// drawn with `--svg`). Exit 1 when a cell reaches the `--fail-on` level: a regression to an
    /// error, any regression, or any change.
    private func diff(_ beforeInput: String, _ afterInput: String, options: DiffOptions) throws -> Int32 {
        let before = try solveMatrix(beforeInput, devices: options.devices, selectingAll: true)
        let after = try solveMatrix(afterInput, devices: options.devices, selectingAll: true)
        let report: MatrixDiff
        do throws(RequestError) {
            report = try MatrixDiff(before: before, after: after, tolerance: options.tolerance)
        } catch {
            throw InputFailure(path: afterInput, error: error)
        }
        let context = DiffReportContext(
            before: displayName(beforeInput), after: displayName(afterInput),
            pictureLink: options.svgOutput ?? DiffReportContext().pictureLink,
            afterArtifact: afterInput == LayoutCommand.standardInput || StoredDiffSide.isStored(afterInput)
                ? nil : afterInput)
        io.standardOutput(options.format.render(report, context: context))
        if let svgOutput = options.svgOutput {
            let sheet = DiffContactSheet().render(
                before: before, after: after, diff: report,
                title: "Layout diff: \(context.before) → \(context.after)")
            try write(sheet, to: svgOutput)
        }
        return report.fails(on: options.failOn) ? 1 : 0
    }

    /// The request in `input` across the device matrix: its own `matrix` selection, with `devices`
    /// in place of its devices when given; with `selectingAll`, every preset when it has none.
    /// A bare delegate document stands for the request made of it alone.
    private func solveMatrix(
        _ input: String, devices: [String]?, selectingAll: Bool = false, swift: SwiftInputOptions? = nil
    ) throws -> SolvedMatrix {
        var document: JSONValue
        var selectingAll = selectingAll
        if SwiftInput.isSwift(input) {
            document = try readSwift(input, className: swift?.className).request(swift ?? SwiftInputOptions())
            selectingAll = true
        } else {
            document = try withSourceRead(try readDocument(input), input)
        }
        try rejectProfile(document, input)
        if selectingAll, DelegateDocument.isBare(document) { document = ["delegate": document] }
        if case .object(var object) = document, devices != nil || (selectingAll && object["matrix"] == nil) {
            var selection = JSONObject()
            if case .object(let given)? = object["matrix"] { selection = given }
            if let devices { selection["devices"] = .array(devices.map(JSONValue.string)) }
            object["matrix"] = .object(selection)
            document = .object(object)
        }
        do throws(RequestError) {
            return try pipeline.matrix(try LayoutBody(document: document))
        } catch {
            throw InputFailure(path: input, error: error)
        }
    }

    // MARK: Input

    static let requestMembers: Set<String> = ["screen", "state", "settings", "style", "delegate", "profile"]

    private func readDocument(_ input: String) throws -> JSONValue {
        let bytes: [UInt8]
        do {
            bytes = try io.read(input)
        } catch {
            throw InputFailure(path: input, message: "cannot read: \(Self.reason(error))")
        }
        do throws(JSONParseError) {
            return try JSONParser().parse(bytes)
        } catch {
            throw InputFailure(
                path: input,
                error: RequestError(issues: [
                    RequestError.Issue(path: "", message: error.message, line: error.line, column: error.column)
                ]))
        }
    }

    /// A Swift delegate file, imported; its warnings go to standard error as swiftc prints them.
    private func readSwift(_ input: String, className: String?) throws -> SwiftInput {
        let bytes: [UInt8]
        do {
            bytes = try io.read(input)
        } catch {
            throw InputFailure(path: input, message: "cannot read: \(Self.reason(error))")
        }
        let swiftInput = try SwiftInput(bytes, path: input, className: className)
        io.standardError(swiftInput.warningLines)
        return swiftInput
    }

    /// The request in `input` (or the Swift delegate file, on the screen and state `swift` names)
    /// through the layout pipeline.
    private func solveFile(_ input: String, swift: SwiftInputOptions = SwiftInputOptions()) throws
        -> (solved: SolvedLayout, swift: SwiftInput?)
    {
        var swiftInput: SwiftInput?
        let document: JSONValue
        if SwiftInput.isSwift(input) {
            let imported = try readSwift(input, className: swift.className)
            document = imported.request(swift)
            swiftInput = imported
        } else {
            document = try withSourceRead(try readDocument(input), input)
        }
        try rejectProfile(document, input)
        do throws(RequestError) {
            return (try pipeline.solve(try LayoutBody(document: document)), swiftInput)
        } catch {
            throw InputFailure(path: input, error: error)
        }
    }

    /// A request file that carries the app's Swift (`delegateSource`) with the delegate read from it.
    private func withSourceRead(_ document: JSONValue, _ input: String) throws -> JSONValue {
        do throws(RequestError) {
            return try swiftImports.resolve(document)
        } catch {
            throw InputFailure(path: input, error: error)
        }
    }

    /// Profiles are stored by the service; a file has to carry the whole request.
    private func rejectProfile(_ document: JSONValue, _ input: String) throws {
        if case .object(let object) = document, object["profile"] != nil {
            throw InputFailure(
                path: input,
                error: RequestError(
                    path: "profile",
                    message:
                        "profiles are stored by the service (POST /v1/layouts); the command line needs the whole request"
                ))
        }
    }

    private func write(_ text: String, to path: String) throws {
        do {
            try io.writeFile(path, Array(text.utf8))
        } catch {
            throw InputFailure(path: path, message: "cannot write: \(Self.reason(error))")
        }
    }

    private func displayName(_ input: String) -> String {
        input == LayoutCommand.standardInput ? "standard input" : input
    }

    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
            return "no such file"
        }
        return nsError.localizedDescription
    }
}

/// An input that could not be used: the file and every problem with its JSON path and position.
struct InputFailure: Error, CustomStringConvertible {
    var path: String
    var lines: [String]
    /// Lines that carry their own positions (`path:line:col: error: ...`), printed as they are.
    var compilerDiagnostics: [String]?

    init(compilerDiagnostics: [String]) {
        path = ""
        lines = []
        self.compilerDiagnostics = compilerDiagnostics
    }

    init(path: String, message: String) {
        self.path = path
        lines = [message]
    }

    init(path: String, error: RequestError) {
        self.path = path
        lines = error.issues.map(\.description)
    }

    var description: String {
        if let compilerDiagnostics { return compilerDiagnostics.joined(separator: "\n") }
        let name = path == LayoutCommand.standardInput ? "standard input" : path
        return lines.count == 1
            ? "\(name): \(lines[0])" : "\(name):\n" + lines.map { "  " + $0 }.joined(separator: "\n")
    }
}
