import JSON

extension LayoutRequest {
    /// Decodes only the screen of a request document (after any profile merge), with the checks, paths
    /// and messages of `decode(from:)`.
    ///
    /// For a document whose members other than the screen's geometry equal those of a document that
    /// decoded (the service's prepared layouts are keyed that way), this finds exactly the problems a
    /// full decode would: every other member was already found sound, and no check of the screen looks
    /// outside it.
    public static func decodeScreen(of value: JSONValue) throws(RequestError) -> Screen {
        try RequestDecoder.decodeMember("screen", of: value) { decoder, screen, path in decoder.screen(screen, at: path)
        }
    }
}
