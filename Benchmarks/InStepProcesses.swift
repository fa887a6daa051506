import Dispatch
import Foundation

/// Runs one case's loop in several processes of this executable at once, started together, and times them: how
/// `two-processes-before-1` measures what the machine itself gives a second core.
///
/// Each child is `hook-benchmarks --case NAME --iterations N --in-step`. It sets the case up and warms it up, prints
/// `ready`, waits for a line on its standard input, times its loop, and prints the loop's start and end on the
/// system-wide monotonic clock (`DispatchTime`, nanoseconds). The parent waits until every child is ready, releases
/// them together (each child is blocked in a read, so they start within microseconds of each other), and returns the
/// time from the first start to the last end. Process start-up is not timed. A child whose standard input ends before
/// it has reported (its parent was killed) stops at once rather than running on alone.
enum InStepProcesses {
    /// Why a run could not be timed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A child's side of `--in-step`: runs `instance`'s loop when released, and reports its span.
    static func runChild(_ instance: any BenchmarkCase, iterations: Int, output: CommandOutput) throws {
        // Warm-up, not timed: a tenth of the loop, at most a million calls (a few milliseconds).
        instance.run(iterations: max(1, min(iterations / 10, 1_000_000)))
        try report("ready", on: output)
        let released = DispatchSemaphore(value: 0)
        watchParent(FileHandle.standardInput, released: { released.signal() }) {
            try? FileHandle.standardError.write(
                contentsOf: Data(
                    ("hook-benchmarks: --in-step: standard input ended before the span was reported (the parent went "
                        + "away, or closed it early); stopping\n").utf8))
            _exit(1)  // not exit(): the main thread may be exiting too, and exit() must not run twice
        }
        released.wait()
        let start = DispatchTime.now().uptimeNanoseconds
        instance.run(iterations: iterations)
        let end = DispatchTime.now().uptimeNanoseconds
        try report("\(start) \(end)", on: output)
    }

    /// Reads `input`, the child's standard input, on a thread of its own: calls `released` when the parent's line
    /// arrives, and `parentWentAway` when the input ends.
    ///
    /// The parent keeps its end of the pipe open until it has read the child's span, so an end before then means that
    /// it was killed: without this, a child asked for billions of iterations would run on alone, holding a core (a
    /// signal sent to the parent alone, as `timeout` and `kill` send it, does not reach it). The thread is blocked in
    /// a read meanwhile and costs the timed loop nothing.
    static func watchParent(
        _ input: FileHandle, released: @escaping @Sendable () -> Void,
        parentWentAway: @escaping @Sendable () -> Void
    ) {
        let descriptor = input.fileDescriptor
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 256)
            var wasReleased = false
            while true {
                // What has arrived (a `FileHandle` read would wait for a full buffer); 0 at the end, -1 on an error.
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                if !wasReleased && buffer[..<count].contains(UInt8(ascii: "\n")) {
                    wasReleased = true
                    released()
                }
            }
            parentWentAway()
        }
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
