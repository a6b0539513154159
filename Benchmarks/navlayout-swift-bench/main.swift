// Swift delegates: what a layout request that carries the app's Swift (`delegateSource`) costs once
// its source has been seen, next to the same request with the delegate as JSON (as import-swift
// prints it, source map included), both measured back to back in each repetition; and what a cold
// import of the file costs (parse, interpret, write, check), next to its peer in the same run: the
// toolchain's SwiftParser alone parsing the same bytes, a floor no import of the file goes below.
//
//     swift run -c release navlayout-swift-bench [--repetitions R] [FILE.swift]
//     navlayout-swift-bench --profile import|parse|request COUNT [FILE.swift]
//     navlayout-swift-bench --hazards [--repetitions R]
//
// Each request goes the way POST /v1/layouts?record=false serves it: the body parsed, its source
// resolved (`SwiftImports.resolveBody`, a no-op for the JSON body), the layout solved by a pipeline
// that has seen it, and the answer's bytes written. FILE defaults to the SDK documentation's
// BasicLayoutDelegate; the screen and state are seed-delegate-prompt.json's (guidance, a prompt shown).
//
// --profile runs one stage COUNT times after a warm-up, for the instruction and allocation budgets of
// scripts/check-budgets.sh: `import` a cold import, `parse` the toolchain's parser alone on the same
// bytes (what the import costs beyond it is ours), `request` the Swift request once seen.
//
// --hazards imports each shape of source the parser recursed on without bound at the largest size the
// importer reads, and prints its time and the most stack it takes (see ParserHazardBench.swift).
import BenchmarkSupport
import Foundation
import JSON
import NavLayoutService
import NavigationLayout
import SwiftDelegate
import SwiftParser

let usage = """
    usage: navlayout-swift-bench [--repetitions R] [FILE.swift]
           navlayout-swift-bench --profile import|parse|request COUNT [FILE.swift]
           navlayout-swift-bench --hazards [--repetitions R]
    """
var repetitions = 21
var file = "Tests/Fixtures/swift/BasicLayoutDelegate.swift"
var profile: ProfileRequest?
var hazards = false
var reader = OptionReader(CommandLine.arguments, usage: usage)
while let option = reader.nextOption() {
    switch option {
    case "--repetitions": repetitions = reader.positiveInteger()
    case "--profile": profile = reader.profile(stages: ["import", "parse", "request"])
    case "--hazards": hazards = true
    default:
        if option.hasPrefix("--") { reader.fail() }
        file = option
    }
}
if hazards {
    ParserHazardBench.run(repetitions: repetitions)
    exit(0)
}

guard let sourceData = FileManager.default.contents(atPath: file),
    let requestData = FileManager.default.contents(atPath: "Tests/Fixtures/seed-delegate-prompt.json"),
    case .object(var base)? = try? JSONParser().parse(Array(requestData))
else {
    print("cannot read \(file) or Tests/Fixtures/seed-delegate-prompt.json")
    exit(2)
}
let source = String(decoding: sourceData, as: UTF8.self)
let imported: SwiftDelegateImport
do {
    imported = try SwiftDelegateImport.run(Array(sourceData), path: "App/NavLayout.swift")
} catch {
    print("\(file) does not import:\n\(error)")
    exit(2)
}
base["delegate"] = nil
var swiftRequest = base
swiftRequest["delegateSource"] = ["swift": .string(source), "path": "App/NavLayout.swift"]
var jsonRequest = base
jsonRequest["delegate"] = try JSONParser().parse(imported.delegateJSON)
let swiftBody = JSONWriter().bytes(for: .object(swiftRequest))
let jsonBody = JSONWriter().bytes(for: .object(jsonRequest))

let imports = SwiftImports()
let pipeline = LayoutPipeline(clock: { 0 })

/// One request as the route serves it; the answer's byte count.
func served(_ bytes: [UInt8]) -> Int {
    guard let document = try? JSONParser().parse(bytes),
        let (stored, resolved) = try? imports.resolveBody(bytes: bytes, document: document),
        let body = try? LayoutBody(bytes: stored, document: resolved),
        let solved = try? pipeline.solve(body)
    else { return 0 }
    return solved.resultBytes().count
}

guard served(swiftBody) > 0, served(jsonBody) > 0, served(swiftBody) == served(jsonBody) else {
    print("the Swift and JSON requests do not solve to answers of the same size")
    exit(1)
}
func coldImport() -> Int {
    (try? SwiftDelegateImport.run(Array(sourceData), path: "App/NavLayout.swift"))?.warnings.count ?? 1
}
func parseAlone() -> Int {
    Array(sourceData).withUnsafeBufferPointer { Parser.parse(source: $0).statements.count }
}
if let profile {
    switch profile.stage {
    case "import": profile.run { coldImport() }
    case "parse": profile.run { parseAlone() }
    default: profile.run { served(swiftBody) }
    }
    exit(0)
}
let swiftMicros = medianMicroseconds(repetitions: repetitions) { served(swiftBody) }
let jsonMicros = medianMicroseconds(repetitions: repetitions) { served(jsonBody) }
let ratio = medianRatio(repetitions: repetitions, { served(swiftBody) }, over: { served(jsonBody) })
let cold = medianMicroseconds(repetitions: repetitions) { coldImport() }
let parse = medianMicroseconds(repetitions: repetitions) { parseAlone() }
let coldOverParse = medianRatio(repetitions: repetitions, { coldImport() }, over: { parseAlone() })
print(
    "\(file): \(sourceData.count) bytes of Swift; bodies \(swiftBody.count) (Swift) and \(jsonBody.count) (JSON) bytes")
print(String(format: "request with the Swift source, seen before  %9.2f µs", swiftMicros))
print(String(format: "same request with the delegate as JSON      %9.2f µs", jsonMicros))
print(String(format: "Swift / JSON, paired median                 %9.3f x", ratio))
print(String(format: "cold import of the file                     %9.2f µs", cold))
print(String(format: "the toolchain's SwiftParser alone, same file %8.2f µs", parse))
print(String(format: "cold import / parser alone, paired median   %9.3f x", coldOverParse))
