import JSON
import NavigationLayout
import SwiftDelegate
import Synchronization

/// The app's Swift delegate where a request or profile would carry a delegate document:
/// `"delegateSource": {"swift": "...", "path": "App/NavLayout.swift", "class": "NavLayout"}`.
///
/// Resolving a document imports the source (`SwiftDelegateImport`) and sets `delegate` to what it
/// reads, keeping `delegateSource` beside it (the engine ignores it next to a delegate). Imports are
/// kept by their content (source, path, class), failures included, so a source sent again costs a
/// lookup, as a request sent again finds its prepared layout.
public final class SwiftImports: Sendable {
    /// An import's identity: the source, path and class. Equality compares the whole source; the
    /// hash reads its length and its first and last bytes only, so a source sent again costs one
    /// comparison of its bytes, not a hash of every byte as well.
    struct Key: Hashable {
        var swift: String
        var path: String
        var className: String?

        func hash(into hasher: inout Hasher) {
            let utf8 = swift.utf8
            hasher.combine(utf8.count)
            for byte in utf8.prefix(64) { hasher.combine(byte) }
            for byte in utf8.suffix(64) { hasher.combine(byte) }
            hasher.combine(path)
            hasher.combine(className)
        }
    }

    /// An import kept: the report (for `POST /v1/imports/swift`) and the delegate document, or the
    /// errors. A class, so that marking it used does not write the table again.
    final class Entry: @unchecked Sendable {
        let outcome: Result<Imported, SwiftImportError>
        /// Written under the cache's lock only.
        var lastUse: UInt64

        init(outcome: Result<Imported, SwiftImportError>, lastUse: UInt64) {
            self.outcome = outcome
            self.lastUse = lastUse
        }
    }

    /// A successful import: the report, and the delegate document parsed and as compact bytes.
    struct Imported {
        var report: [UInt8]
        var delegate: JSONValue
        var delegateBytes: [UInt8]
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var uses: UInt64 = 0
    }

    private let state = Mutex(State())
    let capacity: Int
    let maximumBytes: Int

    /// Keeps at most `capacity` imports and `maximumBytes` of their sources.
    public init(capacity: Int = 64, maximumBytes: Int = 16 << 20) {
        self.capacity = capacity
        self.maximumBytes = maximumBytes
    }

    public var count: Int { state.withLock { $0.entries.count } }

    /// The import of `swift` (as the file at `path`; `className` picks the delegate), from the cache
    /// when it was imported before.
    func importing(_ swift: String, path: String, className: String?) -> Entry {
        let key = Key(swift: swift, path: path, className: className)
        if let entry = state.withLock({ state -> Entry? in
            guard let entry = state.entries[key] else { return nil }
            state.uses += 1
            entry.lastUse = state.uses
            return entry
        }) {
            return entry
        }
        let outcome: Result<Imported, SwiftImportError>
        do throws(SwiftImportError) {
            let imported = try SwiftDelegateImport.run(Array(swift.utf8), path: path, className: className)
            let bytes = imported.delegateJSON
            let delegate = (try? JSONParser().parse(bytes)) ?? .object(JSONObject())
            outcome = .success(
                Imported(report: imported.reportJSON(pretty: false), delegate: delegate, delegateBytes: bytes))
        } catch {
            outcome = .failure(error)
        }
        return state.withLock { state in
            state.uses += 1
            let entry = Entry(outcome: outcome, lastUse: state.uses)
            if state.entries.updateValue(entry, forKey: key) == nil { state.bytes += swift.utf8.count }
            while state.entries.count > capacity || (state.bytes > maximumBytes && state.entries.count > 1) {
                guard let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key else { break }
                state.entries[oldest] = nil
                state.bytes -= oldest.swift.utf8.count
            }
            return entry
        }
    }

    /// Whether the source (its text, path and class) has been imported and is kept.
    func isKept(_ swift: String, path: String, className: String?) -> Bool {
        let key = Key(swift: swift, path: path, className: className)
        return state.withLock { $0.entries[key] != nil }
    }

    // MARK: Documents

    /// Whether `document` carries a `delegateSource`.
    static func hasSource(_ document: JSONValue) -> Bool {
        guard case .object(let object) = document, let source = object["delegateSource"] else { return false }
        return !source.isNull
    }

    /// Whether resolving `document` would find its import kept (or has nothing to import): then it
    /// costs a lookup, and is done on the caller's thread.
    func hasImported(_ document: JSONValue) -> Bool {
        guard case .object(let object) = document, let source = object["delegateSource"], !source.isNull,
            let fields = try? Self.fields(of: source)
        else { return true }
        return isKept(fields.swift, path: fields.path, className: fields.className)
    }

    /// `document` with `delegate` read from its `delegateSource`; unchanged without one. A client's
    /// body may not carry both (`allowingDelegate: false`); a stored profile does, and its source wins.
    /// Import errors are the request's, at `delegateSource.swift`, each with the line and column.
    public func resolve(_ document: JSONValue, allowingDelegate: Bool = false) throws(RequestError) -> JSONValue {
        try resolved(document, allowingDelegate: allowingDelegate)?.document ?? document
    }

    /// A body as sent (`bytes`, parsed into `document`) with its delegate read from its source: the
    /// document, and the bytes history keeps, which are the bytes sent with the delegate spliced in as
    /// their first member (the import's own bytes, so nothing is written again). Unchanged without a
    /// source.
    public func resolveBody(bytes: [UInt8], document: JSONValue) throws(RequestError) -> (
        bytes: [UInt8], document: JSONValue
    ) {
        guard let resolved = try resolved(document, allowingDelegate: false) else { return (bytes, document) }
        guard let open = bytes.firstIndex(of: UInt8(ascii: "{")) else { return (bytes, resolved.document) }
        var stored: [UInt8] = []
        stored.reserveCapacity(bytes.count + resolved.delegateBytes.count + 16)
        stored.append(contentsOf: #"{"delegate":"#.utf8)
        stored.append(contentsOf: resolved.delegateBytes)
        stored.append(UInt8(ascii: ","))
        stored.append(contentsOf: bytes[(open + 1)...])
        return (stored, resolved.document)
    }

    private func resolved(_ document: JSONValue, allowingDelegate: Bool) throws(RequestError) -> (
        document: JSONValue, delegateBytes: [UInt8]
    )? {
        guard case .object(var object) = document, let source = object["delegateSource"], !source.isNull else {
            return nil
        }
        let (swift, path, className) = try Self.fields(of: source)
        if !allowingDelegate, let delegate = object["delegate"], !delegate.isNull {
            throw RequestError(
                path: "delegate",
                message: "give delegate or delegateSource, not both: the delegate is read from the source")
        }
        switch importing(swift, path: path, className: className).outcome {
        case .success(let imported):
            object["delegate"] = imported.delegate
            return (.object(object), imported.delegateBytes)
        case .failure(let error):
            throw error.requestError(at: "delegateSource.swift")
        }
    }

    /// The members of a `delegateSource` object: `swift` (required), `path` (default
    /// `delegate.swift`) and `class`.
    static func fields(of source: JSONValue) throws(RequestError) -> (swift: String, path: String, className: String?) {
        guard case .object(let object) = source else {
            throw RequestError(
                path: "delegateSource",
                message: "expected an object {\"swift\", \"path\", \"class\"}, found \(source.typeDescription)")
        }
        var issues: [RequestError.Issue] = []
        for member in object.members where !["swift", "path", "class"].contains(member.key) {
            issues.append(
                RequestError.Issue(
                    path: "delegateSource.\(member.key)", message: "unknown field; known fields: swift, path, class"))
        }
        func text(_ key: String) -> String? {
            guard let value = object[key], !value.isNull else { return nil }
            guard let string = value.stringValue else {
                issues.append(
                    RequestError.Issue(
                        path: "delegateSource.\(key)", message: "expected a string, found \(value.typeDescription)"))
                return nil
            }
            return string
        }
        let swift = text("swift")
        if object["swift"] == nil || object["swift"]?.isNull == true {
            issues.append(RequestError.Issue(path: "delegateSource.swift", message: "required field is missing"))
        }
        let path = text("path") ?? "delegate.swift"
        let className = text("class")
        if path.isEmpty { issues.append(RequestError.Issue(path: "delegateSource.path", message: "cannot be empty")) }
        guard issues.isEmpty, let swift else { throw RequestError(issues: issues) }
        return (swift, path, className)
    }
}
