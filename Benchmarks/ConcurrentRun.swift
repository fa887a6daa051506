/// What one run of a concurrent case measured: the callers' wall time, and the CPU time that the callers and the
/// registrar each used.
///
/// The wall time gives the case's ns/op and scaling. The CPU times say where a shortfall from 2.0× comes from: the
/// callers' CPU time per call, set against the one-thread case's time per call, shows whether the calls themselves
/// got slower; the registrar's CPU time per change is what it took from the cores the callers run on.
struct ConcurrentRun: Sendable {
    /// From the first caller's start to the last caller's end.
    let elapsed: Duration
    /// The CPU time the caller threads used together between their start and their end; `nil` where the system
    /// does not keep per-thread CPU time.
    let callerCPU: Duration?
    /// The calls the callers made together.
    let calls: Int
    /// The CPU time the registrar used between its start and its last change, its wake-ups included; `nil` without a
    /// registrar, or where the system does not keep per-thread CPU time.
    let registrarCPU: Duration?
    /// The changes the registrar made; 0 without a registrar.
    let changes: Int

    /// The callers' CPU time per call, in nanoseconds.
    var callerCPUPerCall: Double? {
        guard let callerCPU, calls > 0 else { return nil }
        return BenchmarkRunner.nanoseconds(callerCPU) / Double(calls)
    }

    /// The registrar's CPU time per change, in nanoseconds.
    var registrarCPUPerChange: Double? {
        guard let registrarCPU, changes > 0 else { return nil }
        return BenchmarkRunner.nanoseconds(registrarCPU) / Double(changes)
    }
}
