/// Durations as operators write them: a whole number and a unit, `90s`, `15m`, `12h`, `30d`.
enum DurationText {
    static func parse(_ text: String) -> Duration? {
        guard let unit = text.last, let value = Int64(text.dropLast()), value > 0 else { return nil }
        let seconds: Int64
        switch unit {
        case "s": seconds = 1
        case "m": seconds = 60
        case "h": seconds = 3600
        case "d": seconds = 86_400
        default: return nil
        }
        let (total, overflow) = value.multipliedReportingOverflow(by: seconds)
        guard !overflow, total < Int64.max / 1_000_000 else { return nil }
        return .seconds(total)
    }
}
