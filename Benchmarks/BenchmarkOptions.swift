/// The parsed command line of `hook-benchmarks`.
struct BenchmarkOptions: Sendable {
    /// `--json`: print a JSON array instead of the table.
    var json = false
    /// `--quick`: fewer, shorter repetitions.
    var quick = false
    /// `--filter SUBSTRING`: only the cases whose name contains it (plus `direct-call`).
    var filter: String?
    /// `--case NAME`: run only this case's loop, without timing output.
    var caseName: String?
    /// `--iterations N`: how many times `--case` runs the loop.
    var iterations: Int?
    /// With `--case`: run the loop in step with other processes (see ``BenchmarkCommand``'s `--in-step`).
    var inStep = false
    /// `--repetitions K`: how many timed repetitions per case.
    var repetitions: Int?
    /// `--svg FILE`: where to write the bar chart.
    var svgPath: String?
    /// `--list`: print the cases, one per line.
    var list = false
    /// `--help`: print the usage.
    var help = false

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: ``UsageError`` for an unknown or repeated option, a missing, empty or malformed value,
    ///   or options that cannot go together.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchmarkOptions {
        var options = BenchmarkOptions()
        var remaining = arguments[...]
        var given: Set<String> = []
        while let argument = remaining.popFirst() {
            let value = { () throws(UsageError) -> String in
                guard let value = remaining.popFirst() else { throw UsageError("\(argument) needs a value") }
                guard !value.isEmpty else { throw UsageError("\(argument) needs a value, not an empty one") }
                // No case name, filter or iteration count starts with "--"; a path that does is written "./--…".
                guard !value.hasPrefix("--") else {
                    throw UsageError("\(argument) needs a value before the next option, '\(value)'")
                }
                return value
            }
            let name = argument == "-h" ? "--help" : argument
            guard given.insert(name).inserted else { throw UsageError("\(name) is given twice") }
            switch argument {
            case "--json": options.json = true
            case "--quick": options.quick = true
            case "--list": options.list = true
            case "--in-step": options.inStep = true
            case "--help", "-h": options.help = true
            case "--filter": options.filter = try value()
            case "--case": options.caseName = try value()
            case "--svg": options.svgPath = try value()
            case "--iterations":
                options.iterations = try positiveInteger(try value(), for: argument, atMost: maximumIterations)
            case "--repetitions":
                options.repetitions = try positiveInteger(try value(), for: argument, atMost: maximumRepetitions)
            default:
                guard argument.hasPrefix("-") else { throw UsageError("unexpected argument '\(argument)'") }
                throw UsageError("unknown option '\(argument)'")
            }
        }
        try options.validate()
        return options
    }

    /// Checks the combinations: `--case` and `--iterations` go together and with nothing that times.
    private func validate() throws(UsageError) {
        if help { return }
        if list
            && (json || quick || filter != nil || svgPath != nil || repetitions != nil || caseName != nil
                || iterations != nil || inStep)
        {
            throw UsageError("--list prints the cases; it takes no other option")
        }
        if caseName != nil && iterations == nil { throw UsageError("--case needs --iterations N") }
        if iterations != nil && caseName == nil { throw UsageError("--iterations goes with --case NAME") }
        if caseName != nil && (json || quick || filter != nil || svgPath != nil || repetitions != nil || list) {
            throw UsageError("--case runs one loop; it takes no other option than --iterations and --in-step")
        }
        if inStep && caseName == nil { throw UsageError("--in-step goes with --case NAME") }
    }

    /// The most `--iterations` takes: a trillion calls, some 17 minutes at a nanosecond each, far beyond any
    /// measurement, and small enough that the counts derived from it (calls of both threads, changes) cannot overflow.
    static let maximumIterations = 1_000_000_000_000
    /// The most `--repetitions` takes: the suite already runs about a minute with the default 15.
    static let maximumRepetitions = 1_000

    /// `text` as an integer from 1 to `maximum`.
    private static func positiveInteger(
        _ text: String, for option: String, atMost maximum: Int
    ) throws(UsageError) -> Int {
        guard let number = Int(text), number > 0 else {
            // Too large for an Int, but a positive integer all the same: say what the limit is.
            let digits = text.first == "+" ? text.dropFirst() : Substring(text)
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
                digits.contains(where: { $0 != "0" })
            {
                throw UsageError("\(option) takes at most \(maximum), not '\(text)'")
            }
            throw UsageError("\(option) needs a positive integer, not '\(text)'")
        }
        guard number <= maximum else {
            throw UsageError("\(option) takes at most \(maximum), not '\(text)'")
        }
        return number
    }
}
