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
    /// `source` is the document's bytes when `value` is read from a tape of them (see `RequestDecoder.source`).
    static func decode<Node: JSONNode, Document>(
        _ value: Node, source: [UInt8]? = nil, with read: (inout RequestDecoder, Node) -> Document?
    ) throws(RequestError) -> Document {
        var decoder = RequestDecoder()
        decoder.source = source
        guard let document = read(&decoder, value), decoder.issues.isEmpty else {
            throw RequestError(issues: decoder.issues)
        }
        return document
    }
}
