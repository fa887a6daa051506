import Foundation

/// The `hook-benchmarks` command: parses the options, then times the suite, runs one case's
/// loop, lists the cases or prints the usage.
enum BenchmarkCommand {
    /// Runs the command with `arguments` (without the program name), its report on `output` and its messages on
    /// `errors`, and returns the exit status: 0 on success, 1 when a case fails to set up or a report or file cannot
    /// be written, 2 for a usage error.
    static func run(_ arguments: [String], output: FileHandle, errors: FileHandle) -> Int32 {
        let console = CommandOutput(output: output, errors: errors)
        let status = run(arguments, console)
        guard console.lostReport else { return status }
        console.message("the report could not be written")
        return status == 0 ? 1 : status
    }

    /// Runs the command, writing on `console`; returns the exit status.
    private static func run(_ arguments: [String], _ console: CommandOutput) -> Int32 {
        do {
            let options = try BenchmarkOptions.parse(arguments)
            if options.help {
                console.report(usage)
            } else if options.list {
                for type in BenchmarkSuite.cases {
                    let fields = [
                        type.name, "\(type.operationsPerIteration)", "\(type.measureIterations)", type.baseline.name,
                        type.summary,
                    ]
                    console.report(fields.joined(separator: "\t") + "\n")
                }
            } else if let name = options.caseName, let iterations = options.iterations {
                try runLoop(name, iterations: iterations, inStep: options.inStep, console)
            } else if isDebugBuild {
                console.message(
                    "this is a debug build, whose timings mean nothing; run `swift run -c release hook-benchmarks`")
                return 2
            } else {
                try time(options, console)
            }
            return 0
        } catch let error as UsageError {
            console.message("\(error); see --help")
            return 2
        } catch {
            console.message("\(error)")
            return 1
        }
    }

    /// Whether this executable was built without optimization (timing is refused).
    static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// `--case NAME --iterations N`: sets the case up, runs its loop `iterations` times, tears it
    /// down, and prints nothing, so that callgrind and dhat can count from outside.
    ///
    /// With `--in-step`, the loop runs as one of ``InStepProcesses``.
    private static func runLoop(_ name: String, iterations: Int, inStep: Bool, _ console: CommandOutput) throws {
        guard let type = BenchmarkSuite.named(name) else { throw UsageError("unknown case '\(name)'") }
        let instance = try type.init()
        if inStep {
            try InStepProcesses.runChild(instance, iterations: iterations, output: console)
        } else {
            instance.run(iterations: iterations)
        }
        instance.tearDown()
    }

    /// Times the selected cases, prints the table or the JSON, and writes the chart if asked.
    ///
    /// The chart's path is checked before the cases run, so that a path that cannot take it fails at once.
    ///
    /// - Throws: ``ChartFile/Refusal`` when the chart cannot be written (status 1), ``UsageError`` when no case
    ///   matches the filter (status 2).
    private static func time(_ options: BenchmarkOptions, _ console: CommandOutput) throws {
        let cases = BenchmarkSuite.selected(by: options.filter)
        guard !cases.isEmpty else { throw UsageError("no case name contains '\(options.filter ?? "")'") }
        // A refusal, here or when writing, ends the command as any failure does: its message, status 1.
        let chartFile = try options.svgPath.map { path throws(ChartFile.Refusal) in try ChartFile(checking: path) }
        var settings = options.quick ? BenchmarkSettings.quick : BenchmarkSettings.full
        if let repetitions = options.repetitions { settings.repetitions = repetitions }

        let runner = BenchmarkRunner(settings: settings)
        let results = try runner.run(cases) { line in console.message(line) }

        console.report(options.json ? JSONReport.render(results) : TableReport.render(results))
        if let chartFile {
            let scaling = results.compactMap { result in
                result.scaling.map { "\(result.name) \(NumberFormatting.ratio($0))" }
            }
            let subtitle =
                "Fastest of \(settings.repetitions) repetitions per case, release build; "
                + "direct-call = \(NumberFormatting.nanoseconds(results[0].nsPerOp)) ns in the same run"
                + (scaling.isEmpty ? "." : "; two threads vs one: " + scaling.joined(separator: ", ") + ".")
            try chartFile.write(SVGChart(results: results, subtitle: subtitle).render())
            console.message("wrote \(chartFile.path)")
        }
    }

    /// The text of `--help`.
    static var usage: String {
        let width = BenchmarkSuite.cases.map { $0.name.count }.max() ?? 0
        let cases = BenchmarkSuite.cases.map { type in
            "  " + type.name + String(repeating: " ", count: width - type.name.count) + "  " + type.summary
        }
        return """
            USAGE: hook-benchmarks [--quick] [--filter SUBSTRING] [--repetitions K] [--json] [--svg FILE]
                   hook-benchmarks --case NAME --iterations N [--in-step]
                   hook-benchmarks --list | --help

            Times each case's loop with ContinuousClock: a warm-up, then K repetitions run round-robin
            across cases; reports the fastest repetition in ns per operation and its ratio to
            direct-call measured in the same run (for async cases also to async-direct, an awaited
            async method), and for the concurrent cases the calls per second of both threads (or tasks,
            or processes) together relative to one (before-1, async-unhooked or async-before-1, timed in
            the same run, each thread making as many calls as the one), with the CPU time their caller
            threads used per call and their registrar per change (where the system keeps per-thread CPU
            time). two-processes-before-1 is the machine's own scaling, for comparison. Build with
            -c release.

            OPTIONS:
              --quick               5 short repetitions per case (the suite in about 4 s), for CI
              --filter SUBSTRING    only the cases whose name contains SUBSTRING (direct-call and the
                                    cases' own baselines always run)
              --repetitions K       K timed repetitions per case (default 15, or 5 with --quick; at most 1000)
              --json                print a JSON array, one object per case: name, nsPerOp, ratioToDirect,
                                    baseline, ratioToBaseline, medianNsPerOp, iterations,
                                    operationsPerIteration, repetitions, category, summary, and for the
                                    concurrent cases (null for the others) scalingBaseline, scaling (two
                                    callers' calls per second ÷ one's), callerCPUNsPerCall and
                                    registrarCPUNsPerChange
              --svg FILE            also write a bar chart of ns/op (log scale) as a self-contained SVG: a
                                    regular file, replaced whole, or a new one in an existing folder (a
                                    symbolic link to a regular file is followed; one to nothing is
                                    refused); checked before the cases run
              --case NAME           set NAME up, run its loop N times and print nothing (for callgrind and
              --iterations N        dhat: the setup is the same for any N, so two values of N cancel it).
                                    For the concurrent cases, N is each caller thread's (or task's) call count.
                                    N is at most 1000000000000.
              --in-step             with --case: warm up, print "ready", wait for a line on standard
                                    input, then time the loop and print its start and end (monotonic
                                    ns); how two-processes-before-1 runs two processes together. Keep
                                    standard input open until then: the copy stops (status 1) when it
                                    ends first, as when the parent went away
              --list                print each case as: name, operations per iteration, measure.sh
                                    iterations (0: not measured, its calls run in other processes),
                                    baseline, summary (tab-separated); takes no other option
              -h, --help            print this help

            Each option may be given once. Exit status: 0 on success, 1 when a case fails to set up or
            the report or the chart cannot be written, 2 for a usage error.

            CASES:
            \(cases.joined(separator: "\n"))

            """
    }
}
