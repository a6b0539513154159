import JSON
import Testing

/// `CompactJSONWriter.uniqueMembers`: a repeated name keeps its first place and takes its last value,
/// as the JSON parser reads an object with a repeated key, whether the list is short or long.
@Suite("Unique members")
struct UniqueMembersTests {
    /// The reference: every pair compared with every earlier one.
    static func expected(_ pairs: [(name: String, value: Int)]) -> [(name: String, value: Int)] {
        var result: [(name: String, value: Int)] = []
        for pair in pairs {
            if let index = result.firstIndex(where: { $0.name == pair.name }) {
                result[index].value = pair.value
            } else {
                result.append(pair)
            }
        }
        return result
    }

    @Test("repeated names keep their first place and their last value", arguments: [3, 32, 33, 200])
    func repeatedNames(count: Int) {
        // Every name appears about three times, in a scrambled order.
        let pairs = (0..<count).map { (name: "m\(($0 * 7) % max(1, count / 3))", value: $0) }
        let unique = CompactJSONWriter.uniqueMembers(pairs)
        let reference = Self.expected(pairs)
        #expect(unique.map(\.name) == reference.map(\.name))
        #expect(unique.map(\.value) == reference.map(\.value))
        #expect(unique.count < count)
    }
}
