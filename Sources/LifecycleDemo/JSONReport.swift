import Foundation
import LifecycleKit

/// The demo's output as one JSON document (stable key order, two-space indentation).
///
/// Statistics and leaks are the library's own `Codable` values (``ScreenStatistics/Record`` and
/// ``LeakReport``), so a program reads them back with the same types.
enum JSONReport {
    /// The document as encoded: without a `trace` field when the trace is left out.
    private struct Document: Encodable {
        /// The scenario's title.
        let scenario: String
        /// The actions and what each caused; `nil` (no field) with `--no-trace`.
        let trace: [TraceTransition]?
        /// The statistics records, top screens by stay time first.
        let statistics: [ScreenStatistics.Record]
        /// The leak reports.
        let leaks: [LeakReport]
    }

    static func render(_ output: DemoOutput, includeTrace: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Times to the millisecond, as in the trace: virtual time adds up in steps that binary floats round.
        let statistics = output.statistics.map { record in
            ScreenStatistics.Record(
                name: record.name, stayTime: DemoFormat.milliseconds(record.stayTime), viewCount: record.viewCount,
                resumeCount: record.resumeCount)
        }
        let leaks = output.leaks.map { report in
            LeakReport(
                kind: report.kind, typeName: report.typeName, title: report.title, statisticName: report.statisticName,
                reason: report.reason, removedAt: DemoFormat.milliseconds(report.removedAt),
                reportedAt: DemoFormat.milliseconds(report.reportedAt))
        }
        let document = Document(
            scenario: output.scenario, trace: includeTrace ? output.trace : nil, statistics: statistics, leaks: leaks)
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }
}
