/// Text made safe for XML character data and attribute values.
public enum XMLEscaping {
    /// Escapes the five XML specials and replaces characters XML 1.0 forbids (control characters other
    /// than tab, line feed and carriage return; U+FFFE and U+FFFF) with U+FFFD, so that any item name a
    /// request may carry still gives a well-formed document.
    public static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    output += "\u{FFFD}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}
