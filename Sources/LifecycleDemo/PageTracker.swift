import LifecycleKit

/// The demo's page tracking, as a global lifecycle observer: a page is entered once a screen has appeared, and left
/// when it begins to disappear.
///
/// It observes every screen of the process (`Lifecycle.addObserver`) and records only those of its own run: tests
/// play several runs at once.
final class PageTracker: ScreenLifecycleObserver, Sendable {
    /// The name the trace gives the observer.
    static let name = "PageTracker"

    /// Where the observer reports.
    let recorder: DemoRecorder

    /// Creates a tracker that reports to `recorder`.
    init(recorder: DemoRecorder) {
        self.recorder = recorder
    }

    /// A page is entered once its screen appeared.
    func screen(_ screen: Screen, didEnd phase: LifecyclePhase, animated: Bool) {
        guard phase == .appear, let name = recorder.name(of: screen) else { return }
        recorder.observer(Self.name, "page enter", screen: name)
    }

    /// A page is left when its screen begins to disappear.
    func screen(_ screen: Screen, willBegin phase: LifecyclePhase, animated: Bool) {
        guard phase == .disappear, let name = recorder.name(of: screen) else { return }
        recorder.observer(Self.name, "page leave", screen: name)
    }
}
