import JSON
import SwiftDelegate
import Testing

/// The interpreter on the control flow and the values real delegates use beyond arrays and `if`:
/// local functions, `while` and `repeat`, `case ... where`, tuples (`enumerated()`, `zip`) and
/// dictionaries, with the refusals of what depends on an order nothing promises.
@Suite("Importing control flow, tuples and dictionaries")
struct ControlFlowAndCollectionsTests {
    typealias Import = SwiftDelegateImportTests

    static func constraints(_ body: String, members: String = "") throws -> [String] {
        Import.constraints(try Import.document(Import.guidanceDelegate(body, members: members)))
    }

    static func errors(_ body: String, members: String = "") -> [String] {
        Import.errors(Import.guidanceDelegate(body, members: members))
    }

    @Test("a local function sees the locals and self around it, takes labels and defaults, and is not recursive")
    func localFunctions() throws {
        let constraints = try Self.constraints(
            """
                let margin: CGFloat = 12
                func pin(_ view: UIView, to edge: CGFloat = 0) -> [NSLayoutConstraint] {
                  [view.leadingAnchor.constraint(equalTo: navMap.leadingAnchor, constant: margin + edge),
                   view.topAnchor.constraint(equalTo: navMap.topAnchor, constant: spacing)]
                }
                NSLayoutConstraint.activate(pin(turnCard) + pin(viewport, to: 4))
            """, members: "  let spacing: CGFloat = 30")
        #expect(
            constraints == [
                "turnCard.leading == map.leading + 12", "turnCard.top == map.top + 30",
                "viewport.leading == map.leading + 16", "viewport.top == map.top + 30",
            ])
        let recursion = Self.errors(
            """
                func again() { again() }
                again()
            """)
        #expect(recursion.contains { $0.hasPrefix("Layout.swift:11:20: error: recursion") }, "\(recursion)")
    }

    @Test("while and repeat loops run on known values; one that does not end stops at the step limit")
    func whileAndRepeat() throws {
        let constraints = try Self.constraints(
            """
                var offset: CGFloat = 0
                var made: [NSLayoutConstraint] = []
                while offset < 30 {
                  offset += 10
                  if offset == 20 { continue }
                  made.append(turnCard.topAnchor.constraint(greaterThanOrEqualTo: navMap.topAnchor, constant: offset))
                }
                repeat {
                  offset -= 5
                  if offset < 20 { break }
                } while true
                made.append(viewport.topAnchor.constraint(equalTo: navMap.topAnchor, constant: offset))
                NSLayoutConstraint.activate(made)
            """)
        #expect(
            constraints == [
                "turnCard.top >= map.top + 10", "turnCard.top >= map.top + 30", "viewport.top == map.top + 15",
            ])
        let endless = Self.errors("    while true { }")
        #expect(
            endless.contains { $0.hasPrefix("Layout.swift:11:11: error: the callbacks take more than") }, "\(endless)")
        let unknown = Self.errors("    while navMap.bounds.width > 0 { }")
        #expect(unknown.contains { $0.hasPrefix("Layout.swift:11:11: error: a condition depends on") }, "\(unknown)")
    }

    @Test("a case with a where clause, `_`, and a tuple of values is matched as Swift matches it")
    func switchCases() throws {
        let constraints = try Self.constraints(
            """
                let compact = true
                let inset: CGFloat
                switch (newState.wideMode, compact) {
                case (true, _): inset = 40
                case (false, _) where false: inset = 30
                case (false, true) where compact: inset = 20
                case _: inset = 10
                }
                turnCard.topAnchor.constraint(equalTo: navMap.topAnchor, constant: inset).isActive = true
            """)
        #expect(constraints == ["turnCard.top == map.top + 20"])
    }

    @Test("cases of the file's enums with associated values: made, compared, and matched with their values bound")
    func enumsWithValues() throws {
        let members = """
              enum CardPlacement: Equatable {
                case floating(inset: CGFloat, lift: CGFloat)
                case docked
              }
              let placement = CardPlacement.floating(inset: 12, lift: 4)
              let fallback: CardPlacement = .docked
            """
        let constraints = try Self.constraints(
            """
                var made: [NSLayoutConstraint] = []
                switch placement {
                case .docked: made.append(turnCard.topAnchor.constraint(equalTo: navMap.topAnchor))
                case .floating(let inset, _) where inset > 20: made.append(turnCard.topAnchor.constraint(equalTo: navMap.topAnchor, constant: 99))
                case .floating(inset: let inset, lift: 4): made.append(turnCard.topAnchor.constraint(equalTo: navMap.topAnchor, constant: inset))
                case .floating: made.append(turnCard.topAnchor.constraint(equalTo: navMap.topAnchor, constant: 1))
                }
                switch fallback {
                case let .floating(inset, lift): made.append(viewport.topAnchor.constraint(equalTo: navMap.topAnchor, constant: inset + lift))
                case .docked: made.append(viewport.topAnchor.constraint(equalTo: turnCard.bottomAnchor))
                }
                if case let .floating(inset, lift) = placement, lift < inset {
                  made.append(turnCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor, constant: inset - lift))
                }
                if case .docked = placement {
                  made.append(turnCard.widthAnchor.constraint(equalToConstant: 1))
                }
                guard case .floating(_, let lift) = placement, placement == .floating(inset: 12, lift: lift),
                  placement != CardPlacement.floating(inset: 12, lift: 5), placement != fallback
                else { return }
                made.append(viewport.bottomAnchor.constraint(equalTo: navMap.bottomAnchor, constant: -lift))
                NSLayoutConstraint.activate(made)
            """, members: members)
        #expect(
            constraints == [
                "turnCard.top == map.top + 12", "viewport.top == turnCard.bottom",
                "turnCard.leading == map.leading + 8", "viewport.bottom == map.bottom - 4",
            ])
        let miscounted = Self.errors(
            """
                if case .floating(let inset) = placement { _ = inset }
            """, members: members)
        let expected = "Layout.swift:16:13: error: this pattern matches 1 value and the case has 2"
        #expect(miscounted.contains { $0.hasPrefix(expected) }, "\(miscounted)")
        let notACase = Self.errors("    if case .floating(let inset, _) = 12 { _ = inset }", members: members)
        #expect(
            notACase.contains {
                $0.hasPrefix("Layout.swift:16:13: error: a case of an enum is matched against a value that is not one")
            }, "\(notACase)")
        let unknown = Self.errors("    if case .floating = navMap.bounds.width { }", members: members)
        #expect(unknown.contains { $0.hasPrefix("Layout.swift:16:25: error: if case depends on") }, "\(unknown)")
        // Two enums with the case: an implicit `.floating(...)` names neither, so the type is asked for.
        let twoEnums = members + "\n  enum Other { case floating(inset: CGFloat, lift: CGFloat) }"
        let ambiguous = Self.errors("    _ = placement == .floating(inset: 1, lift: 2)", members: twoEnums)
        #expect(
            ambiguous.contains { $0.hasPrefix("Layout.swift:17:22: error: .floating(...) is not read: name the type") },
            "\(ambiguous)")
    }

    @Test("tuples: literals, labels, positions, destructuring, enumerated() and zip")
    func tuples() throws {
        let constraints = try Self.constraints(
            """
                let (top, leading) = (CGFloat(8), CGFloat(16))
                let insets = (bottom: 24, trailing: 4)
                var made = [turnCard.topAnchor.constraint(equalTo: navMap.topAnchor, constant: top)]
                made.append(turnCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor, constant: leading))
                made.append(viewport.bottomAnchor.constraint(equalTo: navMap.bottomAnchor, constant: -insets.bottom))
                made.append(viewport.trailingAnchor.constraint(equalTo: navMap.trailingAnchor, constant: -insets.1))
                for (index, view) in [turnCard, viewport].enumerated() {
                  made.append(view.widthAnchor.constraint(equalToConstant: 100 + 50 * CGFloat(index)))
                }
                for (view, height) in zip([turnCard, viewport], [60, 300]) where height > 100 {
                  made.append(view.heightAnchor.constraint(equalToConstant: height))
                }
                for pair in [turnCard].enumerated() {
                  made.append(pair.element.centerXAnchor.constraint(equalTo: navMap.centerXAnchor, constant: pair.offset))
                }
                NSLayoutConstraint.activate(made)
            """)
        #expect(
            constraints == [
                "turnCard.top == map.top + 8", "turnCard.leading == map.leading + 16",
                "viewport.bottom == map.bottom - 24", "viewport.trailing == map.trailing - 4",
                "turnCard.width == 100", "viewport.width == 150", "viewport.height == 300",
                "turnCard.centerX == map.centerX",
            ])
        let mismatch = Self.errors("    let (a, b) = (1, 2, 3)")
        #expect(
            mismatch.contains { $0.hasPrefix("Layout.swift:11:9: error: this pattern has 2 elements") }, "\(mismatch)")
        let numbered = Self.errors(
            """
                for (index, button) in newState.buttons.enumerated() {
                  button.view.topAnchor.constraint(equalTo: navMap.topAnchor, constant: 50 * CGFloat(index)).isActive = true
                }
            """)
        #expect(numbered.contains { $0.contains("error: enumerated over newState.buttons depends on") }, "\(numbered)")
    }

    @Test("dictionaries: literals, reads by key and with a default, writes, removal, count and their values")
    func dictionaries() throws {
        let constraints = try Self.constraints(
            """
                var byState: [String: [NSLayoutConstraint]] = [
                  "ready": [turnCard.topAnchor.constraint(equalTo: navMap.topAnchor)],
                  "guidance": [turnCard.topAnchor.constraint(equalTo: navMap.topAnchor, constant: 10)],
                ]
                byState["guidance", default: []].append(viewport.topAnchor.constraint(equalTo: turnCard.bottomAnchor))
                byState["prompt"] = [viewport.bottomAnchor.constraint(equalTo: navMap.bottomAnchor)]
                byState["prompt"] = nil
                _ = byState.removeValue(forKey: "ready")
                let gaps: [Bool: CGFloat] = [true: 40, false: 8]
                let gap = gaps[1 > 2] ?? 0
                if byState.count == 1, byState["missing"] == nil, !byState.isEmpty {
                  NSLayoutConstraint.activate(byState["guidance"]!)
                  NSLayoutConstraint.activate(byState.values.flatMap { $0 })
                }
                turnCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor, constant: gap).isActive = true
            """)
        #expect(
            constraints == [
                "turnCard.top == map.top + 10", "viewport.top == turnCard.bottom",
                "turnCard.leading == map.leading + 8",
            ])
    }

    @Test("sorting gives a known order, a dictionary's keys and entries too; reduce and operators as functions")
    func sorting() throws {
        let constraints = try Self.constraints(
            """
                let gaps = ["b": 20, "a": 10, "c": 30]
                var made: [NSLayoutConstraint] = []
                for key in gaps.keys.sorted() {
                  made.append(turnCard.topAnchor.constraint(greaterThanOrEqualTo: navMap.topAnchor, constant: gaps[key]!))
                }
                let last = gaps.sorted { $0.value > $1.value }.last!
                made.append(viewport.topAnchor.constraint(equalTo: navMap.topAnchor, constant: last.value))
                let total = [1, 2, 3].reduce(0, +) + [4].reduce(1) { $0 * $1 }
                made.append(turnCard.widthAnchor.constraint(equalToConstant: total))
                for height in [3, 1, 2].sorted(by: >) {
                  made.append(viewport.heightAnchor.constraint(greaterThanOrEqualToConstant: height))
                }
                NSLayoutConstraint.activate(made)
            """)
        #expect(
            constraints == [
                "turnCard.top >= map.top + 10", "turnCard.top >= map.top + 20", "turnCard.top >= map.top + 30",
                "viewport.top == map.top + 10", "turnCard.width == 10", "viewport.height >= 3", "viewport.height >= 2",
                "viewport.height >= 1",
            ])
        let mixed = Self.errors("    _ = [turnCard, viewport].sorted()")
        #expect(
            mixed.contains { $0.hasPrefix("Layout.swift:11:9: error: sorted() is read on plain numbers") }, "\(mixed)")
    }

    @Test("what depends on a dictionary's order is refused at its line; a key written twice is refused")
    func dictionaryRefusals() {
        let dictionary = "    let views = [\"card\": turnCard, \"viewport\": viewport]\n"
        let cases: [(body: String, expected: String)] = [
            (
                dictionary + "    views.values.first?.topAnchor.constraint(equalTo: navMap.topAnchor).isActive = true",
                "Layout.swift:12:5: error: reading first of a dictionary's entries depends on their order"
            ),
            (
                dictionary + "    var last = turnCard\n    for (_, view) in views { last = view }",
                "Layout.swift:13:30: error: a loop that carries 'last' from one of a dictionary's entries"
            ),
            (
                dictionary + "    _ = views.keys.dropFirst()",
                "Layout.swift:12:9: error: dropFirst over a dictionary's entries depends on their order"
            ),
            ("    let gaps = [1: 8, 1: 9]", "Layout.swift:11:23: error: this key is written twice"),
            ("    let gaps = [1: 8]\n    _ = gaps[1, 2]", "Layout.swift:12:9: error: a dictionary is read by [key]"),
        ]
        Import.expectRefusals(cases)
    }

    /// The file is also a seed of SwiftDelegateFuzz, whose LeakSanitizer (in scripts/fuzz-smoke.sh, run
    /// by CI) fails when the cycles it builds outlive the import.
    @Test("a delegate that keeps a closure, calls a local function and refers back to its owner imports")
    func closuresAndOwners() throws {
        let path = "cycles/ClosuresAndOwners.swift"
        let imported = try SwiftDelegateImport.run(try Fixtures.bytes(path), path: path)
        #expect(imported.warnings.isEmpty)
        guard case .object(let document) = try JSONParser().parse(imported.delegateJSON) else {
            Issue.record("no document")
            return
        }
        #expect(Import.constraints(document) == ["viewport.top == map.top"])
    }

    @Test("a view added to itself or inside itself is refused at the call, as UIKit refuses it")
    func hierarchyLoops() {
        let cases: [(body: String, expected: String)] = [
            (
                "    let a = UIView()\n    navMap.addSubview(a)\n    a.addSubview(a)",
                "Layout.swift:13:5: error: 'a' is added to itself or to a view inside it"
            ),
            (
                "    let a = UIView()\n    let b = UIView()\n    navMap.addSubview(a)\n    a.addSubview(b)\n    b.addSubview(a)",
                "Layout.swift:15:5: error: 'a' is added to itself or to a view inside it"
            ),
            (
                "    let s = GMSNavigationHidingStackView(position: .bottom, alignment: .trailing)\n    let t = GMSNavigationHidingStackView(position: .top, alignment: .leading)\n    s.addArrangedSubview(t)\n    t.arrangedSubviews = [s]",
                "Layout.swift:14:5: error: 's' is added to itself or to a view inside it"
            ),
        ]
        Import.expectRefusals(cases)
    }

    @Test("misused tuples, dictionaries, zip, min, max, sorted, reduce and operators are errors at their lines")
    func misuses() {
        Import.expectRefusals([
            (
                "    let pair = (1, 2)\n    _ = pair.third",
                "Layout.swift:12:9: error: this tuple has no element 'third'"
            ),
            (
                "    let (a, b) = 1",
                "Layout.swift:11:9: error: this tuple pattern takes apart a value that is not a tuple"
            ),
            ("    var (a, b): (Int, Int)", "Layout.swift:11:9: error: a name declared without a value is one name"),
            ("    _ = zip([1], 2)", "Layout.swift:11:9: error: zip takes two arrays the interpreter knows"),
            ("    _ = min(1)", "Layout.swift:11:9: error: min takes two numbers or more"),
            (
                "    _ = max(1, NavigationStyleValues.headerTopPadding)",
                "Layout.swift:11:9: error: max is read on plain numbers only"
            ),
            (
                "    _ = [1, \"a\"].sorted()",
                "Layout.swift:11:9: error: sorted() is read on numbers or on strings, not both"
            ),
            ("    _ = [1].reduce(0)", "Layout.swift:11:9: error: reduce takes a first value and a combining function"),
            ("    let plus = (+)\n    _ = plus(1)", "Layout.swift:12:9: error: + takes two values"),
            ("    var d = [1: 2]\n    _ = d.removeValue(1)", "Layout.swift:12:9: error: removeValue takes forKey:"),
            ("    _ = 3[0]", "Layout.swift:11:9: error: only arrays and dictionaries are subscripted"),
            (
                "    var n = 3\n    n[0] = 1",
                "Layout.swift:12:5: error: only elements of arrays and dictionaries are assigned"
            ),
        ])
    }

    @Test("an array element is set by subscript")
    func arrayElementAssignment() throws {
        let constraints = try Self.constraints(
            """
                var made = [turnCard.topAnchor.constraint(equalTo: navMap.topAnchor)]
                made[0] = viewport.topAnchor.constraint(equalTo: navMap.topAnchor, constant: 5)
                NSLayoutConstraint.activate(made)
            """)
        #expect(constraints == ["viewport.top == map.top + 5"])
        let outside = Self.errors("    var made = [1]\n    made[3] = 2")
        #expect(outside.contains { $0.hasPrefix("Layout.swift:12:5: error: index 3 is out of range") }, "\(outside)")
    }
}
