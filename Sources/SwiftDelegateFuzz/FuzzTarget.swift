import JSON
import SwiftDelegate

/// One fuzz input: the bytes as a Swift delegate file. Anything may be refused; nothing may crash,
/// hang or trip the address sanitizer. A refusal names at least one error, each at a line and column
/// of the file; an import is complete (its report parses as JSON) and repeatable (importing the same
/// bytes again writes the same document).
@_cdecl("LLVMFuzzerTestOneInput")
public func swiftDelegateFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let imported = try SwiftDelegateImport.run(bytes, path: "Fuzz.swift")
        guard (try? JSONParser().parse(imported.reportJSON(pretty: false))) != nil else {
            fatalError("an import's report is not JSON")
        }
        guard let again = try? SwiftDelegateImport.run(bytes, path: "Fuzz.swift"),
            again.delegateJSON == imported.delegateJSON
        else {
            fatalError("importing the same bytes twice wrote two documents")
        }
    } catch {
        guard !error.diagnostics.isEmpty else { fatalError("a refusal without an error") }
        for diagnostic in error.diagnostics where diagnostic.position.line < 1 || diagnostic.position.column < 1 {
            fatalError("an error at \(diagnostic.position), outside the file")
        }
    }
    return 0
}
