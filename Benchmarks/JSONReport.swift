/// `--json`: the results as a JSON array, one object per case, keys in a fixed order.
///
/// A multi-threaded case also names its one-thread case (`scalingBaseline`) and the calls per second of its threads
/// together relative to it (`scaling`); both are `null` for the other cases. A case whose threads run in this process
/// also gives the CPU time its caller threads used per call (`callerCPUNsPerCall`) and, with a registrar, the CPU time
/// the registrar used per change (`registrarCPUNsPerChange`), both from the fastest repetition, in nanoseconds, and
/// `null` otherwise.
///
/// ```json
/// [
///   {"name": "direct-call", "nsPerOp": 2.09, "ratioToDirect": 1.0, "baseline": "direct-call", …},
///   …
/// ]
/// ```
///
/// Numbers that are not finite (a case that could not be timed) are written as `null`.
enum JSONReport {
    /// The JSON text, one object per line, with a trailing newline.
    static func render(_ results: [CaseResult]) -> String {
        let objects = results.map { result in
            let fields: [(String, String)] = [
                ("name", string(result.name)),
                ("nsPerOp", number(result.nsPerOp)),
                ("ratioToDirect", number(result.ratioToDirect)),
                ("baseline", string(result.baseline)),
                ("ratioToBaseline", number(result.ratioToBaseline)),
                ("medianNsPerOp", number(result.medianNsPerOp)),
                ("iterations", String(result.iterations)),
                ("operationsPerIteration", String(result.operationsPerIteration)),
                ("repetitions", String(result.repetitions)),
                ("category", string(result.category.rawValue)),
                ("summary", string(result.summary)),
                ("scalingBaseline", result.scalingBaseline.map(string) ?? "null"),
                ("scaling", result.scaling.map(number) ?? "null"),
                ("callerCPUNsPerCall", result.callerCPUPerCall.map(number) ?? "null"),
                ("registrarCPUNsPerChange", result.registrarCPUPerChange.map(number) ?? "null"),
            ]
            return "  {" + fields.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    /// A JSON number, or `null` for a value JSON cannot hold.
    private static func number(_ value: Double) -> String {
        value.isFinite ? String(value) : "null"
    }

    /// A JSON string literal.
    private static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
