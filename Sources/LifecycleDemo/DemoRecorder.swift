import LifecycleKit
import Synchronization

/// Collects the trace of a run: the actions, and under each the lifecycle calls, hooks, bar and
/// application events it caused, stamped with virtual time.
///
/// Screens and hooks report to it while the run drives the host on one thread; the state is
/// behind a mutex because hooks are `@Sendable`.
final class DemoRecorder: Sendable {
    private struct State {
        var transitions: [TraceTransition] = []
    }

    private let state = Mutex(State())
    private let clock: @Sendable () -> Double

    /// Creates a recorder that stamps events with `clock`, to the millisecond.
    init(clock: @escaping @Sendable () -> Double) {
        self.clock = { (clock() * 1000).rounded() / 1000 }
    }

    /// Starts the lines of a new action.
    func begin(_ action: String) {
        let time = clock()
        state.withLock { $0.transitions.append(TraceTransition(time: time, action: action, events: [])) }
    }

    /// Records that `screen`'s lifecycle `method` ran.
    func call(_ screen: String, _ method: String) {
        add(.call, screen, method)
    }

    /// Records that the hook labelled `label` ran around a call of `screen`.
    func hook(_ label: String, screen: String) {
        add(.hook, screen, label)
    }

    /// Records that the lifecycle observer named `observer` saw `event` of `screen`.
    func observer(_ observer: String, _ event: String, screen: String) {
        add(.observer, screen, "\(observer): \(event)")
    }

    /// Records another event.
    func note(_ kind: TraceEvent.Kind, _ text: String, screen: String? = nil) {
        add(kind, screen, text)
    }

    /// Everything recorded, in order.
    var transitions: [TraceTransition] {
        state.withLock { $0.transitions }
    }

    private func add(_ kind: TraceEvent.Kind, _ screen: String?, _ name: String) {
        let event = TraceEvent(time: clock(), kind: kind, screen: screen, name: name)
        state.withLock { state in
            if state.transitions.isEmpty {
                state.transitions.append(TraceTransition(time: event.time, action: "start", events: []))
            }
            state.transitions[state.transitions.count - 1].events.append(event)
        }
    }
}
