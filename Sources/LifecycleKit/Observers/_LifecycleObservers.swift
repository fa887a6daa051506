import HookKit
import Synchronization

/// Where the host sends what lifecycle observers see: the global registrations, on one hook point, and the observers
/// attached to windows.
enum _LifecycleObservers {
    /// The hook point every global registration is one after hook on (see ``_ObserverCall``).
    static let point = HookPoint<Screen, _ObserverCall, Void>("Lifecycle.observers")

    /// The number of windows that have observers attached: while it is 0, events skip looking for a window.
    static let observedWindowCount = Atomic<Int>(0)

    /// Whether some window has observers attached.
    @inline(__always)
    static var hasObservedWindows: Bool {
        observedWindowCount.load(ordering: .relaxed) > 0
    }

    /// Tells the observers about `event` of `screen`: the global registrations, then the observers of `window()`
    /// for a *will* event; the reverse for a *did* event.
    ///
    /// `window` is only asked while some window has observers.
    @inline(__always)
    static func notify(_ event: _ObserverEvent, about screen: Screen, window: () -> Window?) {
        if event.isWill {
            notifyRegistrations(ofWill: event, about: screen)
            if hasObservedWindows, let window = window(), !window._observers.isEmpty {
                window._observers.deliver(event, about: screen)
            }
        } else {
            if hasObservedWindows, let window = window(), !window._observers.isEmpty {
                window._observers.deliver(event, about: screen)
            }
            point.invoke(screen, _ObserverCall(event: event, collector: nil)) { _, _ in }
        }
    }

    /// Tells the observers of `window` about an application event, then the global registrations for every screen.
    static func notifyApplicationEvent(_ event: _ObserverEvent, in window: Window) {
        notify(event, about: _ApplicationEvents.receiver) { window }
    }

    /// Runs the global registrations that apply to `screen` for a *will* event, and delivers it to their observers in
    /// the reverse of the order HookKit ran them.
    static func notifyRegistrations(ofWill event: _ObserverEvent, about screen: Screen) {
        var collected = _CollectedObservers()
        withUnsafeMutablePointer(to: &collected) { collector in
            point.invoke(screen, _ObserverCall(event: event, collector: collector)) { _, _ in }
        }
        collected.forEachReversed { observer in
            event.deliver(to: observer, screen: screen)
        }
    }
}
