import Foundation

/// The demo's output as one JSON document (stable key order, two-space indentation).
enum JSONReport {
    static func render(_ output: DemoOutput, includeTrace: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let document =
            includeTrace
            ? output
            : DemoOutput(
                scenario: output.scenario, trace: [], statistics: output.statistics, leaks: output.leaks)
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }
}
