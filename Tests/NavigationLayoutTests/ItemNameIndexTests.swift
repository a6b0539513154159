import Testing

@testable import NavigationLayout

/// The placed items' name index answers like a dictionary, scanning while small and hashing when large.
@Suite struct ItemNameIndexTests {
    @Test(arguments: [3, ItemNameIndex.scanLimit, ItemNameIndex.scanLimit + 1, 200])
    func everyNameFindsItsPositionAndOthersFindNothing(count: Int) {
        var index = ItemNameIndex()
        let names = (0..<count).map { "view\($0)" }
        for name in names { index.append(name) }
        #expect(index.count == count)
        for (position, name) in names.enumerated() { #expect(index[name] == position) }
        #expect(index["view\(count)"] == nil)
        #expect(index["View0"] == nil)
        #expect(index[""] == nil)
    }

    @Test func aRepeatedNameFindsItsLatestPositionLikeADictionary() {
        var index = ItemNameIndex()
        for name in ["map", "logo", "map"] { index.append(name) }
        #expect(index["map"] == 2)
        #expect(index["logo"] == 1)
    }
}
