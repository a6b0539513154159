import Storage

/// The flags and commands that look after the data: `--backup-directory` of serve, and backup,
/// restore, export and import.
extension CommandLineParser {
    static let maintenanceUsage = """
        data commands (--database PATH or NAVLAYOUT_DATABASE, default ./navlayout.sqlite):
          backup OUT.sqlite          consistent copy of the live database (VACUUM INTO); never overwrites
          restore BACKUP.sqlite      check a backup (integrity, migrations) and put it in place of the
                [--migrations PATH]    database; the service must be stopped
          export TENANT              one tenant as JSON lines on standard output (keys without secrets)
          import FILE.jsonl          create a tenant from an export (- reads standard input); its keys
                [--migrations PATH]    are recorded revoked: issue new ones
          copy-database --from FILE --to URL
                [--migrations PATH]  copy a SQLite database into an empty PostgreSQL one (migrated
                                     first), keeping ids, versions, ETags and history order; the
                                     password as for serve (NAVLAYOUT_DATABASE_PASSWORD[_FILE])
          a file that exists, a damaged or newer backup, a tenant that exists, a bad line or a
          target that holds data exits 2.
        """

    static let backupFlags = ["--backup-directory"]

    func backupOptions(
        _ value: (String, String) -> (text: String, source: String)?, into configuration: inout ServiceConfiguration
    ) throws(CommandLineError) {
        if let folder = value("--backup-directory", "NAVLAYOUT_BACKUP_DIRECTORY") {
            guard !folder.text.isEmpty else { throw CommandLineError("\(folder.source) needs a folder") }
            configuration.backupDirectory = folder.text
        }
    }

    /// `copy-database --from FILE --to URL [--migrations PATH]`.
    func copyDatabaseCommand(_ arguments: [String], environment: [String: String]) throws(CommandLineError)
        -> MaintenanceCommand
    {
        let (positionals, flagArguments) = Self.positionalsAndFlags(arguments)
        guard positionals.isEmpty else {
            throw CommandLineError(
                "copy-database takes no argument but its flags, got \(positionals.joined(separator: " "))")
        }
        let flags = try Self.flagValues(flagArguments, valued: ["--from", "--to", "--migrations"], switches: [])
        guard let from = flags.values["--from"], !from.isEmpty else {
            throw CommandLineError("copy-database needs --from FILE, the SQLite database to copy")
        }
        guard let to = flags.values["--to"], PostgresURL.isURL(to) else {
            throw CommandLineError(
                "copy-database needs --to postgres://USER@HOST:PORT/DB, an empty PostgreSQL database")
        }
        let migrations =
            flags.values["--migrations"] ?? environment["NAVLAYOUT_MIGRATIONS"].flatMap { $0.isEmpty ? nil : $0 }
        return .copyDatabase(
            from: from, to: try Self.postgresURL((to, "--to"), environment: environment), migrationsPath: migrations)
    }

    func maintenanceCommand(_ command: String, _ arguments: [String], environment: [String: String])
        throws(CommandLineError) -> MaintenanceCommand
    {
        let (positionals, flagArguments) = Self.positionalsAndFlags(arguments)
        let takesMigrations = command == "restore" || command == "import"
        let flags = try Self.flagValues(
            flagArguments, valued: takesMigrations ? ["--database", "--migrations"] : ["--database"], switches: [])
        let what: String
        switch command {
        case "backup": what = "an output file"
        case "restore": what = "a backup file"
        case "export": what = "a tenant name"
        default: what = "an export file (or - for standard input)"
        }
        guard positionals.count == 1, let argument = positionals.first, !argument.isEmpty else {
            throw CommandLineError(
                positionals.isEmpty
                    ? "\(command) needs \(what)"
                    : "\(command) takes one argument, got \(positionals.count): \(positionals.joined(separator: " "))")
        }
        let database =
            flags.values["--database"] ?? environment["NAVLAYOUT_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ServiceConfiguration.defaultDatabasePath
        let migrations =
            flags.values["--migrations"] ?? environment["NAVLAYOUT_MIGRATIONS"].flatMap { $0.isEmpty ? nil : $0 }
        switch command {
        case "backup": return .backup(database: database, output: argument)
        case "restore": return .restore(database: database, backup: argument, migrationsPath: migrations)
        case "export": return .export(database: database, tenant: argument)
        default: return .importArchive(database: database, input: argument, migrationsPath: migrations)
        }
    }
}
