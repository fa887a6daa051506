/// The interactive pop gesture, and the back button.
extension NavigationController {
    /// Why an interactive pop dragging by `translation` may not begin now, or `nil` if it may.
    ///
    /// The rules of the full-screen pop gesture: at least two screens, the controller on screen and not under a
    /// presented screen (which takes the touches, whatever its style), no transition animating, running its calls or
    /// queued (one whose completion runs has ended: the gesture may begin from a push's completion), no screen on
    /// screen through the controller between its will-call and its did-call, a drag in the back direction (to the
    /// right, or to the left in a right-to-left layout; zero is refused), and the top screen allowing it
    /// (``Screen/shouldPop(trigger:)`` with ``PopTrigger/gesture``, asked last).
    ///
    /// `shouldPop(trigger:)` is the app's code, so the rules are checked again after it: a `shouldPop` that changed the
    /// stack is refused as the stack then stands (``PopGestureRefusal/singleScreen`` after a pop to the root,
    /// ``PopGestureRefusal/transitionRunning`` while its animated change runs), and with
    /// ``PopGestureRefusal/transitionRunning`` when it changed the top two screens without animation, so that the
    /// gesture never pops a screen that was not asked.
    ///
    /// Not a query: each call asks the top screen again, and so does
    /// ``beginInteractivePop(translation:completion:)``. A gesture recognizer's "should begin" calls one of them, not
    /// both, or the app's `shouldPop` runs twice for one drag.
    ///
    /// - Parameter translation: The horizontal drag so far, in points.
    public func interactivePopRefusal(translation: Double) -> PopGestureRefusal? {
        if let refusal = _popGestureRefusalBeforeAsking(translation: translation) { return refusal }
        let count = viewControllers.count
        let (revealed, top) = (viewControllers[count - 2], viewControllers[count - 1])
        guard top._shouldPop(trigger: .gesture) else { return .refusedByScreen }
        // The answer ran the app's code, which may have changed what the gesture would pop.
        if let refusal = _popGestureRefusalBeforeAsking(translation: translation) { return refusal }
        let now = viewControllers.count
        guard viewControllers[now - 1] === top, viewControllers[now - 2] === revealed else { return .transitionRunning }
        return nil
    }

    /// ``interactivePopRefusal(translation:)`` without asking the top screen: every rule but the last.
    private func _popGestureRefusalBeforeAsking(translation: Double) -> PopGestureRefusal? {
        // A pop in progress took its screen out of the stack already: say why, rather than that one screen is left.
        if interactivePop != nil || _isChangingStack || _transitionCallsDepth > 0 { return .transitionRunning }
        guard viewControllers.count >= 2 else { return .singleScreen }
        guard let window, _appearance == .appeared else { return .notOnScreen }
        if _isCoveredByPresentation(in: window) { return .coveredByPresentation }
        if _hasTransitionInProgress { return .transitionRunning }
        // Calls that run outside any transition (a child added to a screen on screen appears at once) must be over.
        if _showsScreenBetweenCalls { return .transitionRunning }
        let backward = window.layoutDirection == .leftToRight ? translation > 0 : translation < 0
        guard backward else { return .wrongDirection }
        return nil
    }

    /// Whether a transition keeps the pop gesture and the back button from acting.
    ///
    /// One of the window's that starts (its will-calls), animates, ends (its did-calls) or waits, or an interactive
    /// pop in it; or one of the controller's own, wherever it waits (in the window it left, in a driver that is going
    /// away and completes it; they keep their queue, and their order) or runs its calls at once, outside any driver. A
    /// transition whose completion runs has ended, as UIKit's has once its animation ended: the gesture and the button
    /// work from a completion. The join of a push's new top (the observers' code) comes before its transition is
    /// queued, and counts as that transition.
    private var _hasTransitionInProgress: Bool {
        if _queuedCount > 0 || _transitionCallsDepth > 0 || _isJoiningNewTop { return true }
        guard let driver = window?.transitionDriver else { return false }
        return driver._holdsPopGesture || driver.queuedCount > 0
    }

    /// Begins an interactive pop of the top screen, popping it at once as UIKit's gesture does.
    ///
    /// The calls: top.willPop, the top leaves ``viewControllers`` (the screen below becomes ``topViewController``),
    /// top.willMove(toParent: nil), top.viewWillDisappear, below.viewWillAppear (below.loadView and below.viewDidLoad
    /// first if needed), then willShow(below); then the controller unlinks the popped screen until the pop ends (its
    /// ``Screen/parent`` is `nil`). The screen below decides the status bar from then on.
    ///
    /// ```swift
    /// let pop = try navigation.beginInteractivePop(translation: 24)
    /// print(navigation.topViewController === pop.revealedScreen)   // true
    /// ```
    ///
    /// - Parameters:
    ///   - translation: The horizontal drag that starts the gesture.
    ///   - completion: Runs once, when the pop ends: ``TransitionOutcome/completed`` if it
    ///     finished, ``TransitionOutcome/cancelled`` if it was cancelled (the popped screen is then back
    ///     on top of the stack).
    /// - Returns: The pop in progress, to update and end.
    /// - Throws: ``LifecycleError/Code-swift.struct/popGestureRefused`` with the reason (see
    ///   ``interactivePopRefusal(translation:)``).
    ///
    /// The calls run code of the app, which may end the pop from inside them (``InteractivePop/finish()`` or
    /// ``InteractivePop/cancel()``, say from the popping screen's `viewWillDisappear`, or from the observers', the
    /// navigation bar's and the status bar's callbacks that come with the calls): the beginning then goes no
    /// further, every will-call sent gets its did-call from the end, and ``interactivePopDidChange`` reports only the
    /// end. A pop finished there first sends the will-calls its beginning had not sent yet (to the popping and revealed
    /// screens and the screens on screen through them, their children) and willShow, so that every call of the pop
    /// comes in a pop's order, before its didPop and its completion. Ended from the revealed screen's loadView or
    /// viewDidLoad, the pop ends once the view loaded. If they take the controller off screen (the popping screen's
    /// willPop removes it from its container), the pop goes on as off screen: no willShow and no appearance call, and
    /// ``InteractivePop/finish()`` sends only didPop and didMove(toParent: nil).
    public func beginInteractivePop(
        translation: Double, completion: ((TransitionOutcome) -> Void)? = nil
    ) throws(LifecycleError) -> InteractivePop {
        // Before anything is read: it runs the app's code.
        _endOwedMove()
        if let refusal = interactivePopRefusal(translation: translation) {
            throw LifecycleError(.popGestureRefused, "\(debugLabel) refuses the pop gesture: \(refusal)")
        }
        let popping = viewControllers[viewControllers.count - 1]
        let revealed = viewControllers[viewControllers.count - 2]
        let pop = InteractivePop(
            navigationController: self, poppingScreen: popping, revealedScreen: revealed, completion: completion)
        interactivePop = pop
        pop.driver = window?.transitionDriver
        pop.driver?.interactiveOwner = pop
        // UIKit pops when the gesture begins: the stack changes now; the screen is unlinked once these calls ran.
        // Each call below runs code of the app, which may end the pop (`interactivePop?.cancel()`): the pop then
        // took over, and beginning goes no further.
        popping._willPop(animated: true)
        guard pop.state == .active else { return pop }
        viewControllers.removeAll { $0 === popping }
        pop.controllerAppearancesWhenThePoppingScreenLeft = _appearances
        pop.sentWillMove = true
        popping._willMove(toParent: nil)
        guard pop.state == .active else { return pop }
        // The screens that get the will-calls are the ones on screen now (a current-context presentation
        // stands in for its screen); the pop ends them, whatever is requested meanwhile.
        let poppingTarget = popping._forwardingTarget
        var revealedTarget = revealed._forwardingTarget
        pop.poppingTarget = poppingTarget
        pop.revealedTarget = revealedTarget
        // The calls so far ran the app's code, which may also have taken the controller off screen (the popping
        // screen's willPop removed it from its container, say): the pop then goes on as off screen, without loading,
        // willShow or appearance calls, so that nothing appears in a controller outside the window.
        // Loaded as a will-call runs: an end asked from its loadView or viewDidLoad waits for the load to return, so
        // that the screen's appearance calls come after its viewDidLoad.
        if _appearance == .appeared { pop.batch.runWillCall { revealedTarget.loadViewIfNeeded() } }
        guard pop.state == .active else { return pop }
        pop.barFollowingTheFinger = navigationBar
        if _appearance == .appeared { poppingTarget._beginDisappearing(animated: true, batch: pop.batch) }
        guard pop.state == .active else { return pop }
        // The popping screen's viewWillDisappear (the app's code) may have dismissed the current-context presentation
        // that stood in for the revealed screen: what stands in its place now appears instead, as in any transition.
        if let (standingThereNow, _) = revealedTarget._standingInItsPlaceSinceItsDismissal {
            revealedTarget = standingThereNow
            pop.revealedTarget = standingThereNow
            if _appearance == .appeared { pop.batch.runWillCall { standingThereNow.loadViewIfNeeded() } }
            guard pop.state == .active else { return pop }
        }
        if _appearance == .appeared {
            revealedTarget._beginAppearing(animated: true, at: .child(self), batch: pop.batch)
        }
        guard pop.state == .active else { return pop }
        pop.forwardedItsWillCalls = true
        // After the will-calls, as UIKit's delegate hears it; not when the controller left the screen and came back
        // since the popping screen left the stack, showing the revealed screen: its own appearance told the delegate
        // (willShow and didShow) already.
        let cameBackShowingTheRevealedScreen =
            pop.controllerAppearancesWhenThePoppingScreenLeft.map { $0 != _appearances } ?? false
            && _screenShownToDelegate === revealed
        if _appearance == .appeared && !cameBackShowingTheRevealedScreen { pop.sendWillShow(from: self) }
        guard pop.state == .active else { return pop }
        // Then the controller unlinks the popping screen until the gesture ends, as UIKit's does when the transition
        // starts: its parent and navigationController are `nil` while the finger moves.
        _unlinkDeparting(popping)
        pop.batch.deliverViewIsAppearing()
        guard pop.state == .active else { return pop }
        window?._updateStatusBar()
        // The status bar's change runs the app's code too (a hook on `Window.statusBarDidChange`): a pop ended there
        // has reported its end.
        guard pop.state == .active else { return pop }
        // As a will-call: an end asked from the report (a hook or an observer) waits until every listener heard that
        // the pop began, and the completion comes last.
        pop.report(.began, to: self)
        return pop
    }

    /// The back button: asks the top screen (``Screen/shouldPop(trigger:)`` with
    /// ``PopTrigger/backButton``) and, if it allows, calls its ``Screen/dismissScreen(animated:completion:)``.
    ///
    /// Like UIKit's bar, which takes no touch while it animates or while a presented screen covers the window, the
    /// button does nothing while a transition runs (from its will-calls to its did-calls; its completion may tap) or
    /// waits in the controller's window (a second tap during a pop, a tap while a presented screen goes away), while
    /// an interactive pop is in progress, or while a screen is presented above the controller (whatever its style,
    /// also while it comes on screen). It does not ask whether the controller is on screen, or whether the
    /// application is in the background: a controller in no window, or in a hidden one, pops too (a test taps the
    /// button without a window), where the gesture refuses with ``PopGestureRefusal/notOnScreen``.
    ///
    /// `shouldPop(trigger:)` is the app's code, so the button checks again after it: when the answer started a
    /// transition, presented a screen above the controller, or changed the top screen (a push or pop of its own
    /// without animation), the button does nothing, so that it never pops a screen it did not ask.
    ///
    /// A stack of its root alone leaves nothing to pop: the button does nothing and asks no one, unless a presentation
    /// holds the controller, which the root's back button dismisses (``Screen/dismissScreen(animated:completion:)``).
    /// Like every request on the stack, a tap first ends the `didMove(toParent:)` that a screen pushed off screen still
    /// owes, even when it then does nothing; not inside a change of the stack, where it does nothing and asks no one.
    /// Otherwise it does not ask whether the bar shows a back button (a hidden bar, the top screen's own leading
    /// items, a hidden back item): it is the action behind the button, which an app's own back control calls too.
    /// UIKit's keyboard back command pops only with a visible bar and back button;
    /// ``Screen/activateNavigationBackItem(animated:completion:)`` is the tap on a back item that the bar shows.
    ///
    /// - Returns: What was done; ``DismissAction/nothing`` when the stack holds its root alone outside any
    ///   presentation, the top screen refused, a transition runs, a presented screen covers the controller, or the
    ///   answer changed the top screen (the completion then runs at once, with ``TransitionOutcome/completed``).
    @discardableResult
    public func handleBackButton(
        animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
    ) -> DismissAction {
        // Before the top screen is asked, as before the gesture asks it: the move its push still owes (off screen) runs
        // the app's code. Not inside a change of the stack, whose own calls are running.
        if !_isChangingStack { _endOwedMove() }
        // With its root alone, outside any presentation, the stack has nothing to leave: no one is asked.
        guard let top = topViewController, viewControllers.count > 1 || top._presentedAncestor != nil,
            _backButtonTakesTaps, top._shouldPop(trigger: .backButton),
            _backButtonTakesTaps, topViewController === top  // the answer ran the app's code
        else {
            completion?(.completed)
            return .nothing
        }
        return top.dismissScreen(animated: animated, completion: completion)
    }

    /// Whether the back button takes a tap now: no interactive pop in progress, no transition running or waiting, and
    /// no presented screen covering the controller.
    private var _backButtonTakesTaps: Bool {
        let isCovered = window.map { _isCoveredByPresentation(in: $0) } ?? false
        return interactivePop == nil && !_hasTransitionInProgress && !_isChangingStack && !isCovered
    }

    /// Puts the popping screen of a cancelled interactive pop back on top of the stack, unless it is there already
    /// or no longer a child.
    func _restoreTopAfterInteractivePop(_ screen: Screen) {
        // Linked in again first, as UIKit's controller adds the child back (without willMove or didMove) before the
        // cancel's appearance calls.
        _relinkDeparting(screen)
        guard screen.parent === self, !_isInStack(screen) else { return }
        viewControllers.append(screen)
    }

    /// Whether `screen` is the screen that the interactive pop in progress reveals.
    func _isRevealedInteractively(_ screen: Screen?) -> Bool {
        guard let pop = interactivePop, pop.state == .active else { return false }
        return pop.revealedScreen === screen
    }

    /// Whether an interactive pop is in progress: from its beginning until the app finishes or cancels it.
    ///
    /// Requests on the stack are refused meanwhile; from the calls that end it (a `viewDidAppear`, `didShow`), they are
    /// accepted and wait for the pop's end in the queue, as after any transition.
    var _isInInteractivePop: Bool {
        interactivePop?.state == .active
    }

    /// Brings the screens on screen through this controller in line with its stack once an interactive pop's calls ran.
    ///
    /// The controller may have gone off screen and come back during the gesture, showing its top of that moment. Not
    /// when a change of the stack requested from those calls waits for the pop's end (its transition shows the new
    /// top), nor when a current-context presentation over its top waits in the queue, asked during the gesture (its
    /// transition brings it on screen once the pop has ended, as UIKit defers a presentation asked during a transition
    /// to its end).
    func _settleChildrenOnScreenUnlessAChangeWaits() {
        guard _queuedCount == 0 else { return }
        let aPresentationWaits = _shownChildren.contains { child in
            child._forwardingTargetOnScreenNow !== child._forwardingTarget
        }
        if !aPresentationWaits { _settleChildrenOnScreen() }
    }

    /// Whether `screen` is the popping screen of the interactive pop in progress: it left the stack, and is still
    /// leaving the controller (a child, or unlinked once the beginning's calls ran) until the pop ends.
    func _isPoppingInteractively(_ screen: Screen) -> Bool {
        guard let pop = interactivePop, pop.state == .active else { return false }
        return pop.poppingScreen === screen
    }

    func _reportInteractivePop(_ phase: InteractivePopEvent.Phase, _ pop: InteractivePop) {
        let event = InteractivePopEvent(
            phase: phase, poppingScreen: pop.poppingScreen, revealedScreen: pop.revealedScreen, progress: pop.progress)
        NavigationController.interactivePopDidChange.invoke(self, event) { _, _ in }
        _notifyObservers(of: event)
    }
}
