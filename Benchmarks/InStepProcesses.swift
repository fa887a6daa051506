import Dispatch
import Foundation

/// Runs one case's loop in several processes of this executable at once, started together, and times them: how
/// `two-processes-before-1` measures what the machine itself gives a second core.
///
/// Each child is `hook-benchmarks --case NAME --iterations N --in-step`. It sets the case up and warms it up, prints
/// `ready`, waits for a line on its standard input, times its loop, and prints the loop's start and end on the
/// system-wide monotonic clock (`DispatchTime`, nanoseconds). The parent waits until every child is ready, releases
/// them together (each child is blocked in a read, so they start within microseconds of each other), and returns the
/// time from the first start to the last end. Process start-up is not timed.
enum InStepProcesses {
    /// Why a run could not be timed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A child's side of `--in-step`: runs `instance`'s loop when released, and reports its span.
    static func runChild(_ instance: any BenchmarkCase, iterations: Int, output: CommandOutput) throws {
        instance.run(iterations: max(1, iterations / 10))  // warm-up, not timed
        try report("ready", on: output)
        guard readLine() != nil else { throw Failure(description: "--in-step: standard input closed before the start") }
        let start = DispatchTime.now().uptimeNanoseconds
        instance.run(iterations: iterations)
        let end = DispatchTime.now().uptimeNanoseconds
        try report("\(start) \(end)", on: output)
    }

    /// Writes `line` on `output` (standard output) at once (unbuffered: the parent is waiting for it).
    ///
    /// - Throws: ``Failure`` when it cannot be written (closed, or a full disk), with the system's reason.
    private static func report(_ line: String, on output: CommandOutput) throws {
        do {
            try output.reportOrThrow(line + "\n")
        } catch {
            throw Failure(description: "--in-step: cannot write to standard output: \(SystemError.describe(error))")
        }
    }

    /// Runs `caseName`'s loop `iterations` times in each of `count` child processes at once; returns the time from
    /// the first child's start to the last child's end.
    static func time(caseName: String, iterations: Int, processes count: Int) throws -> Duration {
        guard let executable = Bundle.main.executableURL else {
            throw Failure(description: "cannot find this executable to start copies of it")
        }
        let children = try (0..<count).map { _ in
            try Child(
                executable: executable, arguments: ["--case", caseName, "--iterations", "\(iterations)", "--in-step"])
        }
        for child in children {
            guard try child.readLine() == "ready" else {
                throw Failure(description: "a child of \(caseName) failed to start")
            }
        }
        for child in children { try child.release() }
        var spans: [(start: UInt64, end: UInt64)] = []
        for child in children {
            let line = try child.readLine()
            let fields = line?.split(separator: " ").compactMap { UInt64($0) } ?? []
            guard fields.count == 2 else {
                throw Failure(description: "a child of \(caseName) reported '\(line ?? "")'")
            }
            spans.append((fields[0], fields[1]))
            child.wait()
        }
        let first = spans.map(\.start).min() ?? 0
        let last = spans.map(\.end).max() ?? 0
        return .nanoseconds(Int64(last - first))
    }

    /// A running copy of this executable, with pipes to its standard input and output.
    private final class Child {
        private let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private var buffered = Data()

        init(executable: URL, arguments: [String]) throws {
            process.executableURL = executable
            process.arguments = arguments
            process.standardInput = input
            process.standardOutput = output
            try process.run()
        }

        /// The child's next line of output, or `nil` once it closed its output.
        func readLine() throws -> String? {
            while true {
                if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffered[buffered.startIndex..<newline], as: UTF8.self)
                    buffered = Data(buffered[buffered.index(after: newline)...])
                    return line
                }
                let more = output.fileHandleForReading.availableData
                if more.isEmpty { return nil }
                buffered.append(more)
            }
        }

        /// Lets the child start its timed loop.
        func release() throws {
            try input.fileHandleForWriting.write(contentsOf: Data("go\n".utf8))
        }

        /// Waits for the child to exit.
        func wait() {
            process.waitUntilExit()
        }
    }
}
