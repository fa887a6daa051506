import HookKit

/// A scenario that cannot be run: where it is wrong and what was expected.
///
/// Printed as one line, `<file>: <location>: <problem>`, and the demo exits with status 2 without
/// running anything.
struct ScenarioError: Error, Equatable, CustomStringConvertible {
    /// The file the scenario came from (or `embedded scenario`).
    var file: String
    /// Where in it: `line 3, column 14` for a syntax error, a path such as `actions[4].style`
    /// otherwise; empty for the whole file.
    var location: String
    /// What is wrong and what was expected.
    var problem: String

    /// `<file>: <location>: <problem>`, on one line.
    ///
    /// Control characters and line separators that the file name or the scenario's text may hold
    /// are escaped (`\n`, `\u{2028}`).
    var description: String {
        _oneLine(location.isEmpty ? "\(file): \(problem)" : "\(file): \(location): \(problem)")
    }
}
