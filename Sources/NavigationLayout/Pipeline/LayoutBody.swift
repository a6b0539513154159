import JSON

/// A layout request body as it arrived: its bytes, the parsed document, and the stored profile it
/// names. Reading it is the first step of `LayoutPipeline`; fetching the named profile (from storage)
/// is the caller's, between this step and the solve.
public struct LayoutBody: Sendable {
    /// The bytes as sent; empty for a body built from a document alone (a file the command line
    /// read), whose stored form is then the document written out.
    public let bytes: [UInt8]
    public let document: JSONValue
    /// The profile named by `profile` and `profileVersion`; nil when the body names none.
    public let profile: ProfileReference?

    /// Why a body could not be read: it is not JSON at all, or it names a profile wrongly.
    public enum ReadError: Error, Sendable, Equatable {
        case notJSON(RequestError)
        case invalidProfileReference(RequestError)
    }

    /// Parses `bytes` (syntax errors with their line and column) and reads its profile reference.
    public static func read(_ bytes: [UInt8], limits: JSONParser.Limits = .default) throws(ReadError) -> LayoutBody {
        let document: JSONValue
        do throws(JSONParseError) {
            document = try JSONParser(limits: limits).parse(bytes)
        } catch {
            throw .notJSON(RequestError(error))
        }
        do throws(RequestError) {
            return try LayoutBody(bytes: bytes, document: document)
        } catch {
            throw .invalidProfileReference(error)
        }
    }

    /// A body from a parsed document; `bytes` are the text it was parsed from, if any. A `profile`
    /// or `profileVersion` of the wrong type is an error at its path.
    public init(bytes: [UInt8] = [], document: JSONValue) throws(RequestError) {
        self.bytes = bytes
        self.document = document
        profile = try ProfileReference(in: document)
    }

    /// The body laid over `profile` (unchanged without one); see `merge(_:profile:)`.
    public func document(mergedWith profile: StoredProfile?) -> JSONValue {
        Self.merge(document, profile: profile)
    }

    /// A document laid over the profile (`ProfileMerge`), with `profileVersion` set to the version
    /// merged so that the stored request says exactly what was solved.
    static func merge(_ document: JSONValue, profile: StoredProfile?) -> JSONValue {
        guard let profile, case .object(var object) = document else { return document }
        object["profileVersion"] = .number(Double(profile.version))
        return ProfileMerge.merge(profile: profile.document, request: .object(object))
    }
}

/// `profile` (a name) and `profileVersion` (a version, else the latest) of a request body.
public struct ProfileReference: Sendable, Equatable {
    public var name: String
    public var version: Int?

    public init(name: String, version: Int?) {
        self.name = name
        self.version = version
    }

    /// The reference in `document`; nil when it names no profile (null stands for absent, as
    /// everywhere in a request). A name or version of the wrong type is an error at its path.
    init?(in document: JSONValue) throws(RequestError) {
        guard case .object(let object) = document, let profile = object["profile"], profile != .null else {
            return nil
        }
        guard case .string(let name) = profile, !name.isEmpty else {
            throw RequestError(path: "profile", message: "expected a profile name, found \(profile.typeDescription)")
        }
        switch object["profileVersion"] {
        case nil, .null?:
            self.init(name: name, version: nil)
        case .number(let number)?:
            guard number >= 1, number <= 9_007_199_254_740_992, number.rounded() == number else {
                throw RequestError(path: "profileVersion", message: "expected a version number (1 or more)")
            }
            self.init(name: name, version: Int(number))
        case let other?:
            throw RequestError(path: "profileVersion", message: "expected a number, found \(other.typeDescription)")
        }
    }
}

/// A stored profile's document at one version, as the pipeline merges it under a body.
public struct StoredProfile: Sendable, Equatable {
    public var name: String
    public var version: Int
    public var document: JSONValue

    public init(name: String, version: Int, document: JSONValue) {
        self.name = name
        self.version = version
        self.document = document
    }
}
