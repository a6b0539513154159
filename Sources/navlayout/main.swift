import Foundation
import NavLayoutService

// Everything lives in NavLayoutService, so tests cover what runs here.
exit(
    await NavlayoutExecutable.main(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
