import HookKit
import Synchronization

/// Where the host sends what lifecycle observers see: the global registrations, on one hook point, and the observers
/// attached to windows.
enum _LifecycleObservers {
    /// The hook point every global registration is one after hook on (see ``_ObserverCall``).
    static let point = HookPoint<Screen, _ObserverCall, Void>("Lifecycle.observers")

    /// The number of windows that have observers attached: while it is 0, events skip looking for a window.
    static let observedWindowCount = Atomic<Int>(0)

    /// Whether a global observer was ever registered: until then, events skip the registry's hook point.
    static let hasRegistrations = Atomic<Bool>(false)

    /// Whether some window has observers attached.
    @inline(__always)
    static var hasObservedWindows: Bool {
        observedWindowCount.load(ordering: .relaxed) > 0
    }

    /// `window()` while some window has observers, else `nil` without asking: the window whose observers hear of an
    /// event.
    @inline(__always)
    static func observedWindow(_ window: () -> Window?) -> Window? {
        hasObservedWindows ? window() : nil
    }

    /// Tells the observers about `event` of `screen`: the global registrations, then the observers of `window` for
    /// a *will* event; the reverse for a *did* event.
    ///
    /// Whether there are global registrations is read when they are due, after the window's observers of a *did*
    /// event: the process's first registration, made from one of those callbacks, hears the event too.
    @inline(__always)
    static func notify(_ event: _ObserverEvent, about screen: Screen, in window: Window?) {
        if event.isWill {
            if hasRegistrations.load(ordering: .acquiring) {
                notifyRegistrations(ofWill: event, about: screen)
            }
            window?._observers.deliver(event, about: screen)
        } else {
            window?._observers.deliver(event, about: screen)
            if hasRegistrations.load(ordering: .acquiring) {
                point.invoke(screen, _ObserverCall(event: event, collector: nil)) { _, _ in }
            }
        }
    }

    /// Tells the observers of `window` about an application event, then the global registrations for every screen.
    static func notifyApplicationEvent(_ event: _ObserverEvent, in window: Window) {
        notify(event, about: _ApplicationEvents.receiver, in: window)
    }

    /// Runs the global registrations that apply to `screen` for a *will* event, and delivers it to their observers in
    /// the reverse of the order HookKit ran them.
    static func notifyRegistrations(ofWill event: _ObserverEvent, about screen: Screen) {
        _CollectedObservers.collect { collector in
            point.invoke(screen, _ObserverCall(event: event, collector: collector)) { _, _ in }
            collector.pointee.forEachReversed { observer in
                event.deliver(to: observer, screen: screen)
            }
        }
    }
}
