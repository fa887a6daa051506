/// An interactive pop in progress: the full-screen pop gesture, driven step by step.
///
/// Begin it with ``NavigationController/beginInteractivePop(translation:completion:)``, report
/// the gesture with ``update(progress:)``, and end it with ``finish()`` or ``cancel()``.
///
/// As in UIKit, whose gesture calls `popViewControllerAnimated:` when it begins, the pop changes the stack at once:
/// from the beginning, the popping screen is out of ``NavigationController/viewControllers`` (once the beginning's
/// calls ran, the controller unlinks it too, until the pop ends) and the revealed screen is the top; a cancel puts the
/// popping screen back.
///
/// ```swift
/// let pop = try navigation.beginInteractivePop(translation: 12)
/// // B.willPop, B leaves the stack, B.willMove(toParent: nil), B.viewWillDisappear, A.viewWillAppear, nav.willShow(A);
/// // navigation.topViewController is A
/// pop.update(progress: 0.4)
/// pop.cancel()   // A.viewWillDisappear, A.viewDidDisappear, B.viewWillAppear, B.viewDidAppear; B is on top again
/// ```
///
/// While it is in progress the window's transition queue waits, and navigation requests on the
/// same controller are refused. End every pop you begin, as a gesture always ends: the queue waits
/// until then. The pop keeps the queue it holds even if its controller leaves the window meanwhile
/// (the root replaced, the controller removed from its container); if the controller no longer
/// exists, ``finish()`` and ``cancel()`` end the pop as cancelled and the queue goes on. (A controller
/// released during the gesture ends its pop so at once. Only the completion hears that end: the
/// point's hooks and the observers' callbacks take the controller, which is gone.)
public final class InteractivePop: _InteractiveTransition {
    /// Where the gesture is.
    public enum State: String, Sendable, Hashable {
        /// The finger is down.
        case active
        /// The pop completed.
        case finished
        /// The pop was cancelled.
        case cancelled
    }

    /// The navigation controller being popped.
    public private(set) weak var navigationController: NavigationController?
    /// The screen being dragged away: the top screen when the pop began, out of the stack (and, once the beginning's
    /// calls ran, unlinked from the navigation controller, though still leaving it) until the pop ends; a cancel puts
    /// it back on top.
    ///
    /// Held strongly, also once the pop has ended: keep the pop only while the gesture runs, or a popped screen stays
    /// alive with it (and a ``LeakDetector`` reports it).
    public let poppingScreen: Screen
    /// The screen below it, being revealed: the top of the stack from the beginning of the pop.
    public let revealedScreen: Screen
    /// How far the gesture went, from 0 to 1.
    public private(set) var progress: Double = 0
    /// Where the gesture is.
    public private(set) var state: State = .active {
        didSet {
            if state != .active { barFollowingTheFinger?._changesFollowTheFinger = false }
        }
    }

    private let completion: ((TransitionOutcome) -> Void)?
    /// The transition driver whose queue the pop holds, kept from the start: the controller may leave its window (the
    /// root replaced, the controller removed from its container) before the pop ends, and the queue must still go on.
    weak var driver: TransitionDriver?
    /// The driver that took over the queue the pop holds when its window's driver went away (see
    /// ``TransitionDriver``'s `deinit`); the pop keeps it until the queue has gone on.
    var _standInDriver: TransitionDriver?
    /// The screens the pop sent will-calls to, which it owes did-calls.
    let batch = _AppearanceBatch()
    /// The screen that got viewWillDisappear: the popping screen, or what stands in for it.
    weak var poppingTarget: Screen?
    /// The screen that got viewWillAppear: the revealed screen, or what stands in for it.
    weak var revealedTarget: Screen?
    /// The bar whose animated changes follow the finger from the pop's will-calls until the pop ends (``state``
    /// leaves ``State/active``), as UIKit's controller marks its transition interactive before it sends them.
    weak var barFollowingTheFinger: NavigationBar? {
        didSet { barFollowingTheFinger?._changesFollowTheFinger = true }
    }
    /// Whether the pop sent willShow for the revealed screen, from its beginning or its finish.
    ///
    /// The beginning ends earlier when the app's code in the calls before it ended the pop; a finish then sends it
    /// with the will-calls the beginning had not sent. A finished pop sends didShow only if it was sent.
    var sentWillShow = false
    /// The navigation controller's ``Screen/_appearances`` when the beginning sent willShow.
    var controllerAppearancesAtWillShow: UInt = 0
    /// The navigation controller's ``NavigationController/_toldCount`` once the pop's willShow was sent: equal later
    /// when the delegate has heard nothing since.
    var toldCountAfterWillShow: UInt = 0
    /// The navigation controller's ``Screen/_appearances`` when the popping screen left the stack, or `nil` before: an
    /// appearance since then (it left the screen and came back during the gesture) told its delegate of the revealed
    /// screen, its top from then on (one during the popping screen's willPop showed the popping screen).
    var controllerAppearancesWhenThePoppingScreenLeft: UInt?
    /// Whether the pop began to report that it began (``InteractivePopEvent/Phase/began``): progress changed before
    /// that, from the beginning's calls, rides on that report rather than a report of its own.
    private var hasReportedItsBeginning = false
    /// Whether a report of the pop's steps is reaching its listeners now (see ``report(_:to:)``).
    private var isReporting = false
    /// Whether the pop's beginning sent the popping screen its willMove(toParent: nil) (it ends earlier when the app's
    /// code in willPop ended the pop): a finished pop sends it first otherwise, so that its didMove has a willMove.
    var sentWillMove = false
    /// Whether the pop's beginning sent its will-calls to every screen on screen through its two: a finish asked
    /// before (from one of those calls) sends the ones not sent; one asked after has nothing to send, and leaves a
    /// container's switch of its shown children made since then waiting for the container's appearance to end.
    var forwardedItsWillCalls = false

    init(
        navigationController: NavigationController, poppingScreen: Screen, revealedScreen: Screen,
        completion: ((TransitionOutcome) -> Void)?
    ) {
        self.navigationController = navigationController
        self.poppingScreen = poppingScreen
        self.revealedScreen = revealedScreen
        self.completion = completion
    }

    /// Reports how far the gesture went (clamped to 0...1).
    ///
    /// Reported as ``InteractivePopEvent/Phase/changed`` when the clamped progress differs from ``progress``; an update
    /// that leaves it as it was reports nothing. Asked from the beginning's calls, before the pop reported that it
    /// began, it changes the progress that the ``InteractivePopEvent/Phase/began`` report then carries; asked from
    /// inside a report (a hook of ``NavigationController/interactivePopDidChange``, an observer's
    /// `interactivePopDidBegin`), it is reported once every listener heard that one, so that each hears the steps in
    /// order (and not at all if the progress is back where that report had it). Listeners that change the progress in
    /// every report they hear would never let the reports end: after 1,000 such reports in a row, the changes made
    /// inside the last one are not reported. Ignored once the pop ended.
    public func update(progress: Double) {
        guard state == .active, let navigation = navigationController else { return }
        let clamped = min(1, max(0, progress))
        guard clamped != self.progress else { return }
        self.progress = clamped
        if hasReportedItsBeginning {
            report(.changed, to: navigation)
        }
    }

    /// Reports `phase` (``InteractivePopEvent/Phase/began`` or ``InteractivePopEvent/Phase/changed``) to the point's
    /// hooks and the observers, one report at a time, each reaching every listener before the next.
    ///
    /// The report runs as a will-call of the pop: a finish or a cancel asked from it waits until every listener heard
    /// it. Progress changed from inside it is reported once it is over (a `changed` report of the latest progress),
    /// before that end.
    func report(_ phase: InteractivePopEvent.Phase, to navigation: NavigationController) {
        // From inside a report: the loop below reports the change once that report is over.
        guard !isReporting else { return }
        if phase == .began { hasReportedItsBeginning = true }
        batch.runWillCall {
            var phase = phase
            // Listeners that change the progress in every report they hear would never let the loop end.
            for _ in 0..<Self.reportsInARow {
                isReporting = true
                let reported = progress
                navigation._reportInteractivePop(phase, self)
                isReporting = false
                // Changed and changed back inside it: nothing to report.
                guard progress != reported else { break }
                phase = .changed
            }
        }
    }

    /// The most reports in a row that ``report(_:to:)`` sends for progress changed from inside the report before:
    /// past it, such changes are no longer reported (``update(progress:)``).
    static let reportsInARow = 1_000

    /// Completes the pop: the popping screen leaves the navigation controller.
    ///
    /// The calls: popping.viewDidDisappear, popping.didPop, popping.didMove(toParent: nil), revealed.viewDidAppear,
    /// then (on screen) the navigation controller's didShow(revealed), then the completion with
    /// ``TransitionOutcome/completed``. The popping screen's willPop and willMove(toParent: nil) ran when the pop began
    /// (finished from its willPop, the pop sends willMove(toParent: nil) first). Finished before the beginning's
    /// will-calls were all out (from the popping screen's willPop, willMove(toParent: nil) or viewWillDisappear, or the
    /// revealed screen's viewWillAppear, loadView or viewDidLoad), the pop sends the ones it had not sent first
    /// (popping.viewWillDisappear, revealed.viewWillAppear), then the navigation controller's willShow(revealed), so
    /// that its calls come in a pop's order. No didShow if the controller left the screen and came back during the
    /// gesture: its own appearance told of its top then; unless that appearance told nothing (its container switched
    /// away from it in its viewWillAppear, and back), and the revealed screen appears in the pop: the pop then sends
    /// willShow(revealed) again, after revealed.viewWillAppear, and didShow(revealed), a pair of its own.
    ///
    /// If the navigation controller went off screen meanwhile, the screens still get the did-calls they wait
    /// for, without didShow. Ignored once the pop ended. A pop whose navigation controller goes away ends as
    /// cancelled then (its completion runs, the transitions queued behind it go on).
    ///
    /// Asked from inside a will-call the pop sent (viewWillAppear, viewIsAppearing or viewWillDisappear, from a hook or
    /// the method, or from the callbacks that come with it: the observers' willBegin, the revealed screen's willRestore
    /// and didRestore, the navigation bar's and the status bar's change), from the revealed screen's loadView or
    /// viewDidLoad that the beginning caused, or from a report of the pop's steps (a hook of
    /// ``NavigationController/interactivePopDidChange`` hearing `began` or `changed`, or an observer's
    /// `interactivePopDidBegin`: every listener hears that step first), it takes effect once that call returns, so that
    /// its method and hooks all see it before any did-call (and the screen's appearance calls come after its
    /// viewDidLoad); ``state`` stays ``State/active`` until then (a change of the stack asked meanwhile is refused with
    /// ``LifecycleError/Code-swift.struct/interactivePopInProgress``), and the first request wins.
    public func finish() {
        guard state == .active, !batch.endWhenWillCallsReturn({ [self] in finish() }) else { return }
        guard let navigation = navigationController else { return endWithoutController() }
        state = .finished
        progress = 1
        // Out of the stack already, unless the pop was ended from a callback of its own beginning: then now, before
        // its willMove(toParent: nil), as when the pop begins, so that a request from that call does not pop it again.
        navigation.viewControllers.removeAll { $0 === poppingScreen }
        if !sentWillMove {
            // Finished from its willPop: the screen leaves its parent all the same, which it hears of first.
            sentWillMove = true
            poppingScreen._willMove(toParent: nil)
        }
        let isOnScreen = navigation._appearance == .appeared
        // Finished before its will-calls were all out (from the popping screen's willPop, willMove(toParent: nil) or
        // viewWillDisappear): the pop sends the ones it had not sent, so that its two screens change places in the
        // pop, not in a change of the stack asked from those calls, which waits for the pop's end.
        if isOnScreen { beginDisappearingIfNotBegun() }
        // Finished from a will-call of its beginning, the pop may not have reached every screen on screen through its
        // two: they get their will-calls now, so that their did-calls come with the pop's, before its end.
        for target in [poppingTarget, revealedTarget] where !forwardedItsWillCalls {
            if let target, target._onScreenBatch === batch {
                target._beginCallsNotForwarded(animated: true, batch: batch)
            }
        }
        if isOnScreen { beginAppearingIfNotBegun(in: navigation) }
        // The willShow that the beginning sends after its will-calls, if it did not get that far, once the revealed
        // screen appears in the pop: then didShow comes with the pop's did-calls, as in any pop. Again if the
        // controller left the screen after it and came back with an appearance that told the delegate nothing (its
        // container switched away and back from its viewWillAppear, which ended it before it reached its top): the
        // revealed screen appears in the pop, and the controller tells of it with a pair of its own, as on coming back.
        let cameBackUntold =
            sentWillShow && navigation._appearances != controllerAppearancesAtWillShow
            && navigation._toldCount == toldCountAfterWillShow
        if isOnScreen, !sentWillShow || cameBackUntold, navigation._appearance == .appeared,
            let revealed = revealedTarget, revealed._onScreenBatch === batch, revealed._appearance == .appearing
        {
            sendWillShow(from: navigation)
        }
        if let popping = poppingTarget, popping._onScreenBatch === batch {
            popping._endAppearanceTransition()
        }
        // Its departure ends once it disappeared, before the revealed screen's viewDidAppear, as after a pop. (A screen
        // that the controller's going off screen took off during the gesture already disappeared; one still on screen,
        // which only an off-screen controller's pop leaves, disappears as the screens settle below, and departs then.)
        let departsFirst = (poppingTarget ?? poppingScreen._forwardingTarget)._appearance == .disappeared
        if departsFirst { endDeparture(from: navigation) }
        if let revealed = revealedTarget, revealed._onScreenBatch === batch {
            revealed._endAppearanceTransition()
        }
        batch.finish()
        navigation._settleChildrenOnScreenUnlessAChangeWaits()
        if !departsFirst { endDeparture(from: navigation) }
        // As after any transition, only while the controller is still on screen: the did-calls ran the app's code. And
        // not if the controller left the screen and came back since the beginning's willShow: its own appearance told
        // its delegate of its top then.
        if isOnScreen && sentWillShow && navigation._appearance.isVisible
            && navigation._appearances == controllerAppearancesAtWillShow
        {
            navigation._didShow(revealedScreen, animated: true)
        }
        end(navigation, outcome: .completed)
    }

    /// The navigation controller's willShow for the revealed screen, recorded so that the pop's end sends didShow (and
    /// knows whether the controller's own appearance told of its top since).
    func sendWillShow(from navigation: NavigationController) {
        sentWillShow = true
        controllerAppearancesAtWillShow = navigation._appearances
        toldCountAfterWillShow = navigation._willShow(revealedScreen, animated: true)
    }

    /// The popping screen's viewWillDisappear (with the screens on screen through it), if the pop was finished before
    /// it sent it.
    private func beginDisappearingIfNotBegun() {
        let popping = poppingTarget ?? poppingScreen._forwardingTarget
        poppingTarget = popping
        if popping._appearance == .appeared {
            popping._beginDisappearing(animated: true, batch: batch)
        }
    }

    /// The revealed screen's viewWillAppear (with the screens on screen through it), if the pop was finished before it
    /// sent it, unless the app's code took the controller off screen or the revealed screen out of it meanwhile, or
    /// something is on screen in its place already (a current-context presentation that came over it).
    private func beginAppearingIfNotBegun(in navigation: NavigationController) {
        if let target = revealedTarget, target._onScreenBatch === batch { return }
        // Not a presentation asked during the gesture: it comes on screen once the pop has ended.
        let revealed = revealedScreen._forwardingTargetOnScreenNow
        func mayAppear() -> Bool {
            navigation._appearance == .appeared && revealedScreen.parent === navigation
                && !revealed._appearance.isVisible
        }
        guard mayAppear() else { return }
        revealed.loadViewIfNeeded()
        guard mayAppear() else { return }
        revealedTarget = revealed
        revealed._beginAppearing(animated: true, at: .child(navigation), batch: batch)
    }

    /// The popping screen's didPop and didMove(toParent: nil), then it leaves the hierarchy: a pop's departure.
    private func endDeparture(from navigation: NavigationController) {
        navigation._depart([poppingScreen], reason: .interactivePop, animated: true, oldTop: poppingScreen)
    }

    /// Cancels the pop: the popping screen goes back on top of the stack.
    ///
    /// The calls: revealed.viewWillDisappear, revealed.viewDidDisappear, popping.viewWillAppear,
    /// popping.viewDidAppear, then (on screen, when the delegate heard of the revealed screen: the beginning sent
    /// willShow, or the controller left the screen and came back during the gesture) the navigation controller's
    /// willShow(popping) and didShow(popping), also when the popping screen's calls changed the top (a push or a pop
    /// asked from them waits in the queue), then the completion with ``TransitionOutcome/cancelled``.
    ///
    /// As in UIKit, a cancelled pop sends no didPop and no further willMove or didMove: the popping screen got its
    /// willPop and willMove(toParent: nil) when the pop began, and gets its parent back before the cancel's calls, as
    /// UIKit's controller adds the child back. UIKit's controller also tells its
    /// delegate that it shows the popping screen again (apps built with recent SDKs; iOS 8's sent nothing).
    ///
    /// If the navigation controller went off screen meanwhile, nothing comes back on screen: the screens get the
    /// did-calls they wait for (popping.viewDidDisappear), after the viewWillDisappear of the screens on screen through
    /// them that a cancel asked from a will-call of the beginning had kept the call from. The same holds when the
    /// revealed screen's calls take it off screen (the app's code removes it from its container in
    /// revealed.viewWillDisappear or revealed.viewDidDisappear): the popping screen then gets viewDidDisappear, not
    /// viewWillAppear. A screen on screen in the revealed screen's place by other means (the controller left the screen
    /// and came back during the gesture, showing its top of that moment; a current-context presentation over the
    /// revealed screen came or went) disappears in the revealed screen's stead; asked from a call of the controller's
    /// coming back, once the controller has appeared (the popping screen then appears, and the delegate hears of it),
    /// a top that has not appeared yet gets its viewDidAppear first, then disappears before the popping screen appears
    /// (a change of the stack asked from that viewDidAppear waits for the pop's end).
    /// Ignored once the pop ended.
    ///
    /// Asked from inside a will-call the pop sent (viewWillAppear, viewIsAppearing or viewWillDisappear, from a hook or
    /// the method, or from the callbacks that come with it: the observers' willBegin, the revealed screen's willRestore
    /// and didRestore, the navigation bar's and the status bar's change), from the revealed screen's loadView or
    /// viewDidLoad that the beginning caused, or from a report of the pop's steps (a hook of
    /// ``NavigationController/interactivePopDidChange`` hearing `began` or `changed`, or an observer's
    /// `interactivePopDidBegin`: every listener hears that step first), it takes effect once that call returns, so that
    /// its method and hooks all see it before any did-call; ``state`` stays ``State/active`` until then (a change of
    /// the stack asked meanwhile is refused with ``LifecycleError/Code-swift.struct/interactivePopInProgress``), and
    /// the first request wins. A screen that the popping screen no longer shows by then (the app's code removed it from
    /// an inner stack or container, or switched an inner tab, in the pop's willPop or its will-calls) does not come
    /// back: it gets its viewDidDisappear once the popping screen has appeared again, and the screens on screen through
    /// it that the will-call had not reached yet get their viewWillDisappear first, so that they disappear with it.
    public func cancel() {
        guard state == .active, !batch.endWhenWillCallsReturn({ [self] in cancel() }) else { return }
        guard let navigation = navigationController else { return endWithoutController() }
        state = .cancelled
        // The calls below run the app's code, which may take the controller away and bring it back: its own
        // appearance then shows its top, and the cancel does not again.
        let controllerAppearances = navigation._appearances
        // Its delegate heard of the revealed screen from the beginning's willShow, or from the controller's appearance
        // if it left the screen and came back during the gesture (also when the beginning did not get to its willShow).
        let toldOfTheRevealedScreen =
            sentWillShow
            || controllerAppearancesWhenThePoppingScreenLeft.map { $0 != controllerAppearances } ?? false
        navigation._restoreTopAfterInteractivePop(poppingScreen)
        // It will not get the didMove(toParent: nil) that would have ended its departure.
        poppingScreen._departureWindow = nil
        if navigation._appearance == .appeared {
            // It appears again: no longer moving from its parent.
            poppingScreen._forgetMovingFromParent()
            if let revealed = revealedTarget, revealed._onScreenBatch === batch, revealed._appearance == .appearing {
                revealed._beginDisappearing(animated: true, batch: batch, reversing: true)
                revealed._endAppearanceTransition()
            }
            // On screen through the controller's own appearance (it left the screen during the gesture and came back,
            // showing its top of that moment, which may not have appeared yet), or in place of what the pop revealed
            // (a current-context presentation over the revealed screen, presented or dismissed meanwhile): the popping
            // screen takes its place again in the cancel, not in a change of the stack asked from its calls, which
            // waits for the pop's end.
            let shownInItsPlace = revealedScreen._forwardingTargetOnScreenNow
            if shownInItsPlace._appearance == .appeared || shownInItsPlace._appearance == .appearing,
                shownInItsPlace._onScreenParent === navigation, poppingTarget?._onScreenBatch === batch
            {
                shownInItsPlace._beginDisappearing(animated: true, batch: batch)
                // One still appearing (the controller's appearance had not reached its viewDidAppear) ends that
                // appearance first, whose viewDidAppear (the app's code) may have changed the stack back to it: that
                // change waits for the pop's end, and the popping screen takes the place all the same.
                if shownInItsPlace._appearance == .appeared, shownInItsPlace._onScreenParent === navigation,
                    navigation._appearance == .appeared
                {
                    shownInItsPlace._beginDisappearing(animated: true, batch: batch)
                }
                shownInItsPlace._endAppearanceTransition()
            }
            // The revealed screen's calls ran the app's code, which may have taken the controller off screen: the
            // popping screen then only completes the disappearance it began, below.
            if navigation._appearance == .appeared, let popping = poppingTarget, popping._onScreenBatch === batch,
                popping._appearance == .disappearing
            {
                popping._beginAppearing(
                    animated: true, at: .child(popping._onScreenParent ?? navigation), batch: batch, reversing: true)
                popping._endAppearanceTransition()
            }
            finishBatchOfTheCancel()
            navigation._settleChildrenOnScreenUnlessAChangeWaits()
            // The screen shown again is the top, which the controller's delegate hears of, as UIKit's does for apps
            // built with recent SDKs: willShow and didShow, once the appearance calls are over.
            // Also when those calls changed the top (a push or a pop asked from them waits in the queue): the popping
            // screen is on screen again all the same, as the delegate hears of the screen that a push or a finished pop
            // showed whatever their calls asked.
            let shownAgain = poppingScreen._forwardingTargetOnScreenNow
            if toldOfTheRevealedScreen && navigation._appearance == .appeared
                && navigation._appearances == controllerAppearances && shownAgain._appearance == .appeared
                && shownAgain._onScreenParent === navigation
            {
                // The didShow while the screen is on screen, whatever the willShow's hooks asked of the stack (a
                // change asked there waits, as above).
                navigation._tellDelegate(of: poppingScreen, animated: true) { shownAgain._appearance == .appeared }
            }
        } else {
            // Its viewDidDisappear still belongs to the departure that began.
            finishBatchOfTheCancel()
            poppingScreen._forgetMovingFromParent()
            if navigation._appearance == .appearing {
                // Coming back on screen (the cancel was asked from a call of that appearance), showing the revealed
                // screen, its top until now: once it has appeared, it shows its top again, the popping screen.
                navigation._showsTopAgainOnAppearing = toldOfTheRevealedScreen
            }
        }
        end(navigation, outcome: .cancelled)
    }

    /// Ends the screens of the cancel's batch still waiting for their did-call.
    ///
    /// Cancelled from a will-call of its beginning, what stays disappearing (a screen that left the popping one
    /// meanwhile, or everything when the controller went off screen) had not forwarded its call to the screens on
    /// screen through it, which end with it.
    private func finishBatchOfTheCancel() {
        if !forwardedItsWillCalls { batch.beginCallsNotForwardedByTheDisappearing(animated: true) }
        batch.finish()
    }

    private func end(_ navigation: NavigationController, outcome: TransitionOutcome) {
        navigation._reportInteractivePop(state == .finished ? .finished : .cancelled, self)
        navigation.interactivePop = nil
        _releaseQueue(of: navigation.window) { completion?(outcome) }
    }

    /// Ends a pop whose navigation controller went away: nothing is left to call, but the completion runs (with
    /// ``TransitionOutcome/cancelled``) and the transition queue goes on.
    private func endWithoutController() {
        state = .cancelled
        batch.finish()
        poppingScreen._forgetMovingFromParent()
        _releaseQueue(updatesStatusBars: false, of: nil) { completion?(.cancelled) }
    }
}
