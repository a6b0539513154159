/// Every feature of the service, each with its routes file: what `buildApplication` mounts and the
/// OpenAPI document describes.
enum ServiceFeatures {
    static var all: [any ServiceFeature.Type] {
        [
            SolveRoutes.self,  // layouts: solve, draw, a recorded layout's picture
            MatrixRoute.self,  // device matrices and their contact sheets
            DiffRoutes.self,  // layout review: diffs of two sides across the matrix, replays
            DiffPictureRoute.self,  // a recorded diff's contact sheet and cell overlays
            ConvertRoute.self,  // built-in settings to a delegate document
            SwiftImportRoute.self,  // an app's Swift delegate read into a delegate document
            ScenarioRoute.self,  // SDK events replayed step by step
            StyleRoute.self,  // the style catalog
            TenantRoutes.self,  // tenants and their API keys (admin)
            AdminRoutes.self,  // backups, tenant export and import (admin)
            ProfileRoutes.self,  // versioned profiles
            HistoryRoutes.self,  // layout history and the audit log
            PlaygroundRoutes.self,  // the playground page and the device catalog
            OperationsRoutes.self,  // health, readiness, metrics, the OpenAPI document
        ]
    }

    /// The routes of every feature.
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute] {
        all.flatMap { $0.routes(environment) }
    }
}
