import JSON
import NavigationLayout

/// A layout diff as a SARIF log (`SARIFLog`): one result per diagnostic a change introduced, located
/// in the after document when it is a file and logically in the cell and the components it names.
struct SARIFDiffReport {
    var diff: MatrixDiff
    var context: DiffReportContext

    var text: String {
        JSONWriter(format: .pretty).string(for: jsonValue) + "\n"
    }

    var jsonValue: JSONValue {
        // Rules in the order of the codes' declaration, only those a result uses.
        var used = Set<DiagnosticCode>()
        for cell in diff.cells {
            for diagnostic in cell.diff.introducedDiagnostics { used.insert(diagnostic.code) }
        }
        var log = SARIFLog(rules: DiagnosticCode.allCases.filter(used.contains))
        log.run["automationDetails"] = [
            "description": ["text": .string("navlayout diff \(context.before) → \(context.after)")]
        ]
        for cell in diff.cells.sorted(by: { $0.index < $1.index }) {
            for diagnostic in cell.diff.introducedDiagnostics {
                log.results.append(result(diagnostic, cell: cell, in: log))
            }
        }
        return log.jsonValue
    }

    func result(_ diagnostic: Diagnostic, cell: MatrixDiff.Cell, in log: SARIFLog) -> JSONValue {
        var location = JSONObject()
        if let artifact = context.afterArtifact {
            location["physicalLocation"] = ["artifactLocation": ["uri": .string(artifact)]]
        }
        location["logicalLocations"] = .array(
            [["name": .string(cell.key), "kind": "module"]]
                + diagnostic.items.map {
                    ["name": .string($0), "fullyQualifiedName": .string(cell.key + "/" + $0), "kind": "member"]
                })
        var properties = JSONObject()
        properties["cell"] = .string(cell.key)
        for member in SARIFLog.properties(of: diagnostic).members { properties[member.key] = member.value }
        var result = log.result(for: diagnostic, message: "\(cell.key): \(diagnostic.message)")
        result["locations"] = [.object(location)]
        result["partialFingerprints"] = [
            "navlayoutFinding/v1": .string(
                cell.key + "|" + ([diagnostic.code.rawValue] + diagnostic.items).joined(separator: "|"))
        ]
        result["properties"] = .object(properties)
        return .object(result)
    }
}
