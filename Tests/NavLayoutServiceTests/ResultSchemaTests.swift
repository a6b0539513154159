import Foundation
import JSON
import NavigationLayout
import Testing

@testable import NavLayoutService

/// The result schema is written three times: the tree (`LayoutResult.jsonValue`), the wire writer
/// (`LayoutResult+CompactJSON`) and the served OpenAPI document (`OpenAPILayoutSchemas`). These tests
/// hold the three to one another, member for member, on every example the fixtures make.
@Suite("One result schema: the tree, the wire bytes and the OpenAPI document agree")
struct ResultSchemaTests {
    /// Every request fixture, plus variants that reach the members the fixtures leave out.
    static func examples() throws -> [(name: String, value: JSONValue)] {
        let folder = Fixtures.folder
        var names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        names += try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("engine").path)
            .filter { $0.hasSuffix(".json") }.sorted().map { "engine/" + $0 }
        var examples: [(String, JSONValue)] = []
        for name in names {
            let request = try LayoutRequest.decode(from: try Fixtures.bytes(name))
            var result = LayoutEngine.solve(request)
            result.solveMicros = 7
            result.id = "01jd0000000000000000000000"
            examples.append((name, try wire(result)))
        }
        guard case .object(var builtIn) = try JSONParser().parse(try Fixtures.bytes("builtin-guidance.json")),
            case .object(var settings)? = builtIn["settings"]
        else { throw Fixtures.FixtureError(name: "builtin-guidance.json") }
        settings["navigationHeaderPrimaryBackgroundColor"] = "#112233"
        settings["navigationHeaderSecondaryBackgroundColor"] = "#445566"
        builtIn["settings"] = .object(settings)
        examples.append(
            ("header colours", try wire(LayoutEngine.solve(try LayoutRequest.decode(from: .object(builtIn))))))
        // A delegate read from Swift: its findings carry their source.
        let fromSwift: JSONValue = [
            "screen": ["width": 393, "height": 852], "state": ["navigation": "ready"],
            "delegate": [
                "ready": ["views": ["viewport", "googleLogo"], "constraints": ["viewport.left == map.left"]],
                "sourceMap": ["ready.constraints[0]": "App/Layout.swift:12:7"],
            ],
        ]
        examples.append(("from Swift", try wire(LayoutEngine.solve(try LayoutRequest.decode(from: fromSwift)))))
        return examples + (try scenarioSteps())
    }

    /// The wire bytes of a result, after checking that they are exactly the tree written out.
    static func wire(_ result: LayoutResult) throws -> JSONValue {
        let bytes = result.jsonBytes()
        #expect(bytes == JSONWriter().bytes(for: result.jsonValue), "the wire writer and the tree disagree")
        return try JSONParser().parse(bytes)
    }

    /// The layouts of a scenario that shows, changes and hides a prompt (`promptTransition`).
    static func scenarioSteps() throws -> [(name: String, value: JSONValue)] {
        guard case .object(let sample) = try JSONParser().parse(try Fixtures.bytes("seed-delegate-guidance.json")),
            let delegate = sample["delegate"]
        else { throw Fixtures.FixtureError(name: "seed-delegate-guidance.json") }
        let body: JSONValue = [
            "screen": ["width": 393, "height": 852, "safeArea": ["top": 59, "bottom": 34]],
            "delegate": delegate,
            "steps": [
                ["event": "setLayoutDelegate"], ["event": "enableNavigation"], ["event": "startGuidance"],
                ["event": "showPrompt", "prompt": ["kind": "incident", "height": 96]],
                ["event": "changePrompt", "prompt": ["kind": "betterRoute", "height": 120]],
                ["event": "hidePrompt"],
            ],
        ]
        let played = try ScenarioRoute.play(
            try Scenario.decode(from: body), pipeline: LayoutPipeline(clock: { 0 }), metrics: nil)
        guard case .object(let answer) = played, case .array(let steps)? = answer["steps"] else { return [] }
        return steps.enumerated().compactMap { index, step in
            guard case .object(let object) = step, let layout = object["layout"] else { return nil }
            return ("scenario step \(index)", layout)
        }
    }

    @Test("every member of every result is declared by the LayoutResult schema, with its type")
    func everyMemberIsDeclared() throws {
        var validator = SchemaValidator(document: OpenAPIDocument.make())
        for example in try Self.examples() {
            let problems = validator.validate(example.value, against: .ref("LayoutResult"), at: "$")
            #expect(problems.isEmpty, "\(example.name): \(problems.joined(separator: "; "))")
        }
    }

    @Test("every property the LayoutResult schema declares appears in some result")
    func everyDeclaredPropertyAppears() throws {
        var validator = SchemaValidator(document: OpenAPIDocument.make())
        for example in try Self.examples() {
            _ = validator.validate(example.value, against: .ref("LayoutResult"), at: "$")
        }
        let unseen = validator.declared.subtracting(validator.seen).sorted()
        #expect(unseen.isEmpty, "declared but never written: \(unseen.joined(separator: ", "))")
    }
}

/// The part of JSON Schema the served document uses: `$ref`, `type`, `enum`, `anyOf`, `properties`,
/// `required`, `additionalProperties`, `items`, `minimum`. It records each property it was shown
/// (`declared`) and each one a value filled (`seen`), by the path of schemas it was reached through.
struct SchemaValidator {
    enum Schema {
        case ref(String)
        case value(JSONValue, name: String)
    }

    let schemas: JSONObject
    private(set) var declared: Set<String> = []
    private(set) var seen: Set<String> = []

    init(document: JSONValue) {
        guard case .object(let root) = document, case .object(let components)? = root["components"],
            case .object(let schemas)? = components["schemas"]
        else {
            self.schemas = JSONObject()
            return
        }
        self.schemas = schemas
    }

    mutating func validate(_ value: JSONValue, against schema: Schema, at path: String) -> [String] {
        switch schema {
        case .ref(let name):
            guard let found = schemas[name] else { return ["\(path): no schema named \(name)"] }
            return validate(value, against: .value(found, name: name), at: path)
        case .value(let schema, let name):
            return validate(value, schema: schema, name: name, at: path)
        }
    }

    private mutating func validate(_ value: JSONValue, schema: JSONValue, name: String, at path: String) -> [String] {
        guard case .object(let schema) = schema else { return [] }
        if case .string(let reference)? = schema["$ref"] {
            return validate(value, against: .ref(String(reference.split(separator: "/").last ?? "")), at: path)
        }
        if case .array(let options)? = schema["anyOf"] {
            var failures: [String] = []
            for (index, option) in options.enumerated() {
                let problems = validate(value, schema: option, name: name, at: path)
                if problems.isEmpty { return [] }
                failures.append("option \(index): " + problems.joined(separator: ", "))
            }
            return ["\(path): matches no option (\(failures.joined(separator: " | ")))"]
        }
        var problems: [String] = []
        if let type = schema["type"], !Self.matches(value, type: type) {
            problems.append("\(path): expected \(JSONWriter().string(for: type)), found \(value.typeDescription)")
        }
        if case .array(let allowed)? = schema["enum"], !allowed.contains(value) {
            problems.append("\(path): \(JSONWriter().string(for: value)) is not one of the enumeration")
        }
        if case .number(let minimum)? = schema["minimum"], case .number(let number) = value, number < minimum {
            problems.append("\(path): \(number) is below the minimum \(minimum)")
        }
        if case .array(let elements) = value, let items = schema["items"] {
            for (index, element) in elements.enumerated() {
                problems += validate(element, schema: items, name: name + "[]", at: "\(path)[\(index)]")
            }
        }
        if case .object(let object) = value {
            problems += validateMembers(of: object, schema: schema, name: name, at: path)
        }
        return problems
    }

    private mutating func validateMembers(of object: JSONObject, schema: JSONObject, name: String, at path: String)
        -> [String]
    {
        var problems: [String] = []
        let properties = schema["properties"]?.objectValue ?? JSONObject()
        for key in properties.keys { declared.insert(name + "." + key) }
        if case .array(let required)? = schema["required"] {
            for case .string(let key) in required where object[key] == nil {
                problems.append("\(path): required member '\(key)' is missing")
            }
        }
        for member in object.members {
            let memberPath = "\(path).\(member.key)"
            if let property = properties[member.key] {
                seen.insert(name + "." + member.key)
                problems += validate(member.value, schema: property, name: name + "." + member.key, at: memberPath)
            } else if let additional = schema["additionalProperties"] {
                if additional == .bool(false) {
                    problems.append("\(memberPath): not declared by the schema")
                } else {
                    problems += validate(member.value, schema: additional, name: name + ".*", at: memberPath)
                }
            }
        }
        return problems
    }

    private static func matches(_ value: JSONValue, type: JSONValue) -> Bool {
        switch type {
        case .array(let types): return types.contains { matches(value, type: $0) }
        case .string("null"): return value.isNull
        case .string("boolean"): return value.boolValue != nil
        case .string("string"): return value.stringValue != nil
        case .string("number"): return value.numberValue != nil
        case .string("integer"): return value.numberValue.map { $0.rounded() == $0 } ?? false
        case .string("array"): return value.arrayValue != nil
        case .string("object"): return value.objectValue != nil
        default: return false
        }
    }
}
