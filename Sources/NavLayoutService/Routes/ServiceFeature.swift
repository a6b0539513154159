/// A part of the service with routes of its own: tenants, profiles, the layout engine's routes, the
/// playground, operations. Each feature declares all its routes in its one routes file;
/// `ServiceFeatures` lists the features.
protocol ServiceFeature {
    /// The feature's routes, their handlers bound to `environment`.
    static func routes(_ environment: ServiceEnvironment) -> [ServiceRoute]
}
