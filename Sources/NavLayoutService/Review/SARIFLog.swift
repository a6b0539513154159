import JSON
import NavigationLayout

/// A SARIF 2.1.0 log of one navlayout run, the form code review tools and editors annotate code
/// with: the envelope, the tool with a rule per diagnostic code (its SDK rule, its default level),
/// and the results a report makes of its findings. `navlayout check` and `navlayout diff` both write
/// theirs through it.
struct SARIFLog {
    /// The rules the log declares, in this order; a result names its rule by index into them.
    var rules: [DiagnosticCode]
    var results: [JSONValue] = []
    /// Members of the run beside its tool and results (artifacts, automation details).
    var run = JSONObject()

    init(rules: [DiagnosticCode]) {
        self.rules = rules
    }

    /// The index of `code` among the log's rules.
    func ruleIndex(of code: DiagnosticCode) -> Int {
        rules.firstIndex(of: code) ?? 0
    }

    /// A result's members every report writes alike: the rule, its index, the level and the message.
    func result(for diagnostic: Diagnostic, message: String) -> JSONObject {
        var result = JSONObject()
        result["ruleId"] = .string(diagnostic.code.rawValue)
        result["ruleIndex"] = .number(Double(ruleIndex(of: diagnostic.code)))
        result["level"] = .string(Self.level(diagnostic.severity))
        result["message"] = ["text": .string(message)]
        return result
    }

    /// The properties every result carries: the state, the components named and the constraint.
    static func properties(of diagnostic: Diagnostic) -> JSONObject {
        var properties = JSONObject()
        properties["state"] = .string(diagnostic.state)
        properties["items"] = .array(diagnostic.items.map(JSONValue.string))
        if let constraint = diagnostic.constraint { properties["constraint"] = .string(constraint) }
        return properties
    }

    var jsonValue: JSONValue {
        let driver: JSONValue = [
            "name": "navlayout",
            "informationUri": "https://developers.google.com/maps/documentation/navigation/ios-sdk",
            "rules": .array(rules.map(Self.rule)),
        ]
        var run = JSONObject()
        run["tool"] = ["driver": driver]
        for member in self.run.members { run[member.key] = member.value }
        run["results"] = .array(results)
        return [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [.object(run)],
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

    /// SARIF's levels: info is a note.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }
}
