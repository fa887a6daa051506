/// A case whose loop runs on caller threads started together (``ConcurrentCallers``): its runs also report the CPU
/// time its threads used, which the table and `--json` show next to its scaling.
protocol ConcurrentBenchmarkCase: BenchmarkCase {
    /// Runs the case's loop `iterations` times on each caller thread and returns what the run measured.
    func concurrentRun(iterations: Int) -> ConcurrentRun
}

extension ConcurrentBenchmarkCase {
    /// Runs ``concurrentRun(iterations:)``.
    func run(iterations: Int) {
        _ = concurrentRun(iterations: iterations)
    }

    /// The callers' time: from the first caller's start to the last caller's end.
    func timedRun(iterations: Int) -> Duration {
        concurrentRun(iterations: iterations).elapsed
    }
}
