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

    /// Runs `loop` in `tasks` new tasks at once, waits until all return, and keeps their results alive.
    ///
    /// The tasks start on the global executor, whose threads are as many as the machine has cores: with two tasks on
    /// two cores, each runs on a thread of its own.
    static func runConcurrently(tasks: Int, _ loop: @escaping @Sendable () async -> Int) {
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<tasks {
            Task {
                blackHole(await loop())
                done.signal()
            }
        }
        for _ in 0..<tasks { done.wait() }
    }
}
