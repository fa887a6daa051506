import LifecycleKit
import Synchronization

/// The demo's page tracking, as a global lifecycle observer: a page is entered once its screen has appeared, and left
/// when it begins to disappear.
///
/// A page is a screen without children when it appears: a container shows pages, and is none. A page is left only
/// once it was entered: the screen that a cancelled interactive pop revealed gets a `viewWillDisappear` without having
/// appeared, and a container that appeared while it had no children entered no page.
///
/// It observes every screen of the process (`Lifecycle.addObserver`) and records only those of its own run: tests
/// play several runs at once.
final class PageTracker: ScreenLifecycleObserver, Sendable {
    /// The name the trace gives the observer.
    static let name = "PageTracker"

    /// Where the observer reports.
    let recorder: DemoRecorder

    /// The screens whose page is entered and not yet left.
    ///
    /// A screen on screen is alive, so its identifier is its own.
    private let enteredPages = Mutex<Set<ObjectIdentifier>>([])

    /// Creates a tracker that reports to `recorder`.
    init(recorder: DemoRecorder) {
        self.recorder = recorder
    }

    /// A page is entered once its screen, without children, appeared.
    func screen(_ screen: Screen, didEnd phase: LifecyclePhase, animated: Bool) {
        guard phase == .appear, screen.children.isEmpty, let name = recorder.name(of: screen) else { return }
        enteredPages.withLock { _ = $0.insert(ObjectIdentifier(screen)) }
        recorder.observer(Self.name, "page enter", screen: name)
    }

    /// A page that was entered is left when its screen begins to disappear.
    func screen(_ screen: Screen, willBegin phase: LifecyclePhase, animated: Bool) {
        guard phase == .disappear, let name = recorder.name(of: screen),
            enteredPages.withLock({ $0.remove(ObjectIdentifier(screen)) != nil })
        else { return }
        recorder.observer(Self.name, "page leave", screen: name)
    }
}
