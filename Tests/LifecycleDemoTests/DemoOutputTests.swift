import Foundation
import Testing

@testable import LifecycleDemo

/// The embedded scenario's output, compared with golden files, in every format.
///
/// The golden files are the demo's own output: after an intended change, regenerate them with
/// `scripts/update-golden.sh` and review the diff.
@Suite("Demo output")
struct DemoOutputTests {
    /// Runs the command with `arguments`; returns its status, standard output and standard error.
    static func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        var output = ""
        var error = ""
        let status = DemoCommand.run(arguments, write: { output += $0 }, writeError: { error += $0 })
        return (status, output, error)
    }

    /// The contents of a golden file.
    static func golden(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Golden"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("the embedded scenario prints the golden text, identically on every run")
    func text() throws {
        let first = Self.run([])
        #expect(first.status == 0)
        #expect(first.error == "")
        #expect(first.output == (try Self.golden("shopping.txt")))
        #expect(Self.run([]).output == first.output)
    }

    @Test("--format json prints the golden JSON document")
    func json() throws {
        let result = Self.run(["--format", "json"])
        #expect(result.status == 0)
        #expect(result.output == (try Self.golden("shopping.json")))
        let document = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        #expect(document?["scenario"] as? String == "A small shopping app")
    }

    @Test("--format mermaid prints a sequence diagram of the lifecycle calls")
    func mermaid() {
        let result = Self.run(["--format", "mermaid"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "sequenceDiagram")
        #expect(lines.contains("    participant shoes"))
        #expect(lines.contains("    Host->>shoes: viewDidAppear"))
        #expect(lines.contains("    Note right of shoes: hook hide the navigation bar on ProductDetail"))
    }

    @Test("--no-trace prints only statistics and leaks")
    func noTrace() {
        let result = Self.run(["--no-trace"])
        #expect(result.status == 0)
        #expect(!result.output.contains("Lifecycle trace"))
        #expect(result.output.contains("Statistics"))
        #expect(result.output.contains("Leaks"))
    }

    @Test("the embedded scenario file runs the same through --scenario")
    func embeddedFileThroughOption() throws {
        let path = FileManager.default.currentDirectoryPath + "/Sources/LifecycleDemo/Scenarios/shopping.json"
        let result = Self.run(["--scenario", path, "--no-trace"])
        #expect(result.status == 0)
        #expect(result.output == Self.run(["--no-trace"]).output)
    }

    @Test("--help prints the usage; a bad option exits with status 2")
    func options() {
        let help = Self.run(["--help"])
        #expect(help.status == 0 && help.output.hasPrefix("USAGE: lifecycle-demo"))
        let bad = Self.run(["--colour"])
        #expect(bad.status == 2)
        #expect(bad.output == "")
        #expect(bad.error == "lifecycle-demo: error: unknown option \"--colour\"; see --help\n")
        #expect(Self.run(["--format", "yaml"]).status == 2)
        #expect(Self.run(["--scenario"]).status == 2)
    }
}
