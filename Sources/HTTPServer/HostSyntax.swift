/// The syntax of a Host value and of an absolute-form authority: `uri-host [ ":" port ]` of RFC 3986
/// (RFC 9112 section 3.2), where uri-host is an IP literal in brackets or a reg-name (which also
/// covers IPv4 addresses and may be empty).
enum HostSyntax {
    static func isValid(_ text: String) -> Bool {
        var rest = text.utf8[...]
        if rest.first == UInt8(ascii: "[") {
            // IP-literal: IPv6address or IPvFuture; both use only unreserved, sub-delims and ':'.
            guard let close = rest.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = rest[rest.index(after: rest.startIndex)..<close]
            guard !literal.isEmpty,
                literal.allSatisfy({ isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") })
            else { return false }
            rest = rest[rest.index(after: close)...]
        } else {
            // reg-name: unreserved, pct-encoded and sub-delims, up to the port's colon.
            while let byte = rest.first, byte != UInt8(ascii: ":") {
                if byte == UInt8(ascii: "%") {
                    let digits = rest.dropFirst().prefix(2)
                    guard digits.count == 2, digits.allSatisfy(ByteClass.isHexDigit) else { return false }
                    rest = rest.dropFirst(3)
                } else {
                    guard isUnreserved(byte) || isSubDelimiter(byte) else { return false }
                    rest = rest.dropFirst()
                }
            }
        }
        guard let colon = rest.first else { return true }
        guard colon == UInt8(ascii: ":") else { return false }
        return rest.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        "!$&'()*+,;=".utf8.contains(byte)
    }
}
