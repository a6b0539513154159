// Hot: measured by the `decode` and `path` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile decode`); changes here are checked by scripts/check-budgets.sh.

/// The fields of one delegate constraint.
struct DelegateConstraintEntry: Sendable {
    let spec: LayoutConstraintSpec
    let text: String
}

/// Where the constraints of a `DelegateConstraintStorage` were written.
enum DelegateConstraintLocation: Sendable {
    /// A single constraint's own path.
    case path(JSONPath)
    /// A decoded list: constraint `i` is element `indices[i]` of the list at the path (element `i`
    /// when `indices` is nil, as it is unless an element of the list was dropped for an error).
    case list(JSONPath, indices: [Int]?)

    func path(of position: Int) -> JSONPath {
        switch self {
        case .path(let path): return path
        case .list(let path, let indices): return path.appending(indices?[position] ?? position)
        }
    }
}

struct DelegateConstraintHeader: Sendable {
    var count: Int
    var location: DelegateConstraintLocation
}

/// The constraints of a decoded list (or one constraint) in a single allocation, shared by every
/// `DelegateConstraint` that points into it: decoding a list allocates once, not once per constraint,
/// and copying a constraint is one reference count. A layout copies its constraints several times (the
/// state's list joined with the shared and prompt ones, checks, placement); copying the fields would
/// cost one reference count per string.
///
/// The decoder fills a storage (`make`, `append`, `location`) before any constraint refers to it;
/// from then on it never changes. A `ManagedBuffer` cannot be declared Sendable; `DelegateConstraint`
/// explains why sharing one across threads is safe.
final class DelegateConstraintStorage: ManagedBuffer<DelegateConstraintHeader, DelegateConstraintEntry> {
    /// An empty storage with room for `capacity` entries.
    static func make(location: DelegateConstraintLocation, capacity: Int) -> DelegateConstraintStorage {
        let buffer = create(minimumCapacity: capacity) { _ in
            DelegateConstraintHeader(count: 0, location: location)
        }
        // `create` makes an instance of the class it is called on.
        return unsafeDowncast(buffer, to: DelegateConstraintStorage.self)
    }

    /// Adds an entry; only while the storage is being filled, within the capacity it was made with.
    func append(_ entry: DelegateConstraintEntry) {
        withUnsafeMutablePointers { header, elements in
            precondition(header.pointee.count < capacity, "a constraint storage is filled within its capacity")
            (elements + header.pointee.count).initialize(to: entry)
            header.pointee.count += 1
        }
    }

    deinit {
        _ = withUnsafeMutablePointers { header, elements in elements.deinitialize(count: header.pointee.count) }
    }

    var count: Int { header.count }

    func spec(at position: Int) -> LayoutConstraintSpec {
        withUnsafeMutablePointerToElements { $0[position].spec }
    }

    func text(at position: Int) -> String {
        withUnsafeMutablePointerToElements { $0[position].text }
    }

    var location: DelegateConstraintLocation {
        get { header.location }
        set { header.location = newValue }
    }
}
