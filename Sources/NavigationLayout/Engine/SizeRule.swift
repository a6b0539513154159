import Cassowary

/// A required size the SDK gives a component, recomputed after each pass (it may depend on position).
struct SizeRule: Sendable {
    enum Axis: String {
        case width
        case height
    }

    let item: Int
    let axis: Axis
    let value: @Sendable (ComponentSizes, Frame) -> Double
    var installed: Constraint? = nil
    var installedValue: Double? = nil

    init(item: Int, axis: Axis, value: @escaping @Sendable (ComponentSizes, Frame) -> Double) {
        self.item = item
        self.axis = axis
        self.value = value
    }
}
