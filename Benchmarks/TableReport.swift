/// The default output: an aligned text table of the results.
///
/// ```text
/// case                    ns/op   ×direct  ×baseline
/// direct-call              1.02     1.00×
/// before-1                 3.75     3.68×
/// async-direct             9.10     8.92×
/// async-unhooked           9.31     9.13×  1.02× async-direct
/// concurrent-before-1      2.59     2.54×
/// two-processes-before-1   1.93     1.89×
///
/// Scaling (calls per second of two callers together, relative to one; 2.00× is perfect), and CPU time per thread:
///   concurrent-before-1: 1.45× the calls per second of before-1
///     CPU time: callers 3.70 ns per call, registrar 5.18 µs per change
///   two-processes-before-1: 1.94× the calls per second of before-1
///
/// Instructions and allocations per call: Benchmarks/measure.sh (callgrind and dhat).
/// ```
///
/// `×baseline` is the ratio to the case's own baseline, when that is not `direct-call` (`async-direct` for the
/// async cases). A concurrent case's callers' CPU time per call close to its one-thread case's ns/op means the calls
/// did not slow each other down: what the case lacks of 2.00× is then time the callers spent off the cores.
///
/// Allocations cannot be counted from inside the timing run (glibc offers no allocation counter),
/// so the table points to `measure.sh`, which counts them from outside under valgrind's dhat.
enum TableReport {
    /// The table, one line per result, with a trailing newline.
    static func render(_ results: [CaseResult]) -> String {
        let showsBaselines = results.contains { $0.baseline != BenchmarkSuite.baseline.name }
        let header = ["case", "ns/op", "×direct"] + (showsBaselines ? ["×baseline"] : [])
        let rows = results.map { result in
            var row = [
                result.name, NumberFormatting.nanoseconds(result.nsPerOp), NumberFormatting.ratio(result.ratioToDirect),
            ]
            if showsBaselines {
                let ownBaseline = result.baseline != BenchmarkSuite.baseline.name && result.name != result.baseline
                row.append(ownBaseline ? "\(NumberFormatting.ratio(result.ratioToBaseline)) \(result.baseline)" : "")
            }
            return row
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        return ([header] + rows).map { cells in
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return column == 0 ? cells[column] + padding : padding + cells[column]
            }
            .joined(separator: "  ")
            .withoutTrailingSpaces
        }
        .joined(separator: "\n") + "\n" + scalingLines(results)
            + "\nInstructions and allocations per call: Benchmarks/measure.sh (callgrind and dhat).\n"
    }

    /// One line per multi-threaded case: its threads' calls per second together, relative to one thread, and where
    /// the system keeps it, the CPU time its callers used per call and its registrar per change.
    ///
    /// The callers' CPU time per call, next to the one-thread case's ns/op, shows whether the calls themselves got
    /// slower (cache lines that the threads share); the registrar's CPU time per change is what it took from the cores.
    static func scalingLines(_ results: [CaseResult]) -> String {
        let lines = results.compactMap { result -> String? in
            guard let scaling = result.scaling, let baseline = result.scalingBaseline else { return nil }
            var cpu: [String] = []
            if let callers = result.callerCPUPerCall {
                cpu.append("callers \(NumberFormatting.cpuTime(nanoseconds: callers)) per call")
            }
            if let registrar = result.registrarCPUPerChange {
                cpu.append("registrar \(NumberFormatting.cpuTime(nanoseconds: registrar)) per change")
            }
            return "  \(result.name): \(NumberFormatting.ratio(scaling)) the calls per second of \(baseline)"
                + (cpu.isEmpty ? "" : "\n    CPU time: " + cpu.joined(separator: ", "))
        }
        guard !lines.isEmpty else { return "" }
        return "\nScaling (calls per second of two callers together, threads or tasks, relative to one; 2.00× is "
            + "perfect), and CPU time per thread:\n" + lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The string without the spaces that pad an empty last cell.
    fileprivate var withoutTrailingSpaces: String {
        var line = self
        while line.last == " " { line.removeLast() }
        return line
    }
}
