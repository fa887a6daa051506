import LifecycleKit

/// Everything a run produced, ready to print in any format.
struct DemoOutput: Encodable, Sendable {
    /// The scenario's title.
    let scenario: String
    /// The actions and what each caused.
    let trace: [TraceTransition]
    /// The statistics records of the top screens by stay time, longest first.
    let statistics: [ScreenStatistics.Record]
    /// The leak reports, in the order they were made.
    let leaks: [LeakReport]
}
