import Foundation
import Storage

/// A PostgreSQL URL given to `--database`, with its password. The password may be in the URL, but
/// a flag's value is seen by anyone who lists the processes, so it also comes from
/// NAVLAYOUT_DATABASE_PASSWORD or from the file NAVLAYOUT_DATABASE_PASSWORD_FILE names (a mounted
/// secret); giving it in two places is an error rather than a guess at which one wins.
extension CommandLineParser {
    static func postgresURL(
        _ given: (text: String, source: String), environment: [String: String]
    ) throws(CommandLineError) -> PostgresURL {
        var url: PostgresURL
        do {
            url = try PostgresURL.parse(given.text)
        } catch {
            throw CommandLineError("\(given.source): \(error)")
        }
        var sources: [(password: String, source: String)] = []
        if let password = url.password { sources.append((password, given.source)) }
        if let password = environment["NAVLAYOUT_DATABASE_PASSWORD"], !password.isEmpty {
            sources.append((password, "NAVLAYOUT_DATABASE_PASSWORD"))
        }
        if let path = environment["NAVLAYOUT_DATABASE_PASSWORD_FILE"], !path.isEmpty {
            guard let data = FileManager.default.contents(atPath: path),
                let text = String(data: data, encoding: .utf8)
            else {
                throw CommandLineError("NAVLAYOUT_DATABASE_PASSWORD_FILE: cannot read \(path)")
            }
            // A secret file usually ends with a line feed that is not part of the password.
            let password = text.hasSuffix("\n") ? String(text.dropLast()) : text
            guard !password.isEmpty else {
                throw CommandLineError("NAVLAYOUT_DATABASE_PASSWORD_FILE: \(path) is empty")
            }
            sources.append((password, "NAVLAYOUT_DATABASE_PASSWORD_FILE"))
        }
        guard sources.count <= 1 else {
            throw CommandLineError(
                "the database password is given by \(sources.map(\.source).joined(separator: " and ")); give it once")
        }
        url.password = sources.first?.password
        return url
    }
}
