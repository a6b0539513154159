import Foundation

/// Where the migrator looks for its migrations folder.
public enum MigrationLocation: Sendable, Hashable {
    /// This exact folder.
    case folder(path: String)
    /// A folder of this name in the folder holding the running executable: the installed copy that
    /// ships beside the binary.
    case besideExecutable(folderName: String)
    /// A folder of this name in the current directory: the source checkout (`swift run`).
    case currentDirectory(folderName: String)
    /// The first of these that exists.
    case firstFound([MigrationLocation])

    /// `Migrations/` beside the executable, else `Migrations/` in the current directory.
    public static let standard = MigrationLocation.firstFound([
        .besideExecutable(folderName: "Migrations"),
        .currentDirectory(folderName: "Migrations"),
    ])

    /// The candidate folder paths, in the order they are tried.
    public var candidates: [String] {
        switch self {
        case .folder(let path):
            return [path]
        case .besideExecutable(let folderName):
            guard let executableFolder = MigrationLocation.executableFolder() else { return [] }
            return [executableFolder + "/" + folderName]
        case .currentDirectory(let folderName):
            return [FileManager.default.currentDirectoryPath + "/" + folderName]
        case .firstFound(let locations):
            return locations.flatMap(\.candidates)
        }
    }

    /// The first candidate that is an existing folder.
    public func resolve() throws -> String {
        let candidates = self.candidates
        for candidate in candidates {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), isFolder.boolValue {
                return candidate
            }
        }
        throw MigrationError.folderNotFound(searched: candidates)
    }

    private static func executableFolder() -> String? {
        // /proc/self/exe names the binary even when it was started through a relative path or a
        // symbolic link; argv[0] is the fallback elsewhere.
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first
        guard let path, !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path).deletingLastPathComponent().path
    }
}
