/// Minimal JSON string escaping for the bodies the server writes itself (problem details, access
/// log lines), so their field order is fixed and no encoder is needed on the error path. Public:
/// applications that write their own JSON text escape strings the same way.
public enum JSONText {
    /// A JSON string literal with the escapes RFC 8259 requires.
    public static func quoted(_ text: String) -> String {
        var output = "\""
        output.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where control.value < 0x20 || control.value == 0x7F:
                let digits = Array("0123456789abcdef")
                output += "\\u00" + String(digits[Int(control.value >> 4)]) + String(digits[Int(control.value & 0xF)])
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
        return output
    }
}
