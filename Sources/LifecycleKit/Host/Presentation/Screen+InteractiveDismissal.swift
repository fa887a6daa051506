/// The sheet's swipe-down dismissal (UIKit's interactive dismissal of a page or form sheet, iOS 13 and later).
extension Screen {
    /// Why the user may not swipe down the sheet this screen is (or is inside) now, or `nil` if they may.
    ///
    /// The rules of UIKit's sheet: the screen, or the container it is in, was presented as a sheet
    /// (``ModalPresentationStyle/pageSheet``, ``ModalPresentationStyle/formSheet`` or
    /// ``ModalPresentationStyle/automatic``), is on screen in a visible window and presents nothing above it (the top
    /// presentation takes the touches), no transition animates, runs its calls or waits in the window, no interactive
    /// pop or other dismissal is in progress, and no screen on screen through it is between its will-call and its
    /// did-call. Then the presented screen decides: it may not be ``isModalInPresentation`` (for a navigation
    /// controller, nor its top screen), and ``presentationShouldDismiss()``, asked last, must allow it.
    ///
    /// Asking calls the presented screen's `presentationShouldDismiss()` when every other rule allows the swipe, as the
    /// gesture would. It is the app's code, so the rules are checked again after it; a change of the hierarchy it
    /// made is refused as the hierarchy then stands. Asking never sends ``presentationDidAttemptToDismiss()``:
    /// ``beginInteractiveDismissal(completion:)`` does, when it is refused.
    public func interactiveDismissalRefusal() -> DismissGestureRefusal? {
        _interactiveDismissalRefusal(reportingAttempts: false).refusal
    }

    /// Begins the swipe-down dismissal of the sheet this screen is (or is inside), as UIKit's sheet does once it is
    /// dragged below its smallest height.
    ///
    /// The calls: presented.presentationShouldDismiss() (unless it is ``isModalInPresentation``),
    /// presented.presentationWillDismiss(), then presented.viewWillDisappear (with the screens on screen through it,
    /// parent first; the presented screen ``isBeingDismissed``). The presenter stays on screen and gets no call. End it
    /// with ``InteractiveDismissal/finish()`` or ``InteractiveDismissal/cancel()``.
    ///
    /// ```swift
    /// let swipe = try sheet.beginInteractiveDismissal { outcome in print(outcome) }
    /// swipe.finish()   // sheet.viewDidDisappear, sheet.presentationDidDismiss(), then "completed"
    /// ```
    ///
    /// A refusal because the presented screen is ``isModalInPresentation``, or because its
    /// ``presentationShouldDismiss()`` returned `false`, first sends it ``presentationDidAttemptToDismiss()``.
    ///
    /// The calls run code of the app, which may end the dismissal from inside them (in presentationWillDismiss() or
    /// viewWillDisappear): the beginning then goes no further, and every will-call sent gets its did-call from the end.
    /// Code in presentationWillDismiss() that ends the presentation otherwise (it replaces the window's root, or
    /// dismisses a presentation below) and puts the sheet in a container on screen keeps it on screen: the swipe sends
    /// no viewWillDisappear, and its end runs only the completion.
    ///
    /// - Parameter completion: Runs once, when the dismissal ends: ``TransitionOutcome/completed`` if it finished,
    ///   ``TransitionOutcome/cancelled`` if it was cancelled (the sheet stays).
    /// - Returns: The dismissal in progress, to update and end.
    /// - Throws: ``LifecycleError/Code-swift.struct/dismissGestureRefused`` with the reason (see
    ///   ``interactiveDismissalRefusal()``).
    public func beginInteractiveDismissal(
        completion: ((TransitionOutcome) -> Void)? = nil
    ) throws(LifecycleError) -> InteractiveDismissal {
        let (sheet, refusal) = _interactiveDismissalRefusal(reportingAttempts: true)
        guard let sheet, refusal == nil, let presenter = sheet._presenter, let window = sheet._onScreenUnitWindow
        else {
            let reason = refusal ?? .notPresented
            throw LifecycleError(
                .dismissGestureRefused, "\(debugLabel) refuses the swipe that dismisses its sheet: \(reason)")
        }
        let dismissal = InteractiveDismissal(
            presentingScreen: presenter, dismissedScreen: sheet, window: window, completion: completion)
        sheet.interactiveDismissal = dismissal
        dismissal.driver = window.transitionDriver
        window.transitionDriver.interactiveOwner = dismissal
        sheet._pendingCauses.insert(.beingDismissed)
        // Each call below runs code of the app, which may end the dismissal: it then took over, and beginning goes no
        // further.
        sheet.presentationWillDismiss()
        guard dismissal.state == .active else { return dismissal }
        // Its code may have ended the presentation otherwise (a replacement of the window's root, a dismissal from
        // below) and put the sheet in a container on screen: that placement is the app's, which the swipe leaves on
        // screen. The swipe still holds the queue until the app ends it, which runs only the completion.
        if dismissal._wasDismissedElsewhere && sheet._isShownByContainerOnScreen {
            // A root replacement dismisses nothing; a dismissal from below keeps the sheet being dismissed until its
            // transition ends.
            if !dismissal._wasDismissedByTheApp { sheet._pendingCauses.remove(.beingDismissed) }
            return dismissal
        }
        sheet._beginDisappearing(animated: true, batch: dismissal.batch)
        return dismissal
    }

    /// The presented screen a swipe would dismiss (this screen, or the presented container it is in), and why the
    /// swipe may not begin, asking the screen last; when `reportingAttempts`, a refusal by the screen first sends it
    /// ``presentationDidAttemptToDismiss()``.
    private func _interactiveDismissalRefusal(
        reportingAttempts: Bool
    ) -> (sheet: Screen?, refusal: DismissGestureRefusal?) {
        guard let sheet = _presentedAncestor else { return (nil, .notPresented) }
        if let refusal = sheet._dismissGestureRefusalBeforeAsking() { return (sheet, refusal) }
        let topOfStack = (sheet as? NavigationController)?.topViewController
        let modal = sheet.isModalInPresentation || topOfStack?.isModalInPresentation == true
        if modal || !sheet.presentationShouldDismiss() {
            if reportingAttempts { sheet.presentationDidAttemptToDismiss() }
            return (sheet, modal ? .modalInPresentation : .refusedByScreen)
        }
        // The answer ran the app's code, which may have changed what the swipe would dismiss.
        guard _presentedAncestor === sheet else { return (sheet, .transitionRunning) }
        return (sheet, sheet._dismissGestureRefusalBeforeAsking())
    }

    /// Whether the user is swiping this presented screen down: from the swipe's beginning until the app finishes or
    /// cancels it.
    ///
    /// Presenting from it and dismissing it are refused meanwhile; from the calls that end the swipe (a cancelled
    /// swipe's `viewDidAppear`), they are accepted and wait for the swipe's end in the queue, as after any transition.
    var _isBeingSwipedDown: Bool {
        interactiveDismissal?.state == .active
    }

    /// ``interactiveDismissalRefusal()`` for this presented screen without asking it: every rule but the last two.
    private func _dismissGestureRefusalBeforeAsking() -> DismissGestureRefusal? {
        guard _presenter != nil else { return .notPresented }
        switch _presentationStyle {
        case .pageSheet, .formSheet, .automatic: break
        case .fullScreen, .currentContext, .overFullScreen: return .notASheet
        }
        if interactiveDismissal != nil { return .transitionRunning }
        guard let window = _onScreenUnitWindow, window.isVisible, _appearance == .appeared else { return .notOnScreen }
        if _presented != nil { return .coveredByPresentation }
        let driver = window.transitionDriver
        if driver._holdsPopGesture || driver.queuedCount > 0 || _showsScreenBetweenCalls { return .transitionRunning }
        return nil
    }
}
