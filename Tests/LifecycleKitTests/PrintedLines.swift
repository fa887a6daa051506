import Synchronization

/// Lines printed by documentation and README examples, in order.
///
/// Each example file shadows `Swift.print` with a private function that appends here, so that its test can check
/// what the example prints.
final class PrintedLines: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    /// Returns the lines printed so far and starts over.
    func take() -> [String] {
        lines.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }
}
