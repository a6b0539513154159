/// Where a PostgreSQL database is: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?PARAMETERS]`
/// (`postgresql://` too), as libpq's URIs have it. User, password and database are percent-decoded;
/// a host in brackets is an IPv6 address. The parameters are the libpq keywords a deployment may
/// need to set (`sslmode`, `sslrootcert`, `target_session_attrs`, `application_name`, `options`);
/// any other is refused by name, so a typing mistake is not silently ignored.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    /// libpq keywords and values, in the order given.
    public var parameters: [Parameter]

    public struct Parameter: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public static let allowedParameters: Set<String> = [
        "sslmode", "sslrootcert", "sslcert", "sslkey", "target_session_attrs", "application_name", "options",
    ]

    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { "not a PostgreSQL URL: \(message)" }
    }

    /// Whether `text` is meant as a PostgreSQL URL rather than a SQLite path.
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    public static func parse(_ text: String) throws(ParseError) -> PostgresURL {
        let rest: Substring
        if text.hasPrefix("postgresql://") {
            rest = text.dropFirst("postgresql://".count)
        } else if text.hasPrefix("postgres://") {
            rest = text.dropFirst("postgres://".count)
        } else {
            throw ParseError(message: "it must start with postgres:// or postgresql://")
        }
        let (beforeQuery, query) = split(rest, at: "?")
        let (authority, path) = split(beforeQuery, at: "/")
        guard let path, !path.isEmpty else { throw ParseError(message: "it names no database (…/DATABASE)") }
        let database = try decode(path, what: "the database name")

        // The credentials end at the last "@": a password may hold one once percent-encoded only,
        // but users write it raw, and a host never holds one.
        guard let at = authority.lastIndex(of: "@") else {
            throw ParseError(message: "it names no user (USER@HOST)")
        }
        let credentials = authority[..<at]
        let (userPart, passwordPart) = split(credentials, at: ":")
        let user = try decode(userPart, what: "the user")
        guard !user.isEmpty else { throw ParseError(message: "the user is empty") }
        let password = try passwordPart.map { (part) throws(ParseError) in try decode(part, what: "the password") }

        let (host, port) = try hostAndPort(authority[authority.index(after: at)...])
        var parameters: [Parameter] = []
        if let query, !query.isEmpty {
            for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
                let (name, value) = split(pair, at: "=")
                let key = try decode(name, what: "a parameter name")
                guard allowedParameters.contains(key) else {
                    throw ParseError(
                        message:
                            "unknown parameter \(key) (known: \(allowedParameters.sorted().joined(separator: ", ")))")
                }
                parameters.append(Parameter(name: key, value: try decode(value ?? "", what: "parameter \(key)")))
            }
        }
        return PostgresURL(
            user: user, password: password, host: host, port: port, database: database, parameters: parameters)
    }

    /// The URL as text with the password hidden: what logs and errors may show.
    public var description: String {
        let hostText = host.contains(":") ? "[\(host)]" : host
        let credentials = password == nil ? user : "\(user):***"
        let query = parameters.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        return "postgres://\(credentials)@\(hostText):\(port)/\(database)" + (query.isEmpty ? "" : "?\(query)")
    }

    /// libpq's keyword/value connection string for this URL, with a connect time-out (whole
    /// seconds; libpq takes at least 2) and keywords the caller adds (they win over the URL's).
    public func connectionString(connectTimeoutSeconds: Int, extra: [Parameter] = []) -> String {
        var pairs: [Parameter] = [
            Parameter(name: "host", value: host), Parameter(name: "port", value: String(port)),
            Parameter(name: "dbname", value: database), Parameter(name: "user", value: user),
        ]
        if let password { pairs.append(Parameter(name: "password", value: password)) }
        pairs.append(Parameter(name: "connect_timeout", value: String(max(2, connectTimeoutSeconds))))
        let overridden = Set(extra.map(\.name))
        pairs += parameters.filter { !overridden.contains($0.name) } + extra
        return pairs.map { "\($0.name)=\(Self.quoted($0.value))" }.joined(separator: " ")
    }

    /// A value as libpq's connection strings quote it: in single quotes, with `\` and `'` escaped.
    static func quoted(_ value: String) -> String {
        var result = "'"
        for character in value {
            if character == "\\" || character == "'" { result.append("\\") }
            result.append(character)
        }
        return result + "'"
    }

    private static func split(_ text: Substring, at separator: Character) -> (Substring, Substring?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (text[..<index], text[text.index(after: index)...])
    }

    private static func hostAndPort(_ text: Substring) throws(ParseError) -> (String, Int) {
        var host: Substring
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw ParseError(message: "an IPv6 host lacks its ]") }
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw ParseError(message: "unexpected text after the host") }
                portText = after.dropFirst()
            }
        } else {
            (host, portText) = split(text, at: ":")
        }
        guard !host.isEmpty else { throw ParseError(message: "it names no host (USER@HOST)") }
        var port = 5432
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number) else {
                throw ParseError(message: "the port \(portText) is not a number from 1 to 65535")
            }
            port = number
        }
        return (String(host), port)
    }

    /// Percent-decoding of one URL component.
    private static func decode(_ text: Substring, what: String) throws(ParseError) -> String {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                guard high < utf8.endIndex, utf8.index(after: high) < utf8.endIndex,
                    let value = UInt8(
                        String(decoding: [utf8[high], utf8[utf8.index(after: high)]], as: UTF8.self), radix: 16)
                else {
                    throw ParseError(message: "\(what) has a % not followed by two hex digits")
                }
                bytes.append(value)
                index = utf8.index(high, offsetBy: 2)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw ParseError(message: "\(what) is not UTF-8 once decoded")
        }
        return decoded
    }
}
