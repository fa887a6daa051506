/// The default output: an aligned text table of the results.
///
/// ```text
/// case                    ns/op   ×direct
/// direct-call              1.02     1.00×
/// before-1                 3.75     3.68×
/// concurrent-before-1      1.90     1.86×
///
/// Scaling (calls per second of two threads together, relative to one; 2.00× is perfect):
///   concurrent-before-1: 1.97× the calls per second of before-1
///
/// Instructions and allocations per call: Benchmarks/measure.sh (callgrind and dhat).
/// ```
///
/// Allocations cannot be counted from inside the timing run (glibc offers no allocation counter),
/// so the table points to `measure.sh`, which counts them from outside under valgrind's dhat.
enum TableReport {
    /// The table, one line per result, with a trailing newline.
    static func render(_ results: [CaseResult]) -> String {
        let header = ["case", "ns/op", "×direct"]
        let rows = results.map { result in
            [result.name, NumberFormatting.nanoseconds(result.nsPerOp), NumberFormatting.ratio(result.ratioToDirect)]
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
        }
        .joined(separator: "\n") + "\n" + scalingLines(results)
            + "\nInstructions and allocations per call: Benchmarks/measure.sh (callgrind and dhat).\n"
    }

    /// One line per multi-threaded case: its threads' calls per second together, relative to one thread.
    static func scalingLines(_ results: [CaseResult]) -> String {
        let lines = results.compactMap { result -> String? in
            guard let scaling = result.scaling, let baseline = result.scalingBaseline else { return nil }
            return "  \(result.name): \(NumberFormatting.ratio(scaling)) the calls per second of \(baseline)"
        }
        guard !lines.isEmpty else { return "" }
        return "\nScaling (calls per second of two threads together, relative to one; 2.00× is perfect):\n"
            + lines.joined(separator: "\n") + "\n"
    }
}
