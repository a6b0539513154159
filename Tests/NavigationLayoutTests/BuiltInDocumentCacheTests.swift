import Testing

@testable import NavigationLayout

/// The cache of generated built-in documents gives back exactly what generating gives, for the inputs
/// it was generated from and no others.
@Suite("Built-in document cache")
struct BuiltInDocumentCacheTests {
    static func key(width: Double, compass: Bool = true) throws -> BuiltInDocumentCache.Key {
        var request = try EngineFixtures.request("builtin-guidance.json")
        request.screen.width = width
        request.settings.compassButton = compass
        return BuiltInDocumentCache.Key(
            screen: request.screen, state: request.state, settings: request.settings, style: request.style,
            wideMode: request.isWideMode, accessoryTooShort: false)
    }

    static func generate(_ key: BuiltInDocumentCache.Key) -> DelegateDocument {
        var layout = BuiltInLayout(
            screen: key.screen, state: key.state, settings: key.settings, style: key.style, wideMode: key.wideMode)
        layout.accessoryTooShort = key.accessoryTooShort
        return layout.document(states: [key.state.navigation])
    }

    @Test("the plan of a built-in request carries the document that generating gives, cached or not")
    func planOfABuiltInRequestCarriesTheDocumentGeneratingGives() throws {
        let request = try EngineFixtures.request("builtin-guidance.json")
        let key = try Self.key(width: request.screen.width, compass: request.settings.compassButton)
        // Twice: the first may generate, the second is served from the cache.
        for _ in 0..<2 {
            #expect(LayoutEngine.plan(for: request).document == Self.generate(key))
        }
    }

    @Test("different inputs get their own document, and the least recently used entry makes room")
    func differentInputsGetTheirOwnDocumentAndTheOldestEntryMakesRoom() throws {
        let cache = BuiltInDocumentCache(capacity: 2)
        var generated = 0
        func document(_ key: BuiltInDocumentCache.Key) -> DelegateDocument {
            cache.document(for: key) {
                generated += 1
                return Self.generate(key)
            }
        }
        let narrow = try Self.key(width: 375)
        let wide = try Self.key(width: 1024)
        let noCompass = try Self.key(width: 375, compass: false)
        #expect(document(narrow) == Self.generate(narrow))
        #expect(document(wide) == Self.generate(wide))
        #expect(document(narrow) == Self.generate(narrow))
        #expect(generated == 2)
        #expect(document(noCompass) == Self.generate(noCompass))
        #expect(document(noCompass) != document(narrow) || Self.generate(noCompass) == Self.generate(narrow))
        #expect(generated == 3)
        // Capacity 2: `wide` was the least recently used and was dropped.
        _ = document(wide)
        #expect(generated == 4)
    }
}
