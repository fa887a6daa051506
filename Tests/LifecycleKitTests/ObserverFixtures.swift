import HookKit
import LifecycleKit
import Synchronization

/// A lifecycle observer that writes each callback it receives to a log, one line each, prefixed with its name:
/// `W will B.viewWillAppear(animated: true)`, `W end B.appear`, `W leave B (pop)`.
///
/// `Sendable` (it keeps nothing but the log), so that it can be registered globally too. Global registrations see
/// every screen of the process, and tests run in parallel: `accepts` keeps the screens of the test, and
/// `acceptedWindow` the application events of its window.
final class RecordingObserver: ScreenLifecycleObserver, Sendable {
    /// A kind of callback.
    enum Kind: CaseIterable, Sendable {
        case will, did, begin, end, join, leave, pop, application, state
    }

    let name: String
    let log: EventLog
    let kinds: Set<Kind>
    let accepts: @Sendable (Screen) -> Bool
    let acceptedWindow: ObjectIdentifier?
    /// Runs after each recorded line, with the line: a test's way to act from inside a callback.
    let reaction: Mutex<(@Sendable (String) -> Void)?> = Mutex(nil)

    init(
        _ name: String, _ log: EventLog, kinds: Set<Kind> = Set(Kind.allCases), window: Window? = nil,
        accepts: @escaping @Sendable (Screen) -> Bool = { _ in true }
    ) {
        self.name = name
        self.log = log
        self.kinds = kinds
        self.accepts = accepts
        self.acceptedWindow = window.map(ObjectIdentifier.init)
    }

    /// Sets what to do after each recorded line.
    func react(_ reaction: @escaping @Sendable (String) -> Void) {
        self.reaction.withLock { $0 = reaction }
    }

    private func record(_ kind: Kind, _ screen: Screen?, _ text: String) {
        guard kinds.contains(kind), screen.map(accepts) ?? true else { return }
        let line = "\(name) \(text)"
        log.add(line)
        let reaction = self.reaction.withLock { $0 }
        reaction?(line)
    }

    private func recordApplication(_ window: Window, _ text: String) {
        guard acceptedWindow.map({ $0 == ObjectIdentifier(window) }) ?? true else { return }
        record(.application, nil, text)
    }

    func screen(_ screen: Screen, willRun call: LifecycleCall) {
        record(.will, screen, "will \(screen.label).\(call)")
    }

    func screen(_ screen: Screen, didRun call: LifecycleCall) {
        record(.did, screen, "did \(screen.label).\(call)")
    }

    func screen(_ screen: Screen, willBegin phase: LifecyclePhase, animated: Bool) {
        record(.begin, screen, "begin \(screen.label).\(phase)")
    }

    func screen(_ screen: Screen, didEnd phase: LifecyclePhase, animated: Bool) {
        record(.end, screen, "end \(screen.label).\(phase)")
    }

    func screenDidJoinHierarchy(_ screen: Screen) {
        record(.join, screen, "join \(screen.label)")
    }

    func screenDidLeaveHierarchy(_ screen: Screen, reason: LeaveReason, window: Window?) {
        record(.leave, screen, "leave \(screen.label) (\(reason))")
    }

    func navigationController(
        _ navigationController: NavigationController, interactivePopDidBegin event: InteractivePopEvent
    ) {
        record(.pop, event.poppingScreen, "pop began \(event.poppingScreen.label) in \(navigationController.label)")
    }

    func navigationController(
        _ navigationController: NavigationController, interactivePopDidEnd event: InteractivePopEvent
    ) {
        record(.pop, event.poppingScreen, "pop \(event.phase) \(event.poppingScreen.label)")
    }

    func windowDidEnterBackground(_ window: Window) {
        recordApplication(window, "background")
    }

    func windowDidEnterForeground(_ window: Window) {
        recordApplication(window, "foreground \(window.applicationState)")
    }

    func screen(_ screen: Screen, visibleStateDidChange change: VisibleStateChange) {
        record(.state, screen, "state \(screen.label) \(change)")
    }
}

extension Screen {
    /// The title, or `untitled`.
    var label: String { title ?? "untitled" }
}

/// A token that a callback can reach once registration returned it.
final class TokenBox: Sendable {
    private let token = Mutex<HookToken?>(nil)

    func set(_ token: HookToken) {
        self.token.withLock { $0 = token }
    }

    /// Cancels the token, as `HookToken.cancel()` does.
    @discardableResult
    func cancel() -> Bool {
        token.withLock { $0 }?.cancel() ?? false
    }
}

/// An observer that counts the callbacks it receives and keeps nothing else, to check who holds it.
final class CountingObserver: ScreenLifecycleObserver, Sendable {
    private let count = Atomic<Int>(0)

    var callbacks: Int { count.load(ordering: .relaxed) }

    func screen(_ screen: Screen, didEnd phase: LifecyclePhase, animated: Bool) {
        count.wrappingAdd(1, ordering: .relaxed)
    }
}
