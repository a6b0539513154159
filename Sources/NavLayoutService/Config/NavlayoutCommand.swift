import HTTPServer
import Storage

/// What the executable was asked to do.
public enum NavlayoutCommand: Sendable {
    /// Serve the API with this configuration.
    case serve(ServiceConfiguration)
    /// Apply pending migrations, or with `statusOnly` report what would be applied and change nothing.
    case migrate(database: DatabaseLocation, migrationsPath: String?, statusOnly: Bool)
    /// Run the layout engine on a file.
    case layout(LayoutCommand)
    /// Back up, restore, export or import.
    case maintenance(MaintenanceCommand)
    /// Print the usage.
    case help
}
