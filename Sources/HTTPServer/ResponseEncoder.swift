/// Turns a response into the bytes of an HTTP/1.1 message with exact framing.
///
/// Framing is decided here and nowhere else: every response carries Content-Length (except the
/// statuses that forbid a body), handler-supplied framing headers are dropped so a handler cannot
/// produce an ambiguous message, and HEAD gets the GET headers without the body.
enum ResponseEncoder {
    private static let framingHeaders = ["Content-Length", "Transfer-Encoding", "Connection", "Date"]

    static func encode(
        _ response: Response, version: HTTPVersion, isHead: Bool, keepAlive: Bool
    ) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(160 + response.body.count)
        // A final response needs a status of 200 to 599: a 1xx would be read as interim (the client
        // would wait for another response forever) and other numbers cannot be parsed at all.
        let status = (200...599).contains(response.status.code) ? response.status : .internalServerError
        // Responses always claim HTTP/1.1, the highest version the server speaks (RFC 9110 section 6.2).
        output.append(contentsOf: "HTTP/1.1 \(status.code) ".utf8)
        // The reason phrase is text a handler may have built: like a field value, it must not be
        // able to end the status line.
        for byte in status.reasonPhrase.utf8 {
            output.append(ByteClass.isFieldValue(byte) ? byte : UInt8(ascii: " "))
        }
        output.append(contentsOf: "\r\n".utf8)
        for field in response.headers where !framingHeaders.contains(where: { HTTPHeaders.namesEqual($0, field.name) })
        {
            appendField(field.name, field.value, to: &output)
        }
        output.append(contentsOf: "Date: ".utf8)
        output.append(contentsOf: HTTPDate.current())
        output.append(contentsOf: "\r\n".utf8)
        if !status.forbidsBody {
            output.append(contentsOf: "Content-Length: \(response.body.count)\r\n".utf8)
        }
        if !keepAlive {
            output.append(contentsOf: "Connection: close\r\n".utf8)
        } else if version == .http10 {
            output.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        output.append(contentsOf: "\r\n".utf8)
        if !isHead && !status.forbidsBody {
            output.append(contentsOf: response.body)
        }
        return output
    }

    /// Writes one field, replacing any CR, LF or NUL a handler let into it: header injection must be
    /// impossible whatever a handler puts in a value.
    private static func appendField(_ name: String, _ value: String, to output: inout [UInt8]) {
        // A field without a name is malformed; clients may refuse the whole response for it.
        guard name.utf8.contains(where: ByteClass.isToken) else { return }
        for byte in name.utf8 where ByteClass.isToken(byte) { output.append(byte) }
        output.append(contentsOf: ": ".utf8)
        for byte in value.utf8 {
            output.append(ByteClass.isFieldValue(byte) ? byte : UInt8(ascii: " "))
        }
        output.append(contentsOf: "\r\n".utf8)
    }

    static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
}
