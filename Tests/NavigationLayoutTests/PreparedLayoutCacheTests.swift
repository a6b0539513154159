import JSON
import Testing

@testable import NavigationLayout

@Suite("Prepared layouts kept between requests")
struct PreparedLayoutCacheTests {
    /// The fixture with its screen (and state) replaced.
    static func request(_ fixture: String, screen: JSONValue, navigation: String = "guidance") throws
        -> (LayoutRequest, JSONValue)
    {
        let document = try Self.document(fixture, screen: screen, navigation: navigation)
        return (try LayoutRequest.decode(from: document), document)
    }

    /// The fixture's document with its screen (and state) replaced, not decoded.
    static func document(_ fixture: String, screen: JSONValue, navigation: String = "guidance") throws
        -> JSONValue
    {
        guard case .object(var object) = try JSONParser().parse(try Fixtures.bytes(fixture)) else {
            throw Fixtures.FixtureError(name: fixture)
        }
        object["screen"] = screen
        if case .object(var state)? = object["state"] {
            state["navigation"] = .string(navigation)
            if navigation != "guidance" { state["prompt"] = nil }
            object["state"] = .object(state)
        }
        return .object(object)
    }

    static let screens: [JSONValue] = [
        ["width": 393, "height": 852, "safeArea": ["top": 59, "bottom": 34]],
        ["width": 375, "height": 667, "safeArea": ["top": 20]],
        ["width": 852, "height": 393, "safeArea": ["left": 59, "right": 59, "bottom": 21]],
        ["width": 393, "height": 852, "safeArea": ["top": 59, "bottom": 34], "layoutDirection": "rtl"],
        ["width": 820, "height": 1180, "safeArea": ["top": 24, "bottom": 20]],
        ["width": 393, "height": 852, "safeArea": ["top": 59, "bottom": 34]],
    ]

    @Test(
        "a cached layout answers exactly what a fresh solve answers, screen after screen",
        arguments: ["seed-delegate-guidance.json", "seed-delegate-prompt.json", "builtin-guidance.json"])
    func sameAnswers(fixture: String) throws {
        let cache = PreparedLayoutCache()
        for navigation in ["guidance", "ready", "disabled"] {
            for screen in Self.screens {
                let (request, document) = try Self.request(fixture, screen: screen, navigation: navigation)
                var cached = try cache.solve(document: document, clock: { 0 })
                var fresh = LayoutEngine.solve(request)
                cached.result.solveMicros = nil
                fresh.solveMicros = nil
                let label = "\(fixture) \(navigation) \(JSONWriter().string(for: screen))"
                #expect(cached.request == request, "\(label)")
                #expect(cached.result == fresh, "\(label)")
            }
        }
    }

    @Test("the key ignores the screen's geometry, not its direction nor the profile's name")
    func keys() throws {
        let (_, phone) = try Self.request("seed-delegate-guidance.json", screen: Self.screens[0])
        let (_, small) = try Self.request("seed-delegate-guidance.json", screen: Self.screens[1])
        let (_, rtl) = try Self.request("seed-delegate-guidance.json", screen: Self.screens[3])
        #expect(PreparedLayoutKey(phone) == PreparedLayoutKey(small))
        #expect(PreparedLayoutKey(phone).hashValue == PreparedLayoutKey(small).hashValue)
        #expect(PreparedLayoutKey(phone) != PreparedLayoutKey(rtl))
        guard case .object(var named) = phone else { throw Fixtures.FixtureError(name: "seed-delegate-guidance.json") }
        named["profile"] = .string("fleet")
        #expect(PreparedLayoutKey(phone) != PreparedLayoutKey(.object(named)))
    }

    @Test("names that differ only in their Unicode spelling never share a key")
    func keysCompareBytes() {
        let composed: JSONValue = ["delegate": ["views": ["caf\u{E9}"]]]
        let decomposed: JSONValue = ["delegate": ["views": ["cafe\u{301}"]]]
        #expect(composed == decomposed)  // String equality is canonical equivalence...
        #expect(PreparedLayoutKey(composed) != PreparedLayoutKey(decomposed))  // ...the key's is the bytes'
        #expect(PreparedLayoutKey(["width": 0.0]) != PreparedLayoutKey(["width": -0.0]))
    }

    @Test("a cached layout reports a bad screen exactly as a full decode does, and stays usable")
    func badScreenOnHit() throws {
        let cache = PreparedLayoutCache()
        let (_, good) = try Self.request("seed-delegate-guidance.json", screen: Self.screens[0])
        _ = try cache.solve(document: good, clock: { 0 })
        let badScreens: [JSONValue] = [
            ["width": -1, "height": 852],
            ["width": 393, "height": 852, "safeArea": ["top": 600, "bottom": 300]],
            ["width": 393, "height": 852, "depth": 3],
            ["height": 852],
        ]
        for screen in badScreens {
            let document = try Self.document("seed-delegate-guidance.json", screen: screen)
            let full = #expect(throws: RequestError.self) { try LayoutRequest.decode(from: document) }
            let cached = #expect(throws: RequestError.self) { try cache.solve(document: document, clock: { 0 }) }
            #expect(full != nil && cached?.issues == full?.issues, "\(JSONWriter().string(for: screen))")
        }
        var again = try cache.solve(document: good, clock: { 0 })
        var fresh = LayoutEngine.solve(try LayoutRequest.decode(from: good))
        again.result.solveMicros = nil
        fresh.solveMicros = nil
        #expect(again.result == fresh)
        #expect(cache.count == 1)
    }

    @Test("the least recently used key goes first once the cache is full")
    func capacity() throws {
        let cache = PreparedLayoutCache(capacity: 2)
        for fixture in ["seed-delegate-guidance.json", "seed-delegate-prompt.json", "builtin-guidance.json"] {
            let (_, document) = try Self.request(fixture, screen: Self.screens[0])
            _ = try cache.solve(document: document, clock: { 0 })
        }
        #expect(cache.count == 2)
    }
}

@Suite("Prepared layouts: inputs the fuzzer found")
struct PreparedLayoutCacheFindingTests {
    @Test(
        "a body solved a second time from the cache answers byte for byte what its first solve did",
        // A built-in layout on a screen too short for its header accessory: the second solve reused the
        // session planned without the accessory and lost the accessory-hidden note.
        arguments: ["fuzz-findings/builtin-short-screen.json", "fuzz-findings/builtin-short-accessory.json"])
    func secondSolveMatchesFirst(finding: String) throws {
        let body = try LayoutBody.read(try Fixtures.bytes(finding))
        let pipeline = LayoutPipeline(clock: { 0 })
        let fresh = try pipeline.solve(body)
        let cached = try pipeline.solve(body)
        #expect(cached.result == fresh.result)
        #expect(cached.resultBytes() == fresh.resultBytes())
    }
}
