/// The default output: an aligned text table of the results.
///
/// ```text
/// case                    ns/op   ×direct
/// direct-call              1.02     1.00×
/// before-1                 3.75     3.68×
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
        .joined(separator: "\n")
            + "\n\nInstructions and allocations per call: Benchmarks/measure.sh (callgrind and dhat).\n"
    }
}
