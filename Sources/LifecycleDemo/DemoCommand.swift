import Foundation
import HookKit

/// The `lifecycle-demo` command line: options, the run, and exit statuses.
enum DemoCommand {
    static let usage = """
        USAGE: lifecycle-demo [--format text|json|mermaid] [--scenario FILE] [--no-trace] [--help]

        Runs a scenario of screens on LifecycleKit's headless host, with virtual time, and prints
        the lifecycle trace (each action, the load and appearance calls it caused and the hooks
        and observers that ran), the page statistics and the leak reports. Without --scenario it
        runs the embedded shopping-app scenario (Scenarios/shopping.json, in Sources/LifecycleDemo,
        which also shows the scenario format).

        OPTIONS:
          --format text|json|mermaid  text (default), one JSON document, or a Mermaid
                                      sequenceDiagram of the load and appearance calls
          --scenario FILE             run the JSON scenario in FILE
          --no-trace                  print only the statistics and the leak reports (text or
                                      json; a Mermaid diagram is only a trace)
          -h, --help                  print this help

        Each option may be given once.

        EXIT STATUS: 0 on success, 1 when the report cannot be made or written, 2 for a bad
        option or a bad scenario (nothing is run). A reader that closes the pipe early (| head)
        ends the run with SIGPIPE, as for other command-line tools.

        """

    /// Parsed options.
    struct Options: Equatable {
        var format = OutputFormat.text
        var scenarioPath: String?
        var includeTrace = true
        var help = false
    }

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        var given: Set<String> = []
        while let argument = remaining.popFirst() {
            let name = argument == "-h" ? "--help" : argument
            if name.hasPrefix("--") && !given.insert(name).inserted {
                throw UsageError("\(name) is given twice; give each option once")
            }
            switch argument {
            case "--help", "-h":
                options.help = true
            case "--no-trace":
                options.includeTrace = false
            case "--format":
                guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                    throw UsageError("--format needs a value: text, json or mermaid")
                }
                guard let format = OutputFormat(rawValue: value) else {
                    throw UsageError("unknown format \(value.quoted); expected text, json or mermaid")
                }
                options.format = format
            case "--scenario":
                // A path that starts with "--" is written "./--…": a value that does is the next option.
                guard let value = remaining.popFirst(), !value.isEmpty, !value.hasPrefix("--") else {
                    throw UsageError("--scenario needs a file path")
                }
                options.scenarioPath = value
            default:
                guard argument.hasPrefix("-") else {
                    throw UsageError("unexpected argument \(argument.quoted); see --help")
                }
                throw UsageError("unknown option \(argument.quoted); see --help")
            }
        }
        if !options.includeTrace && options.format == .mermaid && !options.help {
            throw UsageError(
                "--no-trace cannot be used with --format mermaid, which prints only the trace; expected "
                    + "--format text or json")
        }
        return options
    }

    /// Runs the command with its report on `output` and its errors on `errors`; returns the exit status.
    ///
    /// A report that cannot be written (a full disk, a closed or read-only descriptor) makes the status 1, with a
    /// line on `errors`; a line that cannot be written on `errors` is dropped. Neither stops the program, except a
    /// pipe whose reader went away: the process keeps the default SIGPIPE action, which ends it, as `| head` expects.
    static func run(_ arguments: [String], output: FileHandle, errors: FileHandle) -> Int32 {
        var reportWriteFailed = false
        let status = run(
            arguments,
            write: { text in
                do {
                    try output.write(contentsOf: Data(text.utf8))
                } catch {
                    reportWriteFailed = true
                }
            },
            writeError: { text in try? errors.write(contentsOf: Data(text.utf8)) })
        guard reportWriteFailed else { return status }
        try? errors.write(contentsOf: Data("lifecycle-demo: error: the report could not be written\n".utf8))
        return status == 0 ? 1 : status
    }

    /// Runs the command; returns the exit status.
    ///
    /// Output goes to `write`, errors to `writeError`.
    static func run(
        _ arguments: [String], write: (String) -> Void, writeError: (String) -> Void
    ) -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            writeError("lifecycle-demo: error: \(_oneLine(error.message))\n")
            return 2
        }
        if options.help {
            write(usage)
            return 0
        }
        do {
            let file = options.scenarioPath ?? ScenarioLoader.embeddedName
            let bytes =
                try options.scenarioPath.map { path throws(ScenarioError) in try ScenarioLoader.read(path) }
                ?? ScenarioLoader.embeddedScenario()
            let plan = try ScenarioLoader.plan(bytes, file: file)
            // A silent rehearsal first: a request the host refuses stops the demo before it prints.
            _ = try DemoRun.perform(plan, file: file)
            let output = try DemoRun.perform(plan, file: file)
            switch options.format {
            case .text:
                write(TextReport.render(output, includeTrace: options.includeTrace))
            case .json:
                write(try JSONReport.render(output, includeTrace: options.includeTrace))
            case .mermaid:
                write(MermaidReport.render(output))  // never without the trace: parse refuses --no-trace
            }
            return 0
        } catch let error as ScenarioError {
            writeError("lifecycle-demo: error: \(error)\n")
            return 2
        } catch {
            writeError("lifecycle-demo: error: \(error)\n")
            return 1
        }
    }
}
