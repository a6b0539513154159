import SwiftDelegate
import Testing

/// Reading a Swift file with the toolchain's parser: the delegate class found, and every file that
/// names no single delegate refused with an error at its position.
@Suite("Reading a Swift delegate file")
struct SwiftDelegateFileTests {
    /// The errors `read` throws for `source`, as swiftc prints them.
    static func errors(_ source: String, className: String? = nil) -> [String] {
        errors(Array(source.utf8), className: className)
    }

    static func errors(_ bytes: [UInt8], className: String? = nil) -> [String] {
        do {
            let file = try SwiftDelegateFile.read(bytes, path: "App/Layout.swift", className: className)
            return ["read \(file.className)"]
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test("the documentation's sample, verbatim, is BasicLayoutDelegate with its seven callbacks at their lines")
    func documentationSample() throws {
        let file = try SwiftDelegateFile.read(
            try Fixtures.bytes("BasicLayoutDelegate.swift"), path: "BasicLayoutDelegate.swift")
        #expect(file.className == "BasicLayoutDelegate")
        #expect(file.classPosition.description == "BasicLayoutDelegate.swift:8:13")
        #expect(
            file.callbacks.map(\.name) == [
                "enableNavigationUI", "disableNavigationUI", "startGuidance", "stopGuidance", "showPrompt",
                "hidePrompt",
                "changePrompt",
            ])
        #expect(file.callbacks.map(\.position.line) == [63, 103, 116, 158, 169, 194, 208])
        #expect(file.callbacks.allSatisfy { $0.position.column == 3 })
    }

    @Test("syntax errors are reported at the parser's positions with its messages")
    func syntaxErrors() {
        let errors = Self.errors(
            """
            final class Layout: NSObject, NavigationLayoutDelegate {
              func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState {
                let x = 
              }
            }
            """)
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.hasPrefix("App/Layout.swift:") && $0.contains(": error: ") }, "\(errors)")
        #expect(errors.first?.hasPrefix("App/Layout.swift:2:") == true, "\(errors)")
    }

    @Test("a file with no class, or none adopting the protocol, is refused at its start")
    func noDelegate() {
        #expect(
            Self.errors("let x = 1\n")
                == [
                    "App/Layout.swift:1:1: error: no class in the file: a layout delegate is a class adopting NavigationLayoutDelegate"
                ])
        #expect(
            Self.errors("class A {}\nstruct B {}\nclass C: NSObject {}\n")
                == [
                    "App/Layout.swift:1:1: error: no class in the file adopts NavigationLayoutDelegate (it declares 'A', 'C')"
                ])
    }

    @Test("two delegates without a class named are refused at each, and --class picks one")
    func twoDelegates() throws {
        let source = """
            class Phone: NSObject, NavigationLayoutDelegate {}
            class Tablet: NSObject {}
            extension Tablet: NavigationLayoutDelegate {
              func startGuidance(navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) {}
            }
            """
        #expect(
            Self.errors(source) == [
                "App/Layout.swift:1:7: error: 'Phone' is one of 2 classes adopting NavigationLayoutDelegate: name the one to read (--class NAME)",
                "App/Layout.swift:2:7: error: 'Tablet' is one of 2 classes adopting NavigationLayoutDelegate: name the one to read (--class NAME)",
            ])
        let tablet = try SwiftDelegateFile.read(Array(source.utf8), path: "App/Layout.swift", className: "Tablet")
        #expect(tablet.callbacks.map(\.name) == ["startGuidance"])
        #expect(tablet.callbacks.first?.position.description == "App/Layout.swift:4:3")
        #expect(Self.errors(source, className: "Phone") == ["read Phone"])
    }

    @Test("a named class that is missing, or does not adopt the protocol, is refused")
    func namedClass() {
        let source = "class Helper {}\nclass Layout: NSObject, NavigationLayoutDelegate {}\n"
        #expect(
            Self.errors(source, className: "Missing")
                == ["App/Layout.swift:1:1: error: no class 'Missing' in the file (it declares 'Helper', 'Layout')"])
        #expect(
            Self.errors(source, className: "Helper") == [
                "App/Layout.swift:1:7: error: class 'Helper' does not adopt NavigationLayoutDelegate: a layout delegate is declared `class Helper: NSObject, NavigationLayoutDelegate`"
            ])
    }

    @Test("bytes that are not UTF-8 are refused at their line and column")
    func invalidUTF8() {
        var bytes = Array("class A: NSObject, NavigationLayoutDelegate {\n  // caf".utf8)
        bytes.append(0xE9)
        bytes.append(contentsOf: Array("\n}\n".utf8))
        #expect(
            Self.errors(bytes) == [
                "App/Layout.swift:2:9: error: the file is not UTF-8: byte 0xE9 cannot start or continue a character"
            ])
    }

    @Test("lines end at \\n, \\r\\n or a lone \\r, as Swift's lexer ends them, in every position reported")
    func lineEndings() {
        for ending in ["\n", "\r\n", "\r"] {
            let source = ["// one", "// two", "class Helper: NSObject {}", "  struct S {}"].joined(separator: ending)
            #expect(
                Self.errors(source, className: "Helper").first?.hasPrefix("App/Layout.swift:3:7: error:") == true,
                "\(Array(ending.utf8))")
            var bytes = Array((["// one", "  // caf"].joined(separator: ending)).utf8)
            bytes.append(0xE9)
            #expect(
                Self.errors(bytes).first?.hasPrefix("App/Layout.swift:2:9: error:") == true, "\(Array(ending.utf8))")
            let deep = "let a = 1" + ending + "   let b = " + String(repeating: "[", count: 11)
            #expect(Self.errors(deep).first?.hasPrefix("App/Layout.swift:2:22: error: square brackets") == true)
        }
    }

    @Test("a file over the body limit is refused before it is parsed")
    func tooLarge() {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: SwiftDelegateFile.maximumBytes + 1)
        #expect(
            Self.errors(bytes) == [
                "App/Layout.swift:1:1: error: the file is \(SwiftDelegateFile.maximumBytes + 1) bytes; at most \(SwiftDelegateFile.maximumBytes) are read"
            ])
    }
}
