import JSON

extension LayoutRequest {
    /// Decodes only the `state` member of a request document, with the same checks, paths and
    /// messages as a full decode: a device matrix decodes its base once and each further navigation
    /// state's member on its own, since nothing else in a cell's request depends on the state.
    public static func decodeState(of value: JSONValue) throws(RequestError) -> NavigationState {
        try RequestDecoder.decode(value) { decoder, value in
            let path = JSONPath.root
            guard case .object(let body) = value else {
                decoder.report(path, "expected the request to be an object, found \(value.typeDescription)")
                return nil
            }
            return decoder.required(body, "state", at: path).flatMap {
                decoder.state($0, at: path.appending(field: "state"))
            }
        }
    }
}
