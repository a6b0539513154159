import Synchronization

/// The generated documents of the built-in layout, by everything that goes into one.
///
/// `BuiltInLayout.document(states:)` is a pure function of the screen, the navigation state, the
/// settings, the style, wide mode and the accessory flag, and writing its seventy-odd constraints (each
/// with its canonical text) costs about as much as solving them. Clients send the same settings for the
/// same devices over and over, so the last few documents are kept. Entries are compared by value, never
/// hashed, so a hit returns exactly the document that generating would give; the most recent entry is
/// found first.
final class BuiltInDocumentCache: Sendable {
    struct Key: Equatable, Sendable {
        var screen: Screen
        var state: NavigationState
        var settings: Settings
        var style: StyleValues
        var wideMode: Bool
        var accessoryTooShort: Bool
    }

    struct Entry: Sendable {
        var key: Key
        var document: DelegateDocument
    }

    /// One process-wide cache: a document depends on nothing but its key.
    static let shared = BuiltInDocumentCache(capacity: 16)

    let capacity: Int
    private let entries = Mutex<[Entry]>([])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The cached document of `key`, or the one `make` generates (then kept, the oldest entry making room).
    func document(for key: Key, make: () -> DelegateDocument) -> DelegateDocument {
        let cached = entries.withLock { entries -> DelegateDocument? in
            guard let index = entries.lastIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.document
        }
        if let cached { return cached }
        // Generated outside the lock: two threads may both generate a missing document, which costs
        // time but never a wrong answer (both produce the same value).
        let document = make()
        entries.withLock { entries in
            guard capacity > 0, !entries.contains(where: { $0.key == key }) else { return }
            if entries.count >= capacity { entries.removeFirst() }
            entries.append(Entry(key: key, document: document))
        }
        return document
    }
}
