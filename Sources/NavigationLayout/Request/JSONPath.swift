/// A location in a JSON document, printed the way error messages show it: `delegate.views.orderCard`,
/// `delegate.guidance.constraints[3]`, and `["odd key"]` for keys that are not plain names.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public private(set) var components: [Component]

    public static let root = JSONPath(components: [])

    public init(components: [Component]) {
        self.components = components
    }

    public func appending(_ key: String) -> JSONPath {
        JSONPath(components: components + [.key(key)])
    }

    public func appending(_ index: Int) -> JSONPath {
        JSONPath(components: components + [.index(index)])
    }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where ConstraintParser.isName(key):
                text += text.isEmpty ? key : "." + key
            case .key(let key):
                var quoted: [UInt8] = []
                JSONWriter.writeString(key, into: &quoted)
                text += "[" + String(decoding: quoted, as: UTF8.self) + "]"
            }
        }
        return text
    }
}
