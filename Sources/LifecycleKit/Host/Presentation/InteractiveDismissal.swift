/// A sheet being swiped down: an interactive dismissal in progress, driven step by step.
///
/// Begin it with ``Screen/beginInteractiveDismissal(completion:)`` on the presented screen (or a screen inside it),
/// report the gesture with ``update(progress:)``, and end it with ``finish()`` or ``cancel()``, as UIKit's sheet does
/// when the finger lifts.
///
/// The presenter stays on screen under a sheet, so it gets no call; the presented screen is still presented (its
/// ``Screen/presentingScreen`` and the presenter's ``Screen/presentedScreen``) until the dismissal finishes, and a
/// cancel leaves it where it was.
///
/// ```swift
/// let swipe = try sheet.beginInteractiveDismissal()
/// // sheet.presentationShouldDismiss(), sheet.presentationWillDismiss(), sheet.viewWillDisappear
/// swipe.update(progress: 0.3)
/// swipe.cancel()   // sheet.viewWillAppear, sheet.viewDidAppear: the sheet snaps back
/// ```
///
/// While it is in progress the window's transition queue waits (requests change the hierarchy at once, and their
/// transitions wait), the pop gesture and the back button do nothing, a programmatic dismissal of the sheet does
/// nothing (a dismissal from below it takes it with the rest, as ``finish()`` and ``cancel()`` say), and presenting
/// from the sheet is refused. From the calls that end it (after ``finish()`` or ``cancel()``: a cancelled swipe's
/// `viewDidAppear`, say), both are accepted and wait in the queue for its end, as after any transition. End every
/// dismissal you begin, as a gesture always ends.
public final class InteractiveDismissal: _InteractiveTransition {
    /// Where the gesture is.
    public enum State: String, Sendable, Hashable {
        /// The finger is down.
        case active
        /// The dismissal completed.
        case finished
        /// The dismissal was cancelled: the sheet stays.
        case cancelled
    }

    /// The screen that presented the sheet; it stays on screen, without a call.
    public private(set) weak var presentingScreen: Screen?
    /// The presented screen being swiped down.
    ///
    /// Held strongly, also once the swipe has ended: keep the dismissal only while the swipe runs, or a dismissed
    /// screen stays alive with it (and a ``LeakDetector`` reports it).
    public let dismissedScreen: Screen
    /// How far the gesture went, from 0 to 1.
    public private(set) var progress: Double = 0
    /// Where the gesture is.
    public private(set) var state: State = .active

    private let completion: ((TransitionOutcome) -> Void)?
    /// The transition driver whose queue the dismissal holds.
    weak var driver: TransitionDriver?
    /// The driver that took over the queue when the window's driver went away.
    var _standInDriver: TransitionDriver?
    /// The screens the dismissal sent will-calls to, which it owes did-calls.
    let batch = _AppearanceBatch()
    /// The window the sheet was on screen in when the dismissal began.
    private weak var window: Window?
    /// Whether the app unlinked the sheet from its presenter meanwhile (it dismissed a screen below it, or replaced the
    /// window's root): a presentation of it made since is the app's, which the swipe must not end or take over.
    var _wasDismissedElsewhere = false
    /// Whether that was a dismissal (of a screen below the sheet), not its window's root replaced: the sheet is then
    /// being dismissed until its viewDidDisappear, whatever the swipe's end.
    var _wasDismissedByTheApp = false

    init(
        presentingScreen: Screen, dismissedScreen: Screen, window: Window,
        completion: ((TransitionOutcome) -> Void)?
    ) {
        self.presentingScreen = presentingScreen
        self.dismissedScreen = dismissedScreen
        self.window = window
        self.completion = completion
    }

    /// Reports how far the gesture went (clamped to 0...1).
    ///
    /// Ignored once the dismissal ended.
    public func update(progress: Double) {
        guard state == .active else { return }
        self.progress = min(1, max(0, progress))
    }

    /// Completes the dismissal: the sheet leaves its presenter.
    ///
    /// The calls: the presenter's ``Screen/presentedScreen`` becomes `nil` (and the window's status bar is decided
    /// without the sheet: a sheet that decides it keeps deciding while the finger moves, as in UIKit, which hands the
    /// status bar to the presenter when the finger lifts and the dismissal goes on, and not on a cancel), then
    /// dismissed.viewDidDisappear (with the screens on screen through it),
    /// dismissed.presentationDidDismiss(), then the completion with ``TransitionOutcome/completed``. The presenter gets
    /// no call.
    ///
    /// If the app dismissed the sheet itself meanwhile (say, by dismissing its presenter), the sheet only gets the
    /// did-calls it waits for, without presentationDidDismiss(). Finished from presentationWillDismiss(), before its
    /// viewWillDisappear, the sheet gets viewWillDisappear and viewDidDisappear here, before presentationDidDismiss().
    /// Ignored once the dismissal ended.
    ///
    /// Asked from inside a will-call the dismissal sent (viewWillAppear, viewIsAppearing or viewWillDisappear, from a
    /// hook or the method, or from the callbacks that come with it: the observers' willBegin, the status bar's change),
    /// it takes effect once that will-call returns, so that its method and hooks all see it before any did-call;
    /// ``state`` stays ``State/active`` until then, and the first request wins.
    public func finish() {
        guard state == .active, !batch.endWhenWillCallsReturn({ [self] in finish() }) else { return }
        state = .finished
        progress = 1
        guard !_wasDismissedElsewhere, let presenter = presentingScreen, presenter._presented === dismissedScreen
        else {
            return endAsDismissedElsewhere()
        }
        presenter._presented = nil
        dismissedScreen._presenter = nil
        // The presenter decides the status bar from now on, as after a programmatic dismissal's will-calls: the
        // sheet's viewDidDisappear and presentationDidDismiss() see the window as it stays.
        window?._updateStatusBar()
        // Finished from a will-call of its own beginning: the screens on screen through the sheet get the will-calls it
        // had not forwarded yet, so that their did-calls come with the sheet's.
        if dismissedScreen._onScreenBatch === batch {
            dismissedScreen._beginCallsNotForwarded(animated: true, batch: batch)
        } else if dismissedScreen._appearance == .appeared {
            // Finished from presentationWillDismiss, before its viewWillDisappear: the sheet leaves the screen all the
            // same, its calls before presentationDidDismiss (as a pop finished from willPop takes its screen off).
            dismissedScreen._beginDisappearing(animated: true, batch: batch)
        }
        batch.finish()
        dismissedScreen._pendingCauses.remove(.beingDismissed)
        dismissedScreen._didLeaveHierarchy(.dismiss, from: window)  // nothing if it joined a hierarchy meanwhile
        dismissedScreen.presentationDidDismiss()
        end(outcome: .completed)
    }

    /// Cancels the dismissal: the sheet snaps back.
    ///
    /// The calls: dismissed.viewWillAppear, dismissed.viewDidAppear (with the screens on screen through it; no longer
    /// ``Screen/isBeingDismissed``), then the completion with ``TransitionOutcome/cancelled``. A screen on screen
    /// through it that it no longer shows (the old top of a presented navigation controller that the app pushed on
    /// meanwhile) gets its viewDidDisappear between those two, before the did-calls of the screens that come back. No
    /// presentationDidDismiss(), and nothing balances the presentationWillDismiss() sent when the swipe began.
    ///
    /// If the sheet went off screen meanwhile (the app dismissed it, or its window was hidden), it gets the did-call it
    /// waits for instead (viewDidDisappear), still ``Screen/isBeingDismissed`` if the app dismissed it (by dismissing a
    /// screen below it). Ignored once the dismissal ended.
    ///
    /// Asked from inside a will-call the dismissal sent (viewWillAppear, viewIsAppearing or viewWillDisappear, from a
    /// hook or the method, or from the callbacks that come with it: the observers' willBegin, the status bar's change),
    /// it takes effect once that will-call returns, so that its method and hooks all see it before any did-call;
    /// ``state`` stays ``State/active`` until then, and the first request wins.
    public func cancel() {
        guard state == .active, !batch.endWhenWillCallsReturn({ [self] in cancel() }) else { return }
        state = .cancelled
        // Dismissed by the app meanwhile (a screen below it dismissed): it stays being dismissed until its
        // viewDidDisappear, as when the swipe finishes.
        if _wasDismissedByTheApp { return endAsDismissedElsewhere() }
        dismissedScreen._pendingCauses.remove(.beingDismissed)
        dismissedScreen._currentCauses.remove(.beingDismissed)
        if let window, window.isVisible, !_wasDismissedElsewhere, let presenter = presentingScreen,
            presenter._presented === dismissedScreen, dismissedScreen._onScreenBatch === batch,
            dismissedScreen._appearance == .disappearing
        {
            dismissedScreen._beginAppearing(animated: true, at: .unit(window), batch: batch, reversing: true)
            batch.finishDisappearing()
            dismissedScreen._endAppearanceTransition()
        }
        batch.finish()
        end(outcome: .cancelled)
    }

    /// Ends a dismissal whose sheet the app dismissed, or whose presenter went away, meanwhile: the sheet gets the
    /// did-calls it waits for; the programmatic dismissal (if any) reports its leaving.
    private func endAsDismissedElsewhere() {
        batch.finish()
        dismissedScreen._pendingCauses.remove(.beingDismissed)
        end(outcome: state == .finished ? .completed : .cancelled)
    }

    private func end(outcome: TransitionOutcome) {
        dismissedScreen.interactiveDismissal = nil
        _releaseQueue(of: window) { completion?(outcome) }
    }
}
