/// Everything a run produced, ready to print in any format.
struct DemoOutput: Encodable, Sendable {
    /// The scenario's title.
    let scenario: String
    /// The actions and what each caused.
    let trace: [TraceTransition]
    /// The statistics report lines, top screens by stay time first.
    let statistics: [String]
    /// The leak reports, in the order they were made.
    let leaks: [String]
}
