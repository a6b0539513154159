import NavigationLayout
import Testing

@testable import NavLayoutService

@Suite("Prepared layouts kept between requests")
struct PreparedLayoutCacheTests {
    /// The fixture with its screen (and state) replaced.
    static func request(_ fixture: String, screen: NavigationLayout.JSONValue, navigation: String = "guidance") throws
        -> (LayoutRequest, NavigationLayout.JSONValue)
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
        let document = NavigationLayout.JSONValue.object(object)
        return (try LayoutRequest.decode(from: document), document)
    }

    static let screens: [NavigationLayout.JSONValue] = [
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
                var cached = cache.solve(request, document: document)
                var fresh = LayoutEngine.solve(request)
                cached.solveMicros = nil
                fresh.solveMicros = nil
                #expect(cached == fresh, "\(fixture) \(navigation) \(JSONWriter().string(for: screen))")
            }
        }
    }

    @Test("the key ignores the screen's geometry and the profile's name, not its direction")
    func keys() throws {
        let (_, phone) = try Self.request("seed-delegate-guidance.json", screen: Self.screens[0])
        let (_, small) = try Self.request("seed-delegate-guidance.json", screen: Self.screens[1])
        let (_, rtl) = try Self.request("seed-delegate-guidance.json", screen: Self.screens[3])
        #expect(PreparedLayoutCache.key(of: phone) == PreparedLayoutCache.key(of: small))
        #expect(PreparedLayoutCache.key(of: phone) != PreparedLayoutCache.key(of: rtl))
    }

    @Test("the least recently used key goes first once the cache is full")
    func capacity() throws {
        let cache = PreparedLayoutCache(capacity: 2)
        for fixture in ["seed-delegate-guidance.json", "seed-delegate-prompt.json", "builtin-guidance.json"] {
            let (request, document) = try Self.request(fixture, screen: Self.screens[0])
            _ = cache.solve(request, document: document)
        }
        #expect(cache.count == 2)
    }
}
