import Dispatch

/// Runs an async benchmark loop from the synchronous ``BenchmarkCase/run(iterations:)``.
///
/// The loop runs in one task, started on the global executor; the calling thread waits for it. Starting the task and
/// waiting cost the same for any iteration count, so `measure.sh`, which subtracts two runs, counts the loop only.
enum AsyncLoop {
    /// Runs `loop` in a new task, waits until it returns, and keeps its result alive.
    static func run(_ loop: sending @escaping () async -> Int) {
        let done = DispatchSemaphore(value: 0)
        Task {
            blackHole(await loop())
            done.signal()
        }
        done.wait()
    }
}
