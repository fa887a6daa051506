import LifecycleKit

/// The leak reports of a run, as the detector's handler appends them.
final class LeakLog {
    /// The reports, in the order they were made.
    var reports: [LeakReport] = []
}
