import Cassowary
import JSON

/// Content hugging or compression resistance priorities of a custom view, per axis.
public struct AxisPriorities: Sendable, Equatable {
    public var horizontal: Priority
    public var vertical: Priority

    public init(horizontal: Priority, vertical: Priority) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// UIKit's default content hugging: low (250).
    public static let defaultHugging = AxisPriorities(horizontal: .low, vertical: .low)
    /// UIKit's default compression resistance: high (750).
    public static let defaultCompression = AxisPriorities(horizontal: .high, vertical: .high)
}

/// One of the app's own views in a delegate layout.
public struct CustomView: Sendable, Equatable {
    public var name: String
    /// Intrinsic content width; nil when the view has none on that axis.
    public var intrinsicWidth: Double?
    public var intrinsicHeight: Double?
    public var hugging: AxisPriorities
    public var compression: AxisPriorities
    /// The custom view this one is a subview of (`orderCard.addSubview(badge)`); nil for a view added to
    /// the map's view itself.
    public var superview: String?

    public init(
        name: String, intrinsicWidth: Double? = nil, intrinsicHeight: Double? = nil,
        hugging: AxisPriorities = .defaultHugging, compression: AxisPriorities = .defaultCompression,
        superview: String? = nil
    ) {
        self.name = name
        self.intrinsicWidth = intrinsicWidth
        self.intrinsicHeight = intrinsicHeight
        self.hugging = hugging
        self.compression = compression
        self.superview = superview
    }

    /// The names of the custom views this one is inside, innermost first, following `superview`
    /// through `views`: up to a view without one or not in `views`, or to a name met before (a cycle,
    /// whose repeated name ends the list; a cycle through this view ends it with this view's name).
    public func ancestors(in views: [CustomView]) -> [String] {
        var names: [String] = []
        var parent = superview
        while let name = parent, !names.contains(name) {
            names.append(name)
            if name == self.name { break }
            parent = views.first { $0.name == name }?.superview
        }
        return names
    }
}

/// A GMSNavigationHidingStackView: a vertical stack that hides arranged views from its end when out of room.
public struct HidingStack: Sendable, Equatable {
    public enum Position: String, CaseIterable, Sendable {
        case top
        case center
        /// Lays out bottom to top: the first arranged view sits lowest.
        case bottom
    }

    public enum Alignment: String, CaseIterable, Sendable {
        case leading
        case trailing
    }

    public var name: String
    public var position: Position
    public var alignment: Alignment
    /// Arranged views in order; the stack hides from the end of this list first.
    public var arranged: [String]
    /// nil: the `stackSpacing` style value (8 points by default).
    public var spacing: Double?

    public init(name: String, position: Position, alignment: Alignment, arranged: [String], spacing: Double? = nil) {
        self.name = name
        self.position = position
        self.alignment = alignment
        self.arranged = arranged
        self.spacing = spacing
    }
}

/// A constraint of a delegate document with where it was written.
///
/// The fields live in an immutable storage shared by the constraints of a decoded list
/// (`DelegateConstraintStorage`). Setting a field makes a storage of its own for the constraint.
///
/// `@unchecked Sendable` because the storage is a `ManagedBuffer`, which cannot be declared Sendable.
/// It is safe: a storage's entries and header are written once, in `DelegateConstraintStorage.make`,
/// before any constraint refers to it, and never change afterwards (setting a field makes a new
/// storage), so threads that share a constraint only ever read immutable memory.
public struct DelegateConstraint: @unchecked Sendable, Equatable {
    private var storage: DelegateConstraintStorage
    /// The constraint's position in `storage`.
    private var position: Int

    public var spec: LayoutConstraintSpec {
        get { storage.spec(at: position) }
        set {
            self = DelegateConstraint(spec: newValue, location: storage.location.path(of: position), text: text)
        }
    }

    /// JSON path of the constraint, such as `delegate.guidance.constraints[3]`.
    public var path: String {
        get { storage.location.path(of: position).description }
        set { self = DelegateConstraint(spec: spec, location: JSONPath(printed: newValue), text: text) }
    }

    /// The constraint as written (strings) or in canonical syntax (objects), for messages.
    public var text: String {
        get { storage.text(at: position) }
        set {
            self = DelegateConstraint(spec: spec, location: storage.location.path(of: position), text: newValue)
        }
    }

    public init(spec: LayoutConstraintSpec, path: String, text: String) {
        self.init(spec: spec, location: JSONPath(printed: path), text: text)
    }

    /// The path as the decoder found it: printed only when someone reads `path`, which solving never does.
    init(spec: LayoutConstraintSpec, location: JSONPath, text: String) {
        storage = .make(location: .path(location), capacity: 1)
        storage.append(DelegateConstraintEntry(spec: spec, text: text))
        position = 0
    }

    private init(storage: DelegateConstraintStorage, position: Int) {
        self.storage = storage
        self.position = position
    }

    /// The constraints of a filled storage (see `DelegateConstraintStorage`), which they share.
    static func list(in storage: DelegateConstraintStorage) -> [DelegateConstraint] {
        (0..<storage.count).map { DelegateConstraint(storage: storage, position: $0) }
    }

    public static func == (lhs: DelegateConstraint, rhs: DelegateConstraint) -> Bool {
        (lhs.storage === rhs.storage && lhs.position == rhs.position)
            || (lhs.spec == rhs.spec && lhs.text == rhs.text && lhs.path == rhs.path)
    }
}

/// The views and constraints a delegate installs in one navigation state.
public struct StateLayout: Sendable, Equatable {
    /// Items added to the map view in this state, in order.
    public var views: [String]
    public var constraints: [DelegateConstraint]

    public init(views: [String] = [], constraints: [DelegateConstraint] = []) {
        self.views = views
        self.constraints = constraints
    }
}

/// Which corners of a prompt are rounded.
public enum PromptCorners: String, CaseIterable, Sendable {
    /// The SDK's default: the prompt sits at the bottom edge.
    case top
    /// For a prompt above other content, such as a bottom sheet.
    case all
    case bottom
    case none
}

/// How the delegate places a prompt while one is shown.
public struct PromptLayout: Sendable, Equatable {
    public var constraints: [DelegateConstraint]
    public var corners: PromptCorners

    public init(constraints: [DelegateConstraint] = [], corners: PromptCorners = .top) {
        self.constraints = constraints
        self.corners = corners
    }
}

/// Wide-mode variants; each replaces its narrow counterpart while wide mode is on.
public struct WideVariants: Sendable, Equatable {
    public var ready: StateLayout?
    public var guidance: StateLayout?
    public var prompt: PromptLayout?

    public init(ready: StateLayout? = nil, guidance: StateLayout? = nil, prompt: PromptLayout? = nil) {
        self.ready = ready
        self.guidance = guidance
        self.prompt = prompt
    }
}

/// One entry of a delegate's source map: a path in the document and the place of the Swift code
/// that made what is there.
public struct SourceMapEntry: Sendable, Equatable {
    /// The path inside the delegate document, such as `guidance.constraints[3]`.
    public var path: String
    /// `FILE:LINE:COLUMN`.
    public var location: String

    public init(path: String, location: String) {
        self.path = path
        self.location = location
    }
}

/// A layout delegate written as data: its views, guides, stacks and per-state constraints.
public struct DelegateDocument: Sendable, Equatable {
    /// The members a delegate document may have, as the request's `delegate` object.
    public static var memberNames: [String] { RequestDecoder.delegateFields }

    /// Reads a delegate document on its own (a request's `delegate` member) with the checks a request's
    /// delegate gets; each problem's path starts at `delegate`, as it would in the request.
    public static func decode(from value: JSONValue) throws(RequestError) -> DelegateDocument {
        try RequestDecoder.decode(value) { decoder, value in
            decoder.delegateDocument(value, at: JSONPath.root.appending(field: "delegate"))
        }
    }

    /// Whether `document` is a bare delegate (an object of delegate members only, no request around it).
    public static func isBare(_ document: JSONValue) -> Bool {
        guard case .object(let object) = document, !object.members.isEmpty else { return false }
        return object.members.allSatisfy { RequestDecoder.delegateFields.contains($0.key) }
    }

    public var views: [CustomView]
    public var guides: [String]
    public var stacks: [HidingStack]
    /// Constraints installed in every navigation state the delegate handles.
    public var shared: [DelegateConstraint]
    public var ready: StateLayout?
    public var guidance: StateLayout?
    public var prompt: PromptLayout?
    public var wide: WideVariants?
    /// z order, bottom to top; nil: the order items were added.
    public var layers: [String]?
    /// Where the document came from when it was read from Swift: each view, guide, stack and
    /// constraint's path in the document (`guidance.constraints[3]`, `views.badge`) and the place of
    /// the code that made it (`App/Layout.swift:42:7`), in document order. Solving ignores it.
    public var sourceMap: [SourceMapEntry] = []

    public init(
        views: [CustomView] = [], guides: [String] = [], stacks: [HidingStack] = [], shared: [DelegateConstraint] = [],
        ready: StateLayout? = nil, guidance: StateLayout? = nil, prompt: PromptLayout? = nil,
        wide: WideVariants? = nil, layers: [String]? = nil
    ) {
        self.views = views
        self.guides = guides
        self.stacks = stacks
        self.shared = shared
        self.ready = ready
        self.guidance = guidance
        self.prompt = prompt
        self.wide = wide
        self.layers = layers
    }

    /// The item names the document's constraints may use.
    public var items: ItemCatalog {
        var catalog = ItemCatalog()
        for view in views { catalog.add(view.name, as: .view) }
        for guide in guides { catalog.add(guide, as: .guide) }
        for stack in stacks { catalog.add(stack.name, as: .stack) }
        return catalog
    }

    /// The state layout in force for a navigation state and width class (wide variants win when present).
    public func layout(for navigation: NavigationMode, wideMode: Bool) -> StateLayout? {
        switch navigation {
        case .disabled: return nil
        case .ready: return (wideMode ? wide?.ready : nil) ?? ready
        case .guidance: return (wideMode ? wide?.guidance : nil) ?? guidance
        }
    }

    /// The prompt layout in force for a width class.
    public func promptLayout(wideMode: Bool) -> PromptLayout? {
        (wideMode ? wide?.prompt : nil) ?? prompt
    }
}
