/// The order of the visible items from back to front.
extension LayoutSession {
    func layerOrder(visible: [Int]) -> [String] {
        var names: [String] = []
        names.reserveCapacity(visible.count)
        for index in visible { names.append(items[index].outputName) }
        guard let given = plan.document.layers else { return names }
        var ordered: [String] = []
        for name in given {
            guard let index = itemIndex[name], visible.contains(index) else { continue }
            ordered.append(items[index].outputName)
        }
        return names.filter { !ordered.contains($0) } + ordered
    }
}
