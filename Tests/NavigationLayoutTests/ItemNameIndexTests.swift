import Testing

@testable import NavigationLayout

/// The placed items' name index answers like a dictionary, scanning while small and hashing when large.
@Suite("Item name index")
struct ItemNameIndexTests {
    @Test(
        "every name finds its position and other names find nothing, below and above the scan limit",
        arguments: [3, ItemNameIndex.scanLimit, ItemNameIndex.scanLimit + 1, 200])
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

    @Test("a repeated name finds its latest position, like a dictionary")
    func aRepeatedNameFindsItsLatestPositionLikeADictionary() {
        var index = ItemNameIndex()
        for name in ["map", "logo", "map"] { index.append(name) }
        #expect(index["map"] == 2)
        #expect(index["logo"] == 1)
    }
}
