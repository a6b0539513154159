import HTTPServer
import NavigationLayout
import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the executable's arguments and environment into a `NavlayoutCommand`. Flags win over
/// environment variables, which win over the defaults; every mistake is a `CommandLineError` that
/// names the flag or variable and the value.
public struct CommandLineParser: Sendable {
    public static let usage = """
        usage: navlayout <command> [options]

        commands:
          serve                      serve the HTTP API
          migrate                    apply pending database migrations (--status: report only, change nothing)
          solve REQUEST.json         solve a layout request and print the result JSON
                [--svg OUT.svg]        also draw the layout as SVG
          check REQUEST.json         solve and list the diagnostics; exit 1 when any is an error
                [--format text|github|sarif|junit]  swiftc's shape for Swift (text), workflow annotations,
                                       SARIF 2.1.0, or JUnit XML
          convert SETTINGS.json      built-in settings (or a request with settings) to a delegate document
          matrix REQUEST.json        solve across the device matrix and print the table; exit 1 when any
                [--devices a,b]        cell has an error; --devices picks device ids (GET /v1/devices)
                [--svg OUT.svg]        also draw the contact sheet
          import-swift FILE.swift    read a Swift layout delegate and print its delegate document, with a
                [--class NAME]         sourceMap to the lines that made each part; exit 2 with compiler-style
                                       errors on a file it cannot read
          export-swift REQUEST.json  write the request's delegate (or a bare delegate document) as a Swift
                [--class NAME]         delegate class in the SDK documentation's style
          solve, check and matrix take a Swift delegate file (FILE.swift) in place of a request:
                [--class NAME]         the delegate class, when the file has several
                [--device ID]          the screen: a device preset (default: the first), or
                [--screen WxH]         a screen of that size with no safe-area insets (solve, check)
                [--orientation portrait|landscape] [--direction ltr|rtl]
                [--state ready|guidance|prompt]  the navigation state (default guidance)
          diff BEFORE.json AFTER.json  solve both across the same device matrix and compare every cell:
                [--devices a,b]        what moved, appeared or vanished, diagnostics introduced and
                [--tolerance 0.5]      resolved; exit 1 when a cell regressed with an error (--fail-on
                [--fail-on error]      error), with an error or a warning (warning), or changed (change)
                [--format text|json|markdown|junit|sarif]
                [--svg OUT.svg]        also draw the contact sheet, changed cells as overlays
          a side is a request file, a bare delegate document (the object of a request's "delegate"),
          profile:NAME[@VERSION] or layout:ID, read from the service's database with --database PATH
          [NAVLAYOUT_DATABASE] and --tenant NAME.
          a file name of - reads standard input; a bad file or request exits 2 naming the path and position.

        serve options (environment variable in brackets):
          --address A              listen address, dotted IPv4 [NAVLAYOUT_ADDRESS] (default 127.0.0.1)
          --port N                 TCP port, 0 for any free one [NAVLAYOUT_PORT] (default 8080)
          --database PATH|URL      SQLite file, or postgres://USER@HOST:PORT/DB [NAVLAYOUT_DATABASE]
                                   (default ./navlayout.sqlite); a PostgreSQL password comes from the URL,
                                   [NAVLAYOUT_DATABASE_PASSWORD] or the file [NAVLAYOUT_DATABASE_PASSWORD_FILE]
          --database-pool N        PostgreSQL connections at most [NAVLAYOUT_DATABASE_POOL] (default 8)
          --migrations PATH        migrations folder [NAVLAYOUT_MIGRATIONS]
                                   (default: Migrations beside the binary, else ./Migrations)
          --event-loops N          socket threads [NAVLAYOUT_EVENT_LOOPS] (default: one per core)
          --max-body-bytes N       largest request body [NAVLAYOUT_MAX_BODY_BYTES] (default 1048576)
          --max-connections N      open connections at most [NAVLAYOUT_MAX_CONNECTIONS] (default 10000)
          --retention-max-age D    drop history older than D, e.g. 30d, 12h [NAVLAYOUT_RETENTION_MAX_AGE]
          --retention-max-count N  keep at most N layouts per tenant [NAVLAYOUT_RETENTION_MAX_COUNT]
          --retention-interval D   how often retention runs [NAVLAYOUT_RETENTION_INTERVAL] (default 5m)
          --access-log WHERE       stderr, stdout or off [NAVLAYOUT_ACCESS_LOG] (default stderr)
          --body-timeout D         a request body must arrive in full within D of its head, or 408
                                   [NAVLAYOUT_BODY_TIMEOUT] (default 30s)
          --max-connections-per-address N
                                   open connections from one client address; more are refused with 503
                                   [NAVLAYOUT_MAX_CONNECTIONS_PER_ADDRESS]
                                   (default: a quarter of --max-connections, at most 256)
          --backup-directory PATH  where POST /v1/admin/backup writes [NAVLAYOUT_BACKUP_DIRECTORY]
                                   (default: backups beside the database file)
          --max-views N            a delegate's own views, guides and stacks [NAVLAYOUT_MAX_VIEWS] (default 500)
          --max-constraints N      constraints in a delegate [NAVLAYOUT_MAX_CONSTRAINTS] (default 5000)
          --max-priority-levels N  distinct priorities below required [NAVLAYOUT_MAX_PRIORITY_LEVELS] (default 64)
          --max-stack-members N    views arranged in hiding stacks [NAVLAYOUT_MAX_STACK_MEMBERS] (default 64)
          --max-solver-work N      solver work per solve, in row entries [NAVLAYOUT_MAX_SOLVER_WORK]
                                   (default 50000000, about half a second); a request over any limit is a 422
          --prepared-cache-bytes N estimated bytes of prepared layouts kept [NAVLAYOUT_PREPARED_CACHE_BYTES]
                                   (default 268435456)
          --solver-threads N       threads that solve large layouts, matrices and scenarios, apart from those
                                   that answer reads and health [NAVLAYOUT_SOLVER_THREADS] (default: one per core)
          the admin token comes from NAVLAYOUT_ADMIN_TOKEN only (never a flag: flags show in ps);
          without it a token is generated on a new database and printed once.

        migrate options: --database PATH, --migrations PATH, --status
        """ + "\n\n" + maintenanceUsage

    public init() {}

    public func parse(arguments: [String], environment: [String: String]) throws(CommandLineError)
        -> NavlayoutCommand
    {
        guard let command = arguments.first else { return .help }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "serve": return .serve(try serveConfiguration(rest, environment: environment))
        case "migrate": return try migrate(rest, environment: environment)
        case "solve", "check", "convert", "matrix", "import-swift", "export-swift":
            return .layout(try layoutCommand(command, rest))
        case "diff": return .layout(try diffCommand(rest, environment: environment))
        case "backup", "restore", "export", "import":
            return .maintenance(try maintenanceCommand(command, rest, environment: environment))
        case "copy-database":
            return .maintenance(try copyDatabaseCommand(rest, environment: environment))
        case "help", "--help", "-h": return .help
        default:
            throw CommandLineError(
                "unknown command '\(command)'; the commands are serve, migrate, solve, check, convert, matrix, "
                    + "backup, restore, export, import and copy-database")
        }
    }

    // MARK: serve

    private static let serveFlags =
        [
            "--address", "--port", "--database", "--database-pool", "--migrations", "--event-loops", "--max-body-bytes",
            "--max-connections", "--retention-max-age", "--retention-max-count", "--retention-interval",
            "--access-log",
        ] + backupFlags + engineFlags
    /// What one slow or greedy client may hold: the body deadline and the per-address connection cap.
    private static let clientLimitFlags = ["--body-timeout", "--max-connections-per-address"]

    private func serveConfiguration(_ arguments: [String], environment: [String: String]) throws(CommandLineError)
        -> ServiceConfiguration
    {
        let flags = try Self.flagValues(arguments, valued: Self.serveFlags + Self.clientLimitFlags, switches: [])
        func value(_ flag: String, _ variable: String) -> (text: String, source: String)? {
            if let text = flags.values[flag] { return (text, flag) }
            if let text = environment[variable], !text.isEmpty { return (text, variable) }
            return nil
        }
        var configuration = ServiceConfiguration()
        if let address = value("--address", "NAVLAYOUT_ADDRESS") {
            guard Self.isIPv4(address.text) else {
                throw CommandLineError(
                    "\(address.source): '\(address.text)' is not a dotted IPv4 address such as 0.0.0.0")
            }
            configuration.server.host = address.text
        }
        if let port = value("--port", "NAVLAYOUT_PORT") {
            configuration.server.port = try Self.integer(port, in: 0...65535)
        }
        if let database = value("--database", "NAVLAYOUT_DATABASE") {
            if PostgresURL.isURL(database.text) {
                configuration.postgres = try Self.postgresURL(database, environment: environment)
            } else {
                configuration.database = .file(path: database.text)
            }
        }
        if let pool = value("--database-pool", "NAVLAYOUT_DATABASE_POOL") {
            configuration.databasePoolSize = try Self.integer(pool, in: 1...256)
        }
        if let migrations = value("--migrations", "NAVLAYOUT_MIGRATIONS") {
            configuration.migrationsPath = migrations.text
        }
        if let loops = value("--event-loops", "NAVLAYOUT_EVENT_LOOPS") {
            configuration.server.eventLoopCount = try Self.integer(loops, in: 1...256)
        }
        if let body = value("--max-body-bytes", "NAVLAYOUT_MAX_BODY_BYTES") {
            configuration.server.limits.maxBodySize = try Self.integer(body, in: 1...(1 << 30))
        }
        if let connections = value("--max-connections", "NAVLAYOUT_MAX_CONNECTIONS") {
            configuration.server.limits.maxConnections = try Self.integer(connections, in: 1...1_000_000)
        }
        if let age = value("--retention-max-age", "NAVLAYOUT_RETENTION_MAX_AGE") {
            configuration.retention.maximumAge = try Self.duration(age)
        }
        if let count = value("--retention-max-count", "NAVLAYOUT_RETENTION_MAX_COUNT") {
            configuration.retention.maximumCountPerTenant = try Self.integer(count, in: 1...Int(Int32.max))
        }
        if let interval = value("--retention-interval", "NAVLAYOUT_RETENTION_INTERVAL") {
            configuration.retentionInterval = try Self.duration(interval)
        }
        if let log = value("--access-log", "NAVLAYOUT_ACCESS_LOG") {
            switch log.text {
            case "stderr": configuration.accessLog = FileDescriptorLogSink(descriptor: STDERR_FILENO)
            case "stdout": configuration.accessLog = FileDescriptorLogSink(descriptor: STDOUT_FILENO)
            case "off": configuration.accessLog = nil
            default: throw CommandLineError("\(log.source): '\(log.text)' is not one of stderr, stdout, off")
            }
        }
        // Client limits.
        if let timeout = value("--body-timeout", "NAVLAYOUT_BODY_TIMEOUT") {
            let duration = try Self.duration(timeout)
            guard duration <= .seconds(3600) else {
                throw CommandLineError("\(timeout.source): '\(timeout.text)' is longer than an hour")
            }
            configuration.server.limits.bodyReadTimeout = duration
        }
        if let perAddress = value("--max-connections-per-address", "NAVLAYOUT_MAX_CONNECTIONS_PER_ADDRESS") {
            configuration.server.limits.maxConnectionsPerAddress = try Self.integer(perAddress, in: 1...1_000_000)
        }
        try backupOptions(value, into: &configuration)
        try engineOptions(value, into: &configuration)
        if let token = environment[AdminTokenRepository.environmentVariable], !token.isEmpty {
            guard token.count >= AdminTokenRepository.minimumLength, !token.contains(where: \.isWhitespace) else {
                throw CommandLineError(
                    "\(AdminTokenRepository.environmentVariable) needs at least \(AdminTokenRepository.minimumLength) characters and no whitespace"
                )
            }
            configuration.adminToken = token
        }
        return configuration
    }

    // MARK: migrate

    private func migrate(_ arguments: [String], environment: [String: String]) throws(CommandLineError)
        -> NavlayoutCommand
    {
        let flags = try Self.flagValues(arguments, valued: ["--database", "--migrations"], switches: ["--status"])
        let databasePath =
            flags.values["--database"] ?? environment["NAVLAYOUT_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ServiceConfiguration.defaultDatabasePath
        let migrations =
            flags.values["--migrations"] ?? environment["NAVLAYOUT_MIGRATIONS"].flatMap { $0.isEmpty ? nil : $0 }
        return .migrate(
            database: .file(path: databasePath), migrationsPath: migrations,
            statusOnly: flags.switches.contains("--status"))
    }

    // MARK: Layout commands

    private func layoutCommand(_ command: String, _ arguments: [String]) throws(CommandLineError) -> LayoutCommand {
        // One input file (or -) and the command's flags, in any order.
        let (inputs, flagArguments) = Self.positionalsAndFlags(arguments)
        var valued: [String]
        switch command {
        case "solve": valued = ["--svg"]
        case "matrix": valued = ["--svg", "--devices"]
        default: valued = []
        }
        switch command {
        case "import-swift", "export-swift": valued = ["--class"]
        case "matrix": valued += ["--class", "--state"]
        case "solve": valued += Self.swiftInputFlags
        case "check": valued += Self.swiftInputFlags + ["--format"]
        default: break
        }
        let flags = try Self.flagValues(flagArguments, valued: valued, switches: [])
        guard inputs.count == 1, let input = inputs.first, !input.isEmpty else {
            throw CommandLineError(
                inputs.isEmpty
                    ? "\(command) needs a request file (or - for standard input)"
                    : "\(command) takes one request file, got \(inputs.count): \(inputs.joined(separator: " "))")
        }
        let svg = flags.values["--svg"]
        if let svg, svg.isEmpty || svg == LayoutCommand.standardInput {
            throw CommandLineError("--svg needs a file name")
        }
        // import-swift and export-swift read --class themselves; the others take it among the options
        // of a Swift file.
        let readsSwiftOptions = ["solve", "check", "matrix"].contains(command)
        let swift = readsSwiftOptions ? try Self.swiftInputOptions(flags.values) : SwiftInputOptions()
        if swift != SwiftInputOptions(), !input.hasSuffix(".swift") {
            throw CommandLineError(
                "--class, --device, --orientation, --screen, --state and --direction describe a Swift delegate file (FILE.swift); a request file says them itself"
            )
        }
        switch command {
        case "solve": return .solve(input: input, svgOutput: svg, swift: swift)
        case "check":
            var format = CheckReportFormat.text
            if let name = flags.values["--format"] {
                guard let chosen = CheckReportFormat(rawValue: name) else {
                    throw CommandLineError(
                        "--format takes \(CheckReportFormat.allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'"
                    )
                }
                format = chosen
            }
            return .check(input: input, swift: swift, format: format)
        case "convert": return .convert(input: input)
        case "import-swift": return .importSwift(input: input, className: flags.values["--class"])
        case "export-swift":
            return .exportSwift(input: input, className: flags.values["--class"] ?? "ExportedLayoutDelegate")
        default:
            return .matrix(
                input: input, devices: try Self.deviceList(flags.values["--devices"]), svgOutput: svg, swift: swift)
        }
    }

    static let swiftInputFlags = ["--class", "--device", "--orientation", "--screen", "--state", "--direction"]

    /// The options of a Swift delegate file: `--class NAME --device ID --orientation portrait|landscape
    /// --screen WIDTHxHEIGHT --state ready|guidance|prompt --direction ltr|rtl`.
    private static func swiftInputOptions(_ values: [String: String]) throws(CommandLineError) -> SwiftInputOptions {
        var options = SwiftInputOptions()
        if let name = values["--class"] {
            guard !name.isEmpty else { throw CommandLineError("--class needs a class name") }
            options.className = name
        }
        if let device = values["--device"] {
            guard DeviceCatalog.preset(id: device) != nil else {
                throw CommandLineError(
                    "--device: no preset '\(device)'; GET /v1/devices lists them")
            }
            options.device = device
        }
        if let orientation = values["--orientation"] {
            guard let choice = SwiftInputOptions.DeviceOrientationChoice(rawValue: orientation) else {
                throw CommandLineError("--orientation takes portrait or landscape, not '\(orientation)'")
            }
            options.orientation = choice
        }
        if let screen = values["--screen"] {
            let parts = screen.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
                (1...10_000).contains(width), (1...10_000).contains(height)
            else {
                throw CommandLineError(
                    "--screen takes WIDTHxHEIGHT in points from 1 to 10000, such as 393x852, not '\(screen)'")
            }
            guard options.device == nil else { throw CommandLineError("give --device or --screen, not both") }
            options.screen = SwiftInputOptions.ScreenSize(width: width, height: height)
        }
        if let state = values["--state"] {
            guard let choice = SwiftInputOptions.StateChoice(rawValue: state) else {
                throw CommandLineError("--state takes ready, guidance or prompt, not '\(state)'")
            }
            options.state = choice
        }
        if let direction = values["--direction"] {
            guard direction == "ltr" || direction == "rtl" else {
                throw CommandLineError("--direction takes ltr or rtl, not '\(direction)'")
            }
            options.rightToLeft = direction == "rtl"
        }
        return options
    }

    /// `--devices a,b,c`, or nil when the flag is absent.
    private static func deviceList(_ list: String?) throws(CommandLineError) -> [String]? {
        guard let list else { return nil }
        let ids = list.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0.filter { !$0.isWhitespace })
        }
        guard !ids.isEmpty, !ids.contains(where: \.isEmpty) else {
            throw CommandLineError("--devices: '\(list)' is not a comma-separated list of device ids")
        }
        return ids
    }

    /// `diff BEFORE AFTER [--devices a,b] [--tolerance P] [--fail-on error|warning|change]
    /// [--format text|json|markdown|junit|sarif] [--svg OUT.svg]`.
    private func diffCommand(_ arguments: [String], environment: [String: String]) throws(CommandLineError)
        -> LayoutCommand
    {
        let (inputs, flagArguments) = Self.positionalsAndFlags(arguments)
        let flags = try Self.flagValues(
            flagArguments,
            valued: ["--devices", "--tolerance", "--fail-on", "--format", "--svg", "--database", "--tenant"],
            switches: [])
        guard inputs.count == 2, !inputs.contains(where: \.isEmpty) else {
            throw CommandLineError("diff takes two request files, BEFORE and AFTER, got \(inputs.count)")
        }
        var options = DiffOptions(devices: try Self.deviceList(flags.values["--devices"]))
        if let text = flags.values["--tolerance"] {
            guard let tolerance = Double(text), tolerance.isFinite, tolerance >= 0, tolerance <= 10_000 else {
                throw CommandLineError("--tolerance: '\(text)' is not a number of points from 0 to 10000")
            }
            options.tolerance = tolerance
        }
        if let text = flags.values["--fail-on"] {
            guard let failOn = DiffOptions.FailOn(rawValue: text) else {
                throw CommandLineError("--fail-on: '\(text)' is not one of error, warning, change")
            }
            options.failOn = failOn
        }
        if let text = flags.values["--format"] {
            guard let format = DiffReportFormat(rawValue: text) else {
                throw CommandLineError("--format: '\(text)' is not one of text, json, markdown, junit, sarif")
            }
            options.format = format
        }
        if let path = flags.values["--svg"] {
            guard !path.isEmpty else { throw CommandLineError("--svg needs a file name") }
            options.svgOutput = path
        }
        if inputs.contains(where: StoredDiffSide.isStored) {
            guard let tenant = flags.values["--tenant"], !tenant.isEmpty else {
                throw CommandLineError("a profile: or layout: side needs --tenant NAME")
            }
            options.tenant = tenant
            options.database =
                flags.values["--database"] ?? environment["NAVLAYOUT_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
                ?? ServiceConfiguration.defaultDatabasePath
        }
        return .diff(before: inputs[0], after: inputs[1], options: options)
    }

    // MARK: Pieces

    /// Arguments that are not flags, and the flags with their values, for commands that take both in
    /// any order.
    static func positionalsAndFlags(_ arguments: [String]) -> (positionals: [String], flags: [String]) {
        var positionals: [String] = []
        var flagArguments: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--") {
                flagArguments.append(argument)
                if !argument.contains("="), index + 1 < arguments.count {
                    flagArguments.append(arguments[index + 1])
                    index += 1
                }
            } else {
                positionals.append(argument)
            }
            index += 1
        }
        return (positionals, flagArguments)
    }

    struct Flags {
        var values: [String: String] = [:]
        var switches: Set<String> = []
    }

    /// `--flag value` and `--flag=value` for valued flags, bare switches; anything else is an error.
    static func flagValues(_ arguments: [String], valued: [String], switches: [String]) throws(CommandLineError)
        -> Flags
    {
        var flags = Flags()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if switches.contains(name) {
                guard inlineValue == nil else { throw CommandLineError("\(name) takes no value") }
                flags.switches.insert(name)
            } else if valued.contains(name) {
                guard flags.values[name] == nil else { throw CommandLineError("\(name) is given twice") }
                if let inlineValue {
                    flags.values[name] = inlineValue
                } else {
                    index += 1
                    guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                        throw CommandLineError("\(name) needs a value")
                    }
                    flags.values[name] = arguments[index]
                }
            } else {
                throw CommandLineError("unknown option '\(argument)'")
            }
            index += 1
        }
        return flags
    }

    static func integer(_ value: (text: String, source: String), in range: ClosedRange<Int>)
        throws(CommandLineError)
        -> Int
    {
        guard let number = Int(value.text), range.contains(number) else {
            throw CommandLineError(
                "\(value.source): '\(value.text)' is not a whole number from \(range.lowerBound) to \(range.upperBound)"
            )
        }
        return number
    }

    private static func duration(_ value: (text: String, source: String)) throws(CommandLineError) -> Duration {
        guard let duration = DurationText.parse(value.text) else {
            throw CommandLineError(
                "\(value.source): '\(value.text)' is not a duration such as 90s, 15m, 12h or 30d")
        }
        return duration
    }

    static func isIPv4(_ text: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1
    }
}
