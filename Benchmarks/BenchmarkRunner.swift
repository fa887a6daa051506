/// Times cases: calibrates each one's iteration count, then runs the timed repetitions round-robin
/// across cases, so that a drift of the machine's speed touches every case alike and the ratios to
/// `direct-call` stay comparable.
///
/// Only one case is set up at a time: each repetition sets its case up, warms it up, times it and
/// tears it down. A case that registers global hooks or observers (`lifecycle-push-pop-observer`)
/// would otherwise slow down every other case that calls the same methods.
struct BenchmarkRunner {
    /// How long and how often to time.
    let settings: BenchmarkSettings

    /// Times `cases` (which must include ``BenchmarkSuite/baseline``, and each case's own baseline) and returns one
    /// result per case, in the given order.
    ///
    /// - Parameter progress: Receives a line of progress for people (the caller prints it on stderr).
    func run(_ cases: [any BenchmarkCase.Type], progress: (String) -> Void) throws -> [CaseResult] {
        var iterations: [Int] = []
        for type in cases {
            // A concurrent case runs the calls its scaling baseline makes on one thread, on each of its threads (or
            // processes): same calls per thread, the comparison the scaling ratio is about.
            if let scalingBaseline = type.scalingBaseline,
                let baseline = cases.firstIndex(where: { $0 == scalingBaseline }), baseline < iterations.count
            {
                iterations.append(iterations[baseline])
                continue
            }
            progress("calibrating \(type.name)")
            let instance = try type.init()
            defer { instance.tearDown() }
            iterations.append(calibratedIterations(instance))
        }
        var samples = [[Double]](repeating: [], count: cases.count)
        // The concurrent cases' runs, in step with `samples` (empty for the other cases).
        var concurrentRuns = [[ConcurrentRun]](repeating: [], count: cases.count)
        for repetition in 1...settings.repetitions {
            progress("repetition \(repetition) of \(settings.repetitions)")
            for index in cases.indices {
                let instance = try cases[index].init()
                defer { instance.tearDown() }
                _ = instance.timedRun(iterations: max(1, iterations[index] / 10))  // warm-up, not timed
                let elapsed: Duration
                if let concurrent = instance as? any ConcurrentBenchmarkCase {
                    let run = concurrent.concurrentRun(iterations: iterations[index])
                    concurrentRuns[index].append(run)
                    elapsed = run.elapsed
                } else {
                    elapsed = instance.timedRun(iterations: iterations[index])
                }
                let operations = iterations[index] * cases[index].operationsPerIteration
                samples[index].append(Self.nanoseconds(elapsed) / Double(operations))
            }
        }
        let baseline = cases.firstIndex { $0 == BenchmarkSuite.baseline }.map { samples[$0].min() ?? .nan } ?? .nan
        var fastestByName: [String: Double] = [:]
        for index in cases.indices {
            fastestByName[cases[index].name] = samples[index].min() ?? .nan
        }
        return cases.indices.map { index in
            let sorted = samples[index].sorted()
            let fastest = sorted.first ?? .nan
            // The CPU times of the fastest repetition, the one the case's ns/op and scaling come from.
            let fastestRun = samples[index].indices.min { samples[index][$0] < samples[index][$1] }.flatMap { run in
                concurrentRuns[index].indices.contains(run) ? concurrentRuns[index][run] : nil
            }
            return CaseResult(
                name: cases[index].name, nsPerOp: fastest, ratioToDirect: fastest / baseline,
                baseline: cases[index].baseline.name,
                ratioToBaseline: fastest / (fastestByName[cases[index].baseline.name] ?? .nan),
                medianNsPerOp: sorted.isEmpty ? .nan : sorted[sorted.count / 2], iterations: iterations[index],
                operationsPerIteration: cases[index].operationsPerIteration, repetitions: settings.repetitions,
                category: cases[index].category, summary: cases[index].summary,
                scalingBaseline: cases[index].scalingBaseline?.name,
                scaling: cases[index].scalingBaseline.flatMap { fastestByName[$0.name] }.map { $0 / fastest },
                callerCPUPerCall: fastestRun?.callerCPUPerCall, registrarCPUPerChange: fastestRun?.registrarCPUPerChange
            )
        }
    }

    /// An iteration count whose repetition lasts about ``BenchmarkSettings/repetitionTarget``.
    ///
    /// Doubles from 1 until a run lasts a tenth of the target, then scales. Each step keeps the
    /// faster of two runs, so that one interruption (or a late thread) does not stop the doubling
    /// early. These runs are the first part of the warm-up.
    private func calibratedIterations(_ instance: any BenchmarkCase) -> Int {
        let target = Self.nanoseconds(settings.repetitionTarget)
        var count = 1
        while true {
            let elapsed = (0..<2).map { _ in Self.nanoseconds(instance.timedRun(iterations: count)) }.min()!
            if elapsed >= target / 10 || count >= 1 << 40 {
                return max(1, Int(Double(count) * target / max(elapsed, 1)))
            }
            count *= 2
        }
    }

    /// A duration in nanoseconds.
    static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
