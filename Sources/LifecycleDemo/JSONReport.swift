import Foundation

/// The demo's output as one JSON document (stable key order, two-space indentation).
enum JSONReport {
    /// The document as encoded: without a `trace` field when the trace is left out.
    private struct Document: Encodable {
        /// The scenario's title.
        let scenario: String
        /// The actions and what each caused; `nil` (no field) with `--no-trace`.
        let trace: [TraceTransition]?
        /// The statistics report lines.
        let statistics: [String]
        /// The leak reports.
        let leaks: [String]
    }

    static func render(_ output: DemoOutput, includeTrace: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let document = Document(
            scenario: output.scenario, trace: includeTrace ? output.trace : nil, statistics: output.statistics,
            leaks: output.leaks)
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }
}
