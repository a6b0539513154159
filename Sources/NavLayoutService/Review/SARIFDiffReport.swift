import JSON
import NavigationLayout

/// A layout diff as SARIF 2.1.0, the form code review tools annotate changes with: one result per
/// diagnostic a change introduced, its rule the diagnostic code (with the SDK rule it enforces), its
/// level the severity, located in the after document when it is a file and logically in the cell and
/// the components it names.
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
        let rules = DiagnosticCode.allCases.filter(used.contains)
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        var results: [JSONValue] = []
        for cell in diff.cells.sorted(by: { $0.index < $1.index }) {
            for diagnostic in cell.diff.introducedDiagnostics {
                results.append(result(diagnostic, cell: cell, ruleIndex: ruleIndex[diagnostic.code] ?? 0))
            }
        }
        let driver: JSONValue = [
            "name": "navlayout",
            "rules": .array(rules.map(Self.rule)),
        ]
        return [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                [
                    "tool": ["driver": driver],
                    "automationDetails": [
                        "description": ["text": .string("navlayout diff \(context.before) → \(context.after)")]
                    ],
                    "results": .array(results),
                ]
            ],
        ]
    }

    static func rule(_ code: DiagnosticCode) -> JSONValue {
        [
            "id": .string(code.rawValue),
            "shortDescription": ["text": .string(code.reference)],
            "fullDescription": ["text": .string(code.rule)],
            "defaultConfiguration": ["level": .string(level(code.severity))],
        ]
    }

    func result(_ diagnostic: Diagnostic, cell: MatrixDiff.Cell, ruleIndex: Int) -> JSONValue {
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
        properties["items"] = .array(diagnostic.items.map(JSONValue.string))
        properties["state"] = .string(diagnostic.state)
        if let constraint = diagnostic.constraint { properties["constraint"] = .string(constraint) }
        return [
            "ruleId": .string(diagnostic.code.rawValue),
            "ruleIndex": .number(Double(ruleIndex)),
            "level": .string(Self.level(diagnostic.severity)),
            "message": ["text": .string("\(cell.key): \(diagnostic.message)")],
            "locations": [.object(location)],
            "partialFingerprints": [
                "navlayoutFinding/v1": .string(
                    cell.key + "|" + ([diagnostic.code.rawValue] + diagnostic.items).joined(separator: "|"))
            ],
            "properties": .object(properties),
        ]
    }

    /// SARIF's levels: info is a note.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }
}
