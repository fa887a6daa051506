/// What the timing run found for one case: one row of the table, one object of `--json`, one bar of `--svg`.
struct CaseResult: Sendable {
    /// The case's name.
    let name: String
    /// The fastest repetition's time per operation, in nanoseconds.
    let nsPerOp: Double
    /// ``nsPerOp`` divided by `direct-call`'s, measured in the same run.
    let ratioToDirect: Double
    /// The name of the case's own baseline (``BenchmarkCase/baseline``): `direct-call` or `async-direct`.
    let baseline: String
    /// ``nsPerOp`` divided by the own baseline's, measured in the same run.
    let ratioToBaseline: Double
    /// The median repetition's time per operation, in nanoseconds: the gap to ``nsPerOp`` shows the noise.
    let medianNsPerOp: Double
    /// Iterations of the loop per repetition, as calibrated.
    let iterations: Int
    /// How many operations one iteration performs.
    let operationsPerIteration: Int
    /// How many timed repetitions ran.
    let repetitions: Int
    /// The case's group.
    let category: BenchmarkCategory
    /// What one operation is.
    let summary: String
    /// For a multi-threaded case, the one-thread case it is compared with.
    var scalingBaseline: String? = nil
    /// The calls per second of this case's threads together, divided by the one-thread case's: its ns/op divided
    /// by this case's (2.0 for two threads that do not slow each other down); `nil` without a baseline.
    var scaling: Double? = nil
    /// For a concurrent case, the CPU time its caller threads used per call in the fastest repetition, in
    /// nanoseconds: next to the one-thread case's ns/op, it shows whether the calls themselves got slower.
    var callerCPUPerCall: Double? = nil
    /// For a concurrent case with a registrar, the CPU time the registrar used per change in the fastest repetition
    /// (its wake-ups included), in nanoseconds: what it took from the cores the callers run on.
    var registrarCPUPerChange: Double? = nil
}
