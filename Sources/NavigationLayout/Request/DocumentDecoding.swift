import JSON

extension RequestDecoder {
    /// Parses a body for one of the documents the engine reads (a layout request, a scenario).
    static func parse(_ bytes: [UInt8], limits: JSONParser.Limits) throws(RequestError) -> JSONValue {
        do throws(JSONParseError) {
            return try JSONParser(limits: limits).parse(bytes)
        } catch {
            throw RequestError(error)
        }
    }

    /// Reads a parsed document with `read`, collecting every problem in document order rather than
    /// stopping at the first; throws them all when there is any.
    static func decode<Document>(
        _ value: JSONValue, with read: (inout RequestDecoder, JSONValue) -> Document?
    ) throws(RequestError) -> Document {
        var decoder = RequestDecoder()
        guard let document = read(&decoder, value), decoder.issues.isEmpty else {
            throw RequestError(issues: decoder.issues)
        }
        return document
    }

    /// Reads the member `name` of a request document with `read`, with the checks, paths and messages
    /// of a full decode of the document.
    static func decodeMember<Member>(
        _ name: StaticString, of value: JSONValue, with read: (inout RequestDecoder, JSONValue, JSONPath) -> Member?
    ) throws(RequestError) -> Member {
        try decode(value) { (decoder: inout RequestDecoder, value: JSONValue) -> Member? in
            let path = JSONPath.root
            guard case .object(let body) = value else {
                decoder.report(path, "expected the request to be an object, found \(value.typeDescription)")
                return nil
            }
            return decoder.required(body, "\(name)", at: path).flatMap {
                read(&decoder, $0, path.appending(field: name))
            }
        }
    }
}
