import JSON
import NavigationLayout
import Testing

/// What a layout review must hold whatever the layouts: a layout against itself is unchanged on every
/// preset, a diff read backwards swaps what came and went, and a random edit of a delegate document
/// (a constant changed, a constraint added, a component dropped) changes only what the edit can reach.
@Suite("Layout diff properties")
struct DiffPropertyTests {
    static let pipeline = LayoutPipeline(clock: { 0 })

    /// `document` across `selection` (every preset when empty).
    static func matrix(_ document: JSONValue, selection: JSONValue = .object([])) throws -> SolvedMatrix {
        guard case .object(var object) = document else { throw Fixtures.FixtureError(name: "document") }
        object["matrix"] = selection
        return try pipeline.matrix(LayoutBody(document: .object(object)))
    }

    static func fixture(_ name: String) throws -> JSONValue {
        try JSONParser().parse(try Fixtures.bytes(name))
    }

    @Test(
        "a layout diffed with itself, solved twice, is unchanged in every cell of every preset",
        arguments: ["seed-delegate-guidance.json", "seed-delegate-prompt.json", "builtin-guidance.json"])
    func selfDiff(fixture: String) async throws {
        let document = try Self.fixture(fixture)
        let once = try Self.matrix(document)
        await Task.yield()
        let again = try LayoutPipeline(clock: { 0 }).matrix(LayoutBody(document: Self.withSelection(document)))
        let diff = try MatrixDiff(before: once, after: again)
        #expect(diff.cells.count == once.plan.cells.count)
        #expect(diff.count(.unchanged) == diff.cells.count, "\(diff.text)")
    }

    static func withSelection(_ document: JSONValue) -> JSONValue {
        guard case .object(var object) = document else { return document }
        object["matrix"] = .object([])
        return .object(object)
    }

    // MARK: Random edits

    static let selection: JSONValue = ["devices": ["iphone-se-3", "ipad-mini-6"], "directions": ["ltr", "rtl"]]
    /// Anchors of the screen itself: fixed by the screen, so they carry no change from one item to another.
    static let screenItems: Set<String> = ["safeArea", "map", "view", "superview", "readableContent"]

    /// A random edit of the seed delegate, and what it can reach: the state it touches and the items
    /// connected to the edited ones through that state's constraints.
    struct Edit {
        var description: String
        var document: JSONValue
        /// The navigation state whose cells may change; every other state's cells must not.
        var state: String
        /// The items the edit starts from.
        var items: Set<String>
        /// A component dropped from the state's views, with what its stack arranges: each must vanish
        /// where it showed.
        var dropped: [String] = []
    }

    static func randomEdit(of seed: JSONValue, using generator: inout SeededGenerator) throws -> Edit {
        guard case .object(var request) = seed, case .object(var delegate)? = request["delegate"] else {
            throw Fixtures.FixtureError(name: "seed-delegate-guidance.json")
        }
        let state = ["ready", "guidance"].randomElement(using: &generator) ?? "guidance"
        guard case .object(var layout)? = delegate[state], case .array(var constraints)? = layout["constraints"],
            case .array(var views)? = layout["views"]
        else { throw Fixtures.FixtureError(name: "seed-delegate-guidance.json") }
        var edit = Edit(description: "", document: seed, state: state, items: [])
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
            // A constant changed: "x.a == y.b" becomes "x.a == y.b + k" (or its constant moves by k).
            let index = Int.random(in: 0..<constraints.count, using: &generator)
            guard case .string(let text) = constraints[index] else { throw Fixtures.FixtureError(name: "constraint") }
            let offset = Int.random(in: 1...40, using: &generator)
            let edited = "\(text) \(Bool.random(using: &generator) ? "+" : "-") \(offset)"
            constraints[index] = .string(edited)
            edit.items = try Self.items(of: text)
            edit.description = "\(state): '\(text)' -> '\(edited)'"
        case 1:
            // A constraint added between two views of the state (at a low priority, so it can lose).
            let names = views.compactMap { value -> String? in
                if case .string(let name) = value { return name }
                return nil
            }
            let first = names.randomElement(using: &generator) ?? "googleLogo"
            let second = names.randomElement(using: &generator) ?? "viewport"
            let added = "\(first).top >= \(second).top + \(Int.random(in: 0...30, using: &generator)) @low"
            constraints.append(.string(added))
            edit.items = [first, second]
            edit.description = "\(state): added '\(added)'"
        default:
            // A Google component dropped from the state's views: it is no longer handed over, so it
            // vanishes and the constraints naming it are dropped. (The app's own views and stacks are
            // not handed over per state: dropping one from `views` changes nothing.)
            let own = Set((delegate["stacks"]?.objectValue?.members.map(\.key) ?? []) + ["contentBottom"])
            let handedOver = views.indices.filter { views[$0].stringValue.map { !own.contains($0) } ?? false }
            let index = handedOver.randomElement(using: &generator) ?? 0
            guard case .string(let name) = views[index] else { throw Fixtures.FixtureError(name: "views") }
            views.remove(at: index)
            edit.items = [name]
            edit.dropped = [name]
            edit.description = "\(state): dropped \(name)"
        }
        layout["constraints"] = .array(constraints)
        layout["views"] = .array(views)
        delegate[state] = .object(layout)
        request["delegate"] = .object(delegate)
        edit.document = .object(request)
        return edit
    }

    /// The items a constraint's text names, screen anchors aside.
    static func items(of text: String) throws -> Set<String> {
        let spec = try ConstraintParser.parse(text).spec
        return Set([spec.first.item.name] + (spec.second.map { [$0.item.name] } ?? [])).subtracting(screenItems)
    }

    /// Every item connected to `start` through the constraints the state lays out with (its own, the
    /// shared ones, the prompt's) and through the hiding stacks (a stack and what it arranges).
    static func reach(from start: Set<String>, in document: JSONValue, state: String) throws -> Set<String> {
        guard case .object(let request) = document, case .object(let delegate)? = request["delegate"] else {
            return start
        }
        var texts: [String] = []
        let sections = [
            delegate["shared"], delegate[state]?.objectValue?["constraints"],
            delegate["prompt"]?.objectValue?["constraints"],
        ]
        for section in sections {
            if case .array(let values)? = section {
                for case .string(let text) in values { texts.append(text) }
            }
        }
        var links = try texts.map { try Self.items(of: $0) }
        if case .object(let stacks)? = delegate["stacks"] {
            for member in stacks.members {
                if case .array(let arranged)? = member.value.objectValue?["arranged"] {
                    links.append(Set([member.key] + arranged.compactMap { $0.stringValue }))
                }
            }
        }
        var reached = start
        var grew = true
        while grew {
            grew = false
            for link in links where !link.isDisjoint(with: reached) && !link.isSubset(of: reached) {
                reached.formUnion(link)
                grew = true
            }
        }
        return reached
    }

    @Test(
        "60 random edits of the seed delegate change only the cells of the edited state, and only what the edit reaches"
    )
    func randomEdits() async throws {
        var generator = SeededGenerator(state: 0x5EED_D1FF)
        let seed = try Self.fixture("seed-delegate-guidance.json")
        let before = try Self.matrix(seed, selection: Self.selection)
        for _ in 0..<60 {
            // Thousands of layouts in all: a yield between edits lets the tests beside it run.
            await Task.yield()
            let edit = try Self.randomEdit(of: seed, using: &generator)
            let after = try Self.matrix(edit.document, selection: Self.selection)
            let diff = try MatrixDiff(before: before, after: after)
            let reachable = try Self.reach(from: edit.items, in: seed, state: edit.state)
                .union(try Self.reach(from: edit.items, in: edit.document, state: edit.state))
            for cell in diff.cells {
                let state = cell.key.split(separator: "/").last.map(String.init) ?? ""
                guard state == edit.state else {
                    #expect(cell.diff.change == .unchanged, "\(edit.description) changed \(cell.key)")
                    continue
                }
                let touched = Set(cell.diff.moved + cell.diff.appeared + cell.diff.vanished)
                #expect(
                    touched.isSubset(of: reachable),
                    "\(edit.description): \(cell.key) changed \(touched.subtracting(reachable).sorted()) out of reach")
                for name in edit.dropped where before.results[cell.index].frame(of: name) != nil {
                    #expect(cell.diff.vanished.contains(name), "\(edit.description): \(name) in \(cell.key)")
                }
            }
            // Read backwards, the same diff: what came went, what was introduced was resolved.
            let backwards = try MatrixDiff(before: after, after: before)
            for cell in diff.cells {
                let other = try #require(backwards.cells.first { $0.key == cell.key })
                #expect(Set(other.diff.moved) == Set(cell.diff.moved))
                #expect(Set(other.diff.appeared) == Set(cell.diff.vanished))
                #expect(Set(other.diff.introduced) == Set(cell.diff.resolved))
                #expect(Set(other.diff.resolved) == Set(cell.diff.introduced))
                #expect(other.diff.viewportAreaChange == -cell.diff.viewportAreaChange)
                #expect((other.diff.change == .unchanged) == (cell.diff.change == .unchanged))
            }
        }
    }

    @Test("tolerance applies per edge: a move of 0.4 pt is unchanged at 0.5, one of 0.6 is a move")
    func tolerancePerEdge() throws {
        let seed = try Self.fixture("seed-delegate-guidance.json")
        let text = JSONWriter().string(for: seed)
        let before = try Self.matrix(seed, selection: ["devices": ["iphone-se-3"]])
        for (offset, moves) in [(0.4, false), (0.6, true)] {
            let edited = text.replacingOccurrences(
                of: "googleLogo.leading == safeArea.leading", with: "googleLogo.leading == safeArea.leading + \(offset)"
            )
            let after = try Self.matrix(
                try JSONParser().parse(Array(edited.utf8)), selection: ["devices": ["iphone-se-3"]])
            let diff = try MatrixDiff(before: before, after: after)
            let moved = diff.cells.filter { $0.diff.moved.contains("googleLogo") }
            #expect(moved.isEmpty != moves, "offset \(offset)")
        }
    }
}
