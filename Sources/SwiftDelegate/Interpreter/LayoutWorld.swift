/// What UIKit would hold while the callbacks run: the map view's subviews and layout guides, the
/// constraints made, and the SDK's components (one object each, handed over again in every state).
final class LayoutWorld {
    let map = LayoutItem(kind: .map, madeAt: nil)
    private(set) var builtIns: [String: LayoutItem] = [:]
    /// The map's subviews, back to front.
    private(set) var subviews: [LayoutItem] = []
    /// Layout guides added to the map, in order.
    private(set) var guides: [LayoutItem] = []
    /// Every constraint made, in the order made.
    private(set) var constraints: [ConstraintRecord] = []
    /// App views added inside other app views, in order.
    private(set) var nestedViews: [LayoutItem] = []
    private var activations = 0
    /// Where each view was last added to its superview.
    private var addedAt: [ObjectIdentifier: SwiftSourcePosition] = [:]

    /// The SDK component (or `safeArea`) of that name; the same object every time.
    func builtIn(_ name: String) -> LayoutItem {
        if let item = builtIns[name] { return item }
        let item = LayoutItem(kind: .builtIn(name), madeAt: nil)
        builtIns[name] = item
        return item
    }

    func record(_ constraint: ConstraintRecord) {
        constraints.append(constraint)
    }

    func activate(_ constraint: ConstraintRecord) {
        guard !constraint.isActive else { return }
        activations += 1
        constraint.isActive = true
        constraint.activationOrder = activations
    }

    func deactivate(_ constraint: ConstraintRecord) {
        constraint.isActive = false
    }

    /// `addSubview` (a view already there moves to the front, as UIKit does), or `insertSubview` at
    /// an index of the map's subviews.
    func add(_ view: LayoutItem, to parent: LayoutItem, at index: Int? = nil, from position: SwiftSourcePosition) {
        removeFromParent(view)
        addedAt[ObjectIdentifier(view)] = position
        if parent.kind == .map {
            if let index {
                subviews.insert(view, at: min(max(index, 0), subviews.count))
            } else {
                subviews.append(view)
            }
        } else {
            view.superview = parent
            nestedViews.append(view)
        }
    }

    /// `removeFromSuperview`: also deactivates the constraints that involve the view or any view
    /// inside it, as UIKit does.
    func removeFromSuperview(_ view: LayoutItem) {
        removeFromParent(view)
        var removed: [LayoutItem] = [view]
        var index = 0
        while index < removed.count {
            let current = removed[index]
            removed.append(contentsOf: nestedViews.filter { $0.superview === current })
            index += 1
        }
        for constraint in constraints where constraint.isActive {
            if removed.contains(where: { $0 === constraint.first.item || $0 === constraint.second?.item }) {
                constraint.isActive = false
            }
        }
    }

    private func removeFromParent(_ view: LayoutItem) {
        subviews.removeAll { $0 === view }
        nestedViews.removeAll { $0 === view }
    }

    func addGuide(_ guide: LayoutItem) {
        if !guides.contains(where: { $0 === guide }) { guides.append(guide) }
    }

    func removeGuide(_ guide: LayoutItem) {
        guides.removeAll { $0 === guide }
        for constraint in constraints where constraint.isActive {
            if constraint.first.item === guide || constraint.second?.item === guide { constraint.isActive = false }
        }
    }

    /// Whether the item is in the map's hierarchy now: the map and its safe area, a subview, a view
    /// inside an app view that is, an arranged subview of a stack that is, or an added guide.
    func isInHierarchy(_ item: LayoutItem) -> Bool {
        switch item.kind {
        case .map: return true
        case .builtIn(let name) where name == "safeArea": return true
        case .guide: return guides.contains { $0 === item }
        default:
            if subviews.contains(where: { $0 === item }) { return true }
            if let parent = item.superview, nestedViews.contains(where: { $0 === item }) {
                return isInHierarchy(parent)
            }
            return subviews.contains { $0.kind == .stack && $0.arranged.contains { $0 === item } }
        }
    }

    /// The layout at the end of a callback: the map's subviews and guides, the app views inside app
    /// views, and the active constraints in the order they were activated.
    func snapshot() -> LayoutSnapshot {
        let active = constraints.filter(\.isActive).sorted { $0.activationOrder < $1.activationOrder }
            .map { $0.frozen() }
        var arranged: [ObjectIdentifier: [LayoutItem]] = [:]
        for stack in subviews where stack.kind == .stack { arranged[ObjectIdentifier(stack)] = stack.arranged }
        return LayoutSnapshot(
            subviews: subviews, guides: guides, nestedViews: nestedViews.filter(isInHierarchy), constraints: active,
            arranged: arranged, addedAt: addedAt)
    }
}

/// The views, guides and active constraints at the end of one callback.
struct LayoutSnapshot {
    /// Nothing in the map: before the first callback, and after the last.
    static var empty: LayoutSnapshot { LayoutSnapshot(subviews: [], guides: [], nestedViews: [], constraints: []) }

    var subviews: [LayoutItem]
    var guides: [LayoutItem]
    var nestedViews: [LayoutItem]
    /// Copies of the active constraints as they were then (`ConstraintRecord.identity` tells which
    /// are the same constraint in two snapshots).
    var constraints: [ConstraintRecord]
    /// The arranged subviews of each stack in the hierarchy, as they were then.
    var arranged: [ObjectIdentifier: [LayoutItem]] = [:]
    /// Where each view was added.
    var addedAt: [ObjectIdentifier: SwiftSourcePosition] = [:]
}
