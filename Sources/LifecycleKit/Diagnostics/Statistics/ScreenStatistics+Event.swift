import HookKit

extension ScreenStatistics {
    /// Something the statistics recorder tells its handler: a persistence failure, or a discarded view.
    ///
    /// The default handler (``ScreenStatistics/printWarning(_:)``) prints ``description`` as one warning line
    /// to standard error.
    public enum Event: Sendable, Hashable, CustomStringConvertible {
        /// Reading, setting aside or writing the statistics file failed; the error says what was done.
        case storeFailed(StatisticsStoreError)
        /// A single view lasted longer than ``Configuration/maximumViewDuration`` (paused time excluded),
        /// so it was discarded: it counts for nothing (no view, no resumes, no time).
        ///
        /// - Parameters:
        ///   - name: The statistic name of the view.
        ///   - duration: How long the view lasted, in seconds.
        ///   - limit: The limit it exceeded, in seconds.
        case viewDiscarded(name: String, duration: Double, limit: Double)

        /// One line, such as `discarded a view of Player lasting 90000.000 s (limit 86400.000 s)`: line breaks
        /// and other control characters in a name or a message are written as escapes (`\n`, `\u{1B}`), and so are
        /// backslashes in a name (`\\`).
        public var description: String {
            switch self {
            case .storeFailed(let error):
                return _oneLine(error.description)
            case .viewDiscarded(let name, let duration, let limit):
                let name = _oneLine(name, escapingBackslashes: true)
                return "discarded a view of \(name) lasting \(_seconds(duration)) (limit \(_seconds(limit)))"
            }
        }
    }
}
