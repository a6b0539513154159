import NavigationLayout
import SwiftDelegate

extension SwiftImportError {
    /// The errors as a request's, at the member `path` that holds the Swift (`swift`,
    /// `delegateSource.swift`): each in swiftc's words, with its line and column in the file.
    func requestError(at path: String) -> RequestError {
        RequestError(
            issues: diagnostics.map { diagnostic in
                RequestError.Issue(
                    path: path, message: diagnostic.description, line: diagnostic.position.line,
                    column: diagnostic.position.column)
            })
    }
}
