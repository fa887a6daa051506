/// How long and how often each case is timed.
struct BenchmarkSettings: Sendable {
    /// How many timed repetitions each case gets; the report keeps the fastest.
    var repetitions: Int
    /// How long one timed repetition should last; the iteration count is calibrated to it.
    var repetitionTarget: Duration

    /// The default: 15 repetitions of about 40 ms per case (about 25 s for the suite).
    static let full = BenchmarkSettings(repetitions: 15, repetitionTarget: .milliseconds(40))

    /// `--quick`: 5 repetitions of about 10 ms per case (about 4 s for the suite), for CI smoke runs.
    static let quick = BenchmarkSettings(repetitions: 5, repetitionTarget: .milliseconds(10))
}
