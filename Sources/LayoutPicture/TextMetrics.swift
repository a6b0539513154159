/// Estimates how wide a line of text is, to fit labels into frames without measuring real glyphs.
///
/// The renderer cannot ask a font how wide text is (it emits SVG text for whatever renders it), so it
/// estimates with per-character widths close to DejaVu Sans, the widest of the usual sans-serif fallbacks:
/// a label that fits by this estimate also fits in Helvetica or Arial, which are narrower.
enum TextMetrics {
    /// Width in em of one character.
    static func advance(of scalar: Unicode.Scalar) -> Double {
        switch scalar {
        case "i", "j", "l", "'", "|", ".", ",", ":", ";", "!": return 0.28
        case " ", "\u{00B7}": return 0.32
        case "f", "r", "t", "I", "(", ")", "[", "]", "-", "/": return 0.40
        case "m", "w", "M", "W": return 0.90
        case "\u{2026}", "\u{2014}": return 1.0
        case "\u{00D7}": return 0.84
        case "0"..."9": return 0.64
        case "A"..."Z": return 0.70
        case "a"..."z": return 0.60
        default:
            // CJK and other wide scripts take a full em.
            return scalar.value >= 0x2E80 ? 1.0 : 0.65
        }
    }

    /// How much wider bold runs: DejaVu Sans Bold is about 12 % wider than the book weight.
    static let boldFactor = 1.12

    /// The estimated width of `text` at `fontSize`.
    static func width(of text: String, fontSize: Double, bold: Bool = false) -> Double {
        var ems = 0.0
        for scalar in text.unicodeScalars { ems += advance(of: scalar) }
        return ems * fontSize * (bold ? TextMetrics.boldFactor : 1)
    }

    /// `text` shortened with a trailing ellipsis so that it fits `maximumWidth`; nil when not even one
    /// character and the ellipsis fit.
    static func fit(_ text: String, into maximumWidth: Double, fontSize: Double, bold: Bool = false) -> String? {
        if width(of: text, fontSize: fontSize, bold: bold) <= maximumWidth { return text }
        let ellipsis = "\u{2026}"
        var budget = maximumWidth - width(of: ellipsis, fontSize: fontSize, bold: bold)
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let advance = self.advance(of: scalar) * fontSize * (bold ? TextMetrics.boldFactor : 1)
            guard advance <= budget else { break }
            budget -= advance
            kept.append(scalar)
        }
        guard !kept.isEmpty else { return nil }
        return String(kept) + ellipsis
    }

    /// `text` broken into lines no wider than `maximumWidth`, at spaces where possible; a word longer
    /// than a line is cut.
    static func wrap(_ text: String, into maximumWidth: Double, fontSize: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if width(of: candidate, fontSize: fontSize) <= maximumWidth {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = String(word)
            // A single word wider than the line: cut it into pieces that fit.
            while width(of: line, fontSize: fontSize) > maximumWidth {
                var piece = String.UnicodeScalarView()
                var rest = String.UnicodeScalarView()
                var used = 0.0
                for scalar in line.unicodeScalars {
                    let advance = self.advance(of: scalar) * fontSize
                    if rest.isEmpty, piece.isEmpty || used + advance <= maximumWidth {
                        piece.append(scalar)
                        used += advance
                    } else {
                        rest.append(scalar)
                    }
                }
                lines.append(String(piece))
                line = String(rest)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
