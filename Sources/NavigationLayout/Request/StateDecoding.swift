import JSON

extension LayoutRequest {
    /// Decodes only the `state` member of a request document, with the same checks, paths and
    /// messages as a full decode: a device matrix decodes its base once and each further navigation
    /// state's member on its own, since nothing else in a cell's request depends on the state.
    public static func decodeState(of value: JSONValue) throws(RequestError) -> NavigationState {
        try RequestDecoder.decodeMember("state", of: value) { decoder, state, path in decoder.state(state, at: path) }
    }
}
