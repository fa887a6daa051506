/// The screens a transition (or an interactive pop) sent a will-call to, so that each gets its did-call.
///
/// A transition ends the screens it began through forwarding, parent first. A screen that left its
/// parent meanwhile is no longer reached that way; ``finish()`` ends it anyway, because UIKit
/// balances every will-call of a view that leaves.
final class _AppearanceBatch {
    /// The screens begun in this batch, in order; a screen may appear twice (it began again).
    ///
    /// `@exclusivity(unchecked)`, as ``Screen``'s state is (see there).
    @exclusivity(unchecked) private var screens: [Screen] = []
    /// How many will-calls of this batch's screens are running (nested ones count too).
    private var runningWillCalls = 0
    /// The end of the interactive transition that owns this batch, asked for while a will-call of the batch ran: it
    /// runs once the outermost one returns (see ``endWhenWillCallsReturn(_:)``).
    private var deferredEnd: (() -> Void)?

    /// Records that `screen` began an appearance transition in this batch.
    func add(_ screen: Screen) {
        screen._onScreenBatch = self
        screens.append(screen)
    }

    /// Runs a will-call (`viewWillAppear`, `viewIsAppearing` or `viewWillDisappear`, with its hooks and the callbacks
    /// that come with it: the observers' willBegin, the navigation bar's restore, the status bar's change) of one of
    /// the batch's screens, then, once no will-call of the batch runs any more, the end that one asked for.
    func runWillCall(_ willCall: () -> Void) {
        runningWillCalls += 1
        willCall()
        runningWillCalls -= 1
        if runningWillCalls == 0, let end = deferredEnd {
            deferredEnd = nil
            end()
        }
    }

    /// Defers `end` (an interactive transition's `finish()` or `cancel()`) until the will-calls of the batch that run
    /// now have returned, and returns `true`; returns `false` when none runs, for the caller to end at once.
    ///
    /// A before hook of a will-call runs before the screen's method: ended there at once, the transition would send
    /// the screen its did-call before the method saw the will-call. Ending once the will-call returned keeps every
    /// will-call (hooks, method, after hooks) ahead of its did-call, as UIKit's animation completion does. The first
    /// request wins; later ones, and any while one waits, are ignored, as they are once the transition ended.
    func endWhenWillCallsReturn(_ end: @escaping () -> Void) -> Bool {
        guard runningWillCalls > 0 else { return false }
        if deferredEnd == nil {
            deferredEnd = end
        }
        return true
    }

    /// Set while the animated transition that owns the batch sends its will-calls (``starting(animated:_:)``).
    private(set) var isStartingAnAnimation = false
    /// What to run once those will-calls are over (``runOnceStarted(_:)``); empty (no allocation) almost always.
    private var afterTheStart: [() -> Void] = []

    /// Runs `start`, the will-calls of the batch's transition, with ``isStartingAnAnimation`` set when it animates,
    /// then what was asked meanwhile to run once they are over, in the order asked.
    ///
    /// A transition starts once, and never from inside its own will-calls: the flag needs no saving.
    func starting(animated: Bool, _ start: () -> Void) {
        guard animated else { return start() }
        isStartingAnAnimation = true
        start()
        isStartingAnAnimation = false
        guard !afterTheStart.isEmpty else { return }
        let actions = afterTheStart
        afterTheStart = []
        for action in actions { action() }
    }

    /// Runs `action` once the will-calls of the animated transition that owns the batch are over, and returns `true`;
    /// returns `false` when that transition is not sending them.
    ///
    /// A container's switch asked from one of those will-calls takes off screen the screens that go off in the
    /// transition, which end only then: ended inside the will-call, they would get their viewDidDisappear before the
    /// transition's other will-calls.
    func runOnceStarted(_ action: @escaping () -> Void) -> Bool {
        guard isStartingAnAnimation else { return false }
        afterTheStart.append(action)
        return true
    }

    /// Sends viewIsAppearing, in the order they began (parent first), to the screens of the batch still appearing that
    /// wait for it: an animated transition does once its will-calls ran, before it animates, as UIKit's layout pass
    /// does once the views are in the window.
    func deliverViewIsAppearing() {
        for screen in screens where screen._onScreenBatch === self && screen._appearance == .appearing {
            screen._deliverViewIsAppearing()
        }
    }

    /// Ends, in the order they began, the screens of this batch still disappearing: the ones a cancelled interactive
    /// transition does not bring back (the old top of a navigation controller that a push changed meanwhile), whose
    /// viewDidDisappear comes before the did-calls of the screens that come back, as a transition's disappearing
    /// screens end first.
    func finishDisappearing() {
        for screen in screens where screen._onScreenBatch === self && screen._appearance == .disappearing {
            screen._endAppearanceTransition()
        }
    }

    /// Begins, for each screen of this batch still disappearing, the calls its will-call did not forward to the screens
    /// on screen through it (``Screen/_beginCallsNotForwarded(animated:batch:)``), in the order they began: the
    /// transition was ended from one of its will-calls, before the forwarding resumed.
    ///
    /// A cancelled interactive pop brings the popping screen back, but a screen that left it meanwhile (removed from a
    /// container in it) stays disappearing, and the screens on screen through that one must end with it rather than
    /// stay appeared under a screen that disappeared.
    func beginCallsNotForwardedByTheDisappearing(animated: Bool) {
        for screen in screens where screen._onScreenBatch === self && screen._appearance == .disappearing {
            screen._beginCallsNotForwarded(animated: animated, batch: self)
        }
    }

    /// Whether the batch's did-calls are being sent (``sendingDidCalls(_:)``): a screen of the batch still appearing
    /// waits only for its turn.
    private(set) var isSendingDidCalls = false

    /// Runs `sendDidCalls`, the did-calls of the batch's transition, with ``isSendingDidCalls`` set.
    func sendingDidCalls(_ sendDidCalls: () -> Void) {
        let wasSending = isSendingDidCalls
        isSendingDidCalls = true
        sendDidCalls()
        isSendingDidCalls = wasSending
    }

    /// Ends, in the order they began, the screens of this batch still waiting for their did-call.
    func finish() {
        let begun = screens
        screens = []
        sendingDidCalls {
            for screen in begun where screen._onScreenBatch === self && screen._appearance.isInTransition {
                screen._endAppearanceTransition()
            }
        }
    }
}
