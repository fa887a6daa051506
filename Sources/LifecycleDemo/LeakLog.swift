/// The leak reports of a run, as the detector's handler appends them.
final class LeakLog {
    /// One line per report.
    var lines: [String] = []
}
