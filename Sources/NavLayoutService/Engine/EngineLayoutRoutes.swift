import HTTPServer
import NavigationLayout

extension LayoutRoutes {
    /// Every layout route served by the layout engine: what `navlayout serve` runs.
    public static let engine = LayoutRoutes(
        solve: SolveRoutes.solve, svg: SolveRoutes.svg, convert: ConvertRoute.handler,
        scenarios: ScenarioRoute.handler, style: StyleRoute.handler(), picture: SolveRoutes.picture,
        matrix: MatrixRoute.engineHandler, matrixSheet: MatrixRoute.sheetHandler)
}
