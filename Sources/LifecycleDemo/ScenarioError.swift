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
        Self.oneLine(location.isEmpty ? "\(file): \(problem)" : "\(file): \(location): \(problem)")
    }

    /// `text` with control characters and line separators escaped, so that it prints as one line.
    ///
    /// HookKit and LifecycleKit escape their one-line descriptions the same way, in a helper of the package that the
    /// demo does not use: it uses only the libraries' public API, and a string-escaping function is not part of it.
    static func oneLine(_ text: String) -> String {
        var line = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
                line += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: line.unicodeScalars.append(scalar)
            }
        }
        return line
    }
}
