/// Decides when a window's animated transitions complete, and queues transitions requested
/// while one is running.
///
/// An animated transition is two-step: the will-calls (`viewWillAppear`, `viewWillDisappear`)
/// run when it starts, the did-calls when the driver completes it. Unanimated transitions, and
/// transitions with nothing on screen to animate, complete at once.
///
/// ```swift
/// let window = Window(transitionDriver: TransitionDriver(mode: .manual))
/// try navigation.push(detail, animated: true)      // detail: viewWillAppear
/// window.transitionDriver.completeCurrentTransition()  // detail: viewDidAppear
/// ```
///
/// Requests made while a transition runs (including from inside lifecycle methods and
/// completions) change the structure at once, and their transitions wait in a first-in, first-out queue; each
/// completion fires after its own transition. This is more regular than UIKit, whose navigation controller leaves
/// `viewControllers` as it was until the running transition ends (see *Queued transitions* in
/// <doc:TheNavigationHost>), and which keeps a dismissed screen's presentation links until its dismissal completes
/// (see ``Screen/dismiss(animated:completion:)``).
///
/// The mode governs animated transitions that the host runs on its own. An interactive pop or a sheet swiped down
/// ends when the app says so (``InteractivePop/finish()``, ``InteractiveDismissal/finish()`` and their `cancel()`):
/// its did-calls and completion run in that call, in every mode.
///
/// A driver that goes away while transitions wait (its window was released, and nothing else holds the driver)
/// completes them at once, as animations end when their window goes: every will-call still gets its did-call, and
/// every completion runs once. Requests made by those completions run at once too, as they would with no window,
/// possibly before transitions that were still queued. A driver that something else still holds keeps its
/// transitions after its window goes: complete them through it (``completeAll()``), as the navigation controllers
/// whose transitions it holds queue their next requests there.
public final class TransitionDriver {
    /// When animated transitions complete.
    public enum Mode: Equatable {
        /// At once, in the call that started them.
        case immediate
        /// When ``TransitionDriver/completeCurrentTransition()`` is called (tests drive it).
        case manual
        /// After a fixed duration, on the window's ``HostTime``.
        ///
        /// A duration of zero, a negative one or NaN schedules the completion after no time (it runs when the host's
        /// time next runs what is due, not in the call that started the transition); an infinite one never falls due,
        /// so such a transition waits for ``TransitionDriver/completeCurrentTransition()``, as with ``manual``.
        case timed(seconds: Double)
    }

    /// When animated transitions complete.
    ///
    /// A new mode applies to the transition in progress too: ``Mode/manual`` stops its timer (it waits for
    /// ``completeCurrentTransition()``), ``Mode/timed(seconds:)`` completes it that many seconds after the change,
    /// and ``Mode/immediate`` completes it at once, in the setter, then the queued transitions (their calls and
    /// completions run there, until one of them sets another mode). Set from the will-calls of a transition this
    /// driver starts (a pushed screen's `viewWillAppear`, say), a mode applies to that transition once they return,
    /// when it would begin to animate (not an interactive one, which the app ends: see ``TransitionDriver``). Setting
    /// the mode it already has changes nothing.
    ///
    /// ```swift
    /// driver.mode = .manual
    /// try navigation.push(detail, animated: true)  // detail: viewWillAppear
    /// driver.mode = .immediate                     // detail: viewDidAppear, then the push's completion
    /// ```
    public var mode: Mode {
        didSet {
            guard mode != oldValue else { return }
            replanCurrentTransition()
        }
    }

    /// The time source of ``Mode/timed(seconds:)``: the clock of the first window given this driver that still
    /// exists when the transition starts (or when the mode changes); its timer stays on that clock.
    var time: (any HostTime)? {
        window?.time ?? otherWindows.lazy.compactMap { $0.object?.time }.first
    }

    /// The first window whose status bar is recomputed when a transition starts and completes.
    ///
    /// Each window given this driver adds itself (``_serve(_:)``). The first one, nearly always the only one, is kept
    /// on its own: every transition reads it twice (a list cost the push-pop benchmark 1,400 instructions).
    @exclusivity(unchecked) private weak var window: Window?
    /// The windows given this driver after the first one.
    ///
    /// Read by every transition, so without the runtime's exclusivity check: only the host's thread touches it, never
    /// through an `inout`.
    @exclusivity(unchecked) private var otherWindows: [_Weak<Window>] = []

    // `@exclusivity(unchecked)`, as ``Screen``'s state is (see there).
    @exclusivity(unchecked) private var queue: [_Transition] = []
    @exclusivity(unchecked) private var current: _Transition?
    /// The timer that completes ``current`` in ``Mode/timed(seconds:)``.
    @exclusivity(unchecked) private var completionTimer: ScheduledAction?
    @exclusivity(unchecked) private var isBusy = false
    /// How many ``enqueue(_:holding:)`` calls are running their code: no transition starts meanwhile.
    @exclusivity(unchecked) private var holdCount = 0
    /// Whether the transition that makes the driver busy runs its completion: every call of it was sent, so it has
    /// ended for what the app sees, as UIKit's has when its completion runs.
    @exclusivity(unchecked) private var isCompleting = false
    /// An interactive transition in progress (an interactive pop, a sheet swiped down); it holds the queue.
    @exclusivity(unchecked) var interactiveOwner: AnyObject?

    /// Creates a driver.
    ///
    /// - Parameter mode: When animated transitions complete; at once by default.
    public init(mode: Mode = .immediate) {
        self.mode = mode
    }

    /// Completes at once what is left when the driver goes away.
    ///
    /// The transition in progress and the queued ones finish, so that every will-call gets its did-call and every
    /// completion runs once. Transitions queued behind an interactive transition (a pop, a sheet swiped down) wait for
    /// its end: a stand-in driver that completes at once takes them over, and the transition keeps it until it ends.
    deinit {
        mode = .immediate
        completeAll()
        if let owner = interactiveOwner as? any _InteractiveTransition, !queue.isEmpty {
            let standIn = TransitionDriver(mode: .immediate)
            standIn.queue = queue
            standIn.interactiveOwner = owner
            queue = []
            owner.driver = standIn
            owner._standInDriver = standIn
        } else {
            drain()
        }
    }

    /// Whether an animated transition is waiting to complete.
    ///
    /// `false` while the will-calls of a transition this driver starts run (a pushed screen's `viewWillAppear`, say):
    /// an animated one becomes the transition in progress once they return. ``isTransitioning`` is `true` then.
    public var isAnimating: Bool { current != nil }

    /// Whether a transition runs or waits in the queue, or an interactive one (a pop, a sheet swiped down) is in
    /// progress.
    ///
    /// `false` in a transition's completion unless another transition waits in the queue (one requested before, or
    /// in the completion): every call of it was sent, so it has ended, as UIKit's has when its completion runs, and the
    /// pop gesture may begin there. A request made in a completion starts its transition once the completion returns.
    public var isTransitioning: Bool { _holdsPopGesture || !queue.isEmpty }

    /// The number of transitions waiting for the current one to complete.
    public var queuedCount: Int { queue.count }

    /// Completes the animated transition in progress, if any, then starts the queued ones.
    ///
    /// Called from the will-calls of a transition this driver starts (a pushed screen's `viewWillAppear`, say), it
    /// does nothing and returns `false`: that transition is not in progress until they return (see ``isAnimating``).
    /// Will-calls that are no transition's (a child added to a container on screen gets its `viewWillAppear` at
    /// once) do not hold back the transition in progress: completed from there, it sends its did-calls, the child's
    /// `viewDidAppear` among them, before that `viewWillAppear` returns. Complete it from elsewhere.
    ///
    /// - Returns: Whether there was a transition to complete.
    @discardableResult
    public func completeCurrentTransition() -> Bool {
        guard let transition = current else { return false }
        current = nil
        completionTimer?.cancel()
        completionTimer = nil
        runFinish(of: transition)
        drain()
        return true
    }

    /// Completes transitions until none is animating (queued ones start and may animate too).
    public func completeAll() {
        while completeCurrentTransition() {}
    }

    /// Adds `window` to the windows this driver serves.
    func _serve(_ window: Window) {
        if self.window == nil {
            self.window = window
        } else {
            otherWindows.removeAll { $0.object == nil }
            otherWindows.append(_Weak(window))
        }
    }

    /// Whether this driver serves `window`.
    func _serves(_ window: Window) -> Bool {
        self.window === window || otherWindows.contains { $0.object === window }
    }

    /// Recomputes the status bar of each window this driver serves.
    func _updateStatusBars() {
        window?._updateStatusBar()
        guard !otherWindows.isEmpty else { return }
        for other in otherWindows {
            other.object?._updateStatusBar()
        }
    }

    /// Lets the queue go on after `owner`, an interactive transition, ended.
    func _releaseInteractiveOwner(_ owner: AnyObject) {
        if interactiveOwner === owner {
            interactiveOwner = nil
        }
    }

    /// Queues a transition, and starts it if nothing else runs.
    ///
    /// With `beforeStart` (the app's code), runs it first with no transition starting meanwhile: the transitions that
    /// it requests queue behind this one, and none completes before it returned.
    func enqueue(_ transition: _Transition, holding beforeStart: (() -> Void)? = nil) {
        queue.append(transition)
        if let beforeStart {
            holdCount += 1
            beforeStart()
            holdCount -= 1
        }
        drain()
    }

    /// Runs the did-calls and the completion of `transition`, the driver busy meanwhile. (A busy driver starts no
    /// transition, so finishes never nest.)
    private func runFinish(of transition: _Transition) {
        isBusy = true
        transition.finish {
            _updateStatusBars()
            isCompleting = true  // the completion comes next
        }
        isBusy = false
        isCompleting = false
    }

    /// Whether a transition keeps the pop gesture from beginning.
    ///
    /// One animates, starts (its will-calls run) or finishes (its did-calls run), or an interactive pop is in progress.
    /// One whose completion runs has ended: every call of it was sent.
    var _holdsPopGesture: Bool {
        current != nil || interactiveOwner != nil || (isBusy && !isCompleting)
    }

    /// Starts queued transitions until one waits for its animation, or none is left.
    func drain() {
        guard !isBusy, current == nil, interactiveOwner == nil, holdCount == 0 else { return }
        while !queue.isEmpty, current == nil, interactiveOwner == nil {
            let transition = queue.removeFirst()
            isBusy = true
            transition.start()
            _updateStatusBars()
            isBusy = false
            if transition.animated && transition.hasAppearanceWork, !isImmediate {
                current = transition
                scheduleCompletion(of: transition)
            } else {
                runFinish(of: transition)
            }
        }
    }

    private var isImmediate: Bool {
        if case .immediate = mode { return true }
        return false
    }

    private func scheduleCompletion(of transition: _Transition) {
        guard case .timed(let seconds) = mode, let time else { return }
        completionTimer = time.schedule(after: seconds) { [weak self, weak transition] in
            guard let self, let transition, self.current === transition else { return }
            self.completeCurrentTransition()
        }
    }

    /// Applies a new ``mode`` to the transition in progress: stops its timer, then completes it at once, gives it a
    /// timer of the new duration, or leaves it to ``completeCurrentTransition()``.
    private func replanCurrentTransition() {
        guard let transition = current else { return }
        completionTimer?.cancel()
        completionTimer = nil
        switch mode {
        case .immediate:
            // Until a completion run here sets another mode: the transitions it starts then follow that one.
            while mode == .immediate, completeCurrentTransition() {}
        case .manual: break
        case .timed: scheduleCompletion(of: transition)
        }
    }
}
