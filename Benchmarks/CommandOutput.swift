import Foundation
import Synchronization

/// Where `hook-benchmarks` writes: its report (the table, the JSON, the case list, the help) and its messages.
///
/// Writes never stop the program: a report that cannot be written (a full disk, a closed or read-only descriptor) is
/// remembered, so that the command can exit with status 1 and say so, and a message that cannot be written is dropped.
/// A pipe whose reader went away still ends the process (the default SIGPIPE action), as `| head` expects.
final class CommandOutput: Sendable {
    /// Receives the report.
    private let output: FileHandle
    /// Receives the messages.
    private let errors: FileHandle
    /// Whether some part of the report could not be written.
    private let reportFailed = Atomic<Bool>(false)

    /// Writes the report on `output` and the messages on `errors`.
    init(output: FileHandle, errors: FileHandle) {
        self.output = output
        self.errors = errors
    }

    /// Whether some part of the report could not be written.
    var lostReport: Bool { reportFailed.load(ordering: .relaxed) }

    /// Writes `text`, part of the report, as it is.
    func report(_ text: String) {
        do {
            try output.write(contentsOf: Data(text.utf8))
        } catch {
            reportFailed.store(true, ordering: .relaxed)
        }
    }

    /// Writes `text`, part of the report, at once, and throws the system's error when it cannot be written, for a
    /// caller that stops there (the lost text is not remembered for ``lostReport``).
    func reportOrThrow(_ text: String) throws {
        try output.write(contentsOf: Data(text.utf8))
    }

    /// Writes `message` as one line of messages, prefixed with the program's name.
    func message(_ message: String) {
        try? errors.write(contentsOf: Data("hook-benchmarks: \(message)\n".utf8))
    }
}
