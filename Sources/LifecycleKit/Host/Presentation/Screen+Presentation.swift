/// Modal presentation.
extension Screen {
    /// The screen and the screens presented above it, in order (`self`, what it presents, what
    /// that presents…).
    var _presentationChain: [Screen] {
        var chain: [Screen] = [self]
        while let presented = chain[chain.count - 1]._presented {
            chain.append(presented)
        }
        return chain
    }

    /// The outermost screen this one is inside, its level of the window (a window's root or a presented screen), or
    /// `nil` when a current-context presentation stands in for it or for a screen it is inside (not the presentation
    /// the path comes up through), or, `askingContainers`, when a container on the way does not show the screen it
    /// holds (a screen of a navigation stack below the top, a tab that is not selected).
    func _level(askingContainers: Bool) -> Screen? {
        var previous: Screen?
        var screen = self
        while true {
            if let presented = screen._presented, presented._isEmbedded, presented !== previous { return nil }
            guard let container = screen._containerParent else { return screen }
            if askingContainers && screen.parent === container && !container._shows(screen) { return nil }
            previous = screen
            screen = container
        }
    }

    /// Whether a presented screen covers this screen in `window`: one presented above its level of the window
    /// (whatever its style, a sheet included), or a current-context presentation that stands in for it or for a
    /// container it is in.
    func _isCoveredByPresentation(in window: Window) -> Bool {
        guard let level = _level(askingContainers: false) else { return true }
        guard let chain = window.rootScreen?._presentationChain, let index = chain.firstIndex(where: { $0 === level })
        else { return false }
        return index < chain.count - 1
    }

    /// Whether the hierarchy keeps this screen off screen in `window`, whatever transitions still wait: a
    /// current-context presentation stands in for it or for a container it is in; it or a container it is in is a
    /// child that its container does not show (a screen of a navigation stack below the top, a tab that is not
    /// selected); or a covering presentation hides its level of the window (full screen above it, or current context
    /// right above it; a sheet does not: ``Window/visibleUnits``).
    ///
    /// A screen that is off screen only until a waiting transition brings it on screen (a new root, a presented
    /// screen whose presentation waits) is not kept off screen.
    func _isKeptOffScreen(in window: Window) -> Bool {
        guard let level = _level(askingContainers: true) else { return true }
        return !window.visibleUnits.contains { $0 === level }
    }

    /// This screen, or the container it is in, that is leaving its container: popped from a navigation controller
    /// (out of the stack, its departure not ended; not the screen of an interactive pop still in progress, which a
    /// cancel puts back) or being removed from its parent; `nil` when none is.
    var _screenLeavingItsContainer: Screen? {
        var screen: Screen? = self
        while let current = screen {
            if current._isLeavingParent { return current }
            if let navigation = current._hierarchyParent as? NavigationController,
                !navigation.viewControllers.contains(where: { $0 === current })
            {
                guard let pop = navigation.interactivePop, pop.poppingScreen === current, pop.state == .active else {
                    return current
                }
            }
            screen = current._containerParent
        }
        return nil
    }

    /// Whether this screen is presented over the current context of a screen inside a container, where it
    /// stands in for that screen (rather than being a unit of its window).
    var _isEmbedded: Bool {
        guard _presentationStyle == .currentContext, let presenter = _presenter else { return false }
        return presenter._containerParent != nil
    }

    /// Whether the screen, if it is (or was) presented, is on screen where a sheet is: it does not cover its
    /// presenter (a sheet, ``ModalPresentationStyle/overFullScreen``), or it was presented over the current context
    /// of such a presented screen, which it alone covers (it takes that screen's place, and the screens below stay
    /// on screen behind it, as in UIKit, where the presented screen is the context a current-context presentation
    /// from it covers).
    var _takesASheetsPlace: Bool {
        !_presentationStyle.coversPresenter
            || (_presentationStyle == .currentContext && _isPresentedInASheetsPlace)
    }

    /// The screen this one is inside: its parent, or for a screen presented over the current context of a
    /// screen inside a container, that screen.
    var _containerParent: Screen? {
        if let parent = _hierarchyParent { return parent }
        return _isEmbedded ? _presenter : nil
    }

    /// The container whose appearance forwarding reaches this screen: its parent, or for a screen presented
    /// over a current context inside a container, the container of that context.
    var _forwardingContainer: Screen? {
        if let parent { return parent }
        return _isEmbedded ? _presenter?._forwardingContainer : nil
    }

    /// Whether `container` is ``_forwardingContainer``; for a child, without loading its weak parent (a retain and a
    /// release through the object's side table), since every transition asks it of the screens it shows.
    func _isForwarded(by container: Screen) -> Bool {
        if let identifier = _parentIdentifier { return identifier == ObjectIdentifier(container) }
        return _isEmbedded && _presenter?._forwardingContainer === container
    }

    /// The screen a presentation of `style` from this screen is made from.
    ///
    /// For ``ModalPresentationStyle/currentContext``, the nearest ancestor with a parent that
    /// ``definesPresentationContext``, else the top of this screen's containment: the walk follows parents only, so a
    /// presented screen is the context of the screens inside it, also one presented over the current context of a
    /// screen inside a container (iOS 26.1's UIKit looks for the context through `parentViewController` alone). For
    /// the other styles, the top of this screen's containers, where a screen presented over a current context inside
    /// a container counts as inside that container, so that its presentations go up to the same top (UIKit presents
    /// them from the top of the presenting chain's containers).
    func _presentationContext(for style: ModalPresentationStyle) -> Screen {
        var screen = self
        if style == .currentContext {
            while let parent = screen._hierarchyParent {
                if screen.definesPresentationContext { return screen }
                screen = parent
            }
            return screen
        }
        while let container = screen._containerParent {
            screen = container
        }
        return screen
    }

    /// Presents `screen` modally.
    ///
    /// The presentation is made from this screen's presentation context: the top of its containers, or for
    /// ``ModalPresentationStyle/currentContext`` the nearest ancestor that ``definesPresentationContext`` (as a
    /// ``NavigationController`` does), else the top of its containment, a presented screen being the context of the
    /// screens inside it. So a screen inside a navigation controller presents through it, and sees the presented
    /// screen as its ``presentedScreen``. A covering style
    /// (``ModalPresentationStyle/fullScreen``, ``ModalPresentationStyle/currentContext``) makes the presenter
    /// disappear: presented.loadView, presented.viewDidLoad, presenter.viewWillDisappear, presented.viewWillAppear,
    /// presented.viewDidAppear, presenter.viewDidDisappear. Other styles leave the presenter on screen without a call.
    ///
    /// The style is the presented screen's ``modalPresentationStyle`` unless `style` names one, as UIKit reads the
    /// presented controller's property:
    ///
    /// ```swift
    /// try home.present(cart, style: .pageSheet, animated: true) { _ in print("cart is up") }
    ///
    /// player.modalPresentationStyle = .fullScreen
    /// try home.present(player, animated: true)   // full screen: home disappears
    /// ```
    ///
    /// A window that is not visible (not shown yet, or hidden) counts as a window: the presentation is accepted and
    /// completes at once, off screen (the completion runs then, with ``TransitionOutcome/completed``), and the
    /// presented screen appears when the window shows, as the rest of the window does (over its presenter, which then
    /// never appears if the style covers it; ``isBeingPresented`` is `false` in those calls: the presentation was over
    /// before). UIKit is stricter: it logs "whose view is not in the window hierarchy" and presents nothing.
    ///
    /// In a visible window, a presentation is refused with ``LifecycleError/Code-swift.struct/presenterNotInWindow``
    /// while its presentation context is still coming on screen (its view loads, or it appears and its view has not
    /// joined the window: see ``ScreenView/window``; or its own presentation still waits in the queue, so that its
    /// view has not even loaded), as UIKit refuses it: present from `viewDidAppear`. That covers
    /// the `viewDidLoad` and `viewWillAppear` of a window's first root, of the screens inside it (say, the top of the
    /// window's first navigation controller, whether it calls `present` or `navigationController?.present`), of a
    /// presented screen and of a presenter that a dismissal uncovers, and a screen whose presentation was requested
    /// while another transition ran and has not begun. A screen being pushed on a navigation controller
    /// that is on screen presents from its `viewDidLoad`: the controller presents, and its view is in the window; the
    /// presentation waits for the push. The request is refused too when the presentation context is off screen and the
    /// hierarchy keeps it there: a screen that defines the context below the top of a navigation stack, in a tab that
    /// its container does not show, or inside a screen that a full-screen presentation covers, as UIKit refuses a
    /// presentation from a screen whose view is not in the window. A screen that a waiting transition is about to
    /// bring on screen (a new root, the new top of a push that waits, also under a sheet) may present, and so may one
    /// whose view is still in the window although the hierarchy is about to cover it (the old top while a push
    /// animates or waits): the presentation then stands in for it off screen until it comes back. And it is
    /// refused when the context is leaving its container (popped, its pop animating or waiting, or being removed from
    /// its parent), whose view leaves the window with it: UIKit accepts it while the view is still there, and what it
    /// shows then is not defined; present from the screen that stays. The screen of an interactive pop in progress may
    /// present (a cancel puts it back); if the pop finishes, what it presents over its own context
    /// (``definesPresentationContext``) leaves with it and never appears. Any other presentation of it comes from a
    /// container that stays (the top of its containers, or its navigation controller for a current-context one), and
    /// stays after the pop.
    ///
    /// - Parameters:
    ///   - screen: The screen to present; it must not be attached anywhere.
    ///   - style: How it covers the presenter; `nil` (the default) uses `screen`'s ``modalPresentationStyle``
    ///     (``ModalPresentationStyle/automatic``, a sheet, unless it was set). A style given here is stored in
    ///     `screen`'s ``modalPresentationStyle`` when the presentation is accepted.
    ///   - animated: Whether the presentation animates.
    ///   - completion: Runs once, after the presentation completed.
    /// - Throws: ``LifecycleError`` with ``LifecycleError/Code-swift.struct/alreadyPresenting``
    ///   if the presentation context already presents a screen,
    ///   ``LifecycleError/Code-swift.struct/presenterNotInWindow`` if this screen is not in a
    ///   window, or its presentation context is still coming on screen, kept off screen by the hierarchy, or leaving
    ///   its container (see above),
    ///   ``LifecycleError/Code-swift.struct/interactiveDismissalInProgress`` if the presentation context is a sheet
    ///   being swiped down, or a screen inside one (see ``InteractiveDismissal``),
    ///   ``LifecycleError/Code-swift.struct/alreadyAttached`` or
    ///   ``LifecycleError/Code-swift.struct/invalidPresentation`` for a screen that cannot be
    ///   presented.
    public func present(
        _ screen: Screen, style: ModalPresentationStyle? = nil, animated: Bool = true,
        completion: ((TransitionOutcome) -> Void)? = nil
    ) throws(LifecycleError) {
        let style = style ?? screen.modalPresentationStyle
        let presenter = _presentationContext(for: style)
        guard let window = presenter.window else {
            throw LifecycleError(
                .presenterNotInWindow, "\(debugLabel) cannot present \(screen.debugLabel): it is not in a window")
        }
        if window.isVisible && presenter._isComingOnScreen && !presenter._isViewInWindow {
            throw LifecycleError(
                .presenterNotInWindow,
                "\(debugLabel) cannot present \(screen.debugLabel) yet: \(presenter.debugLabel), which presents it, is "
                    + "still coming on screen and its view is not in the window; present from viewDidAppear")
        }
        if presenter._presentedAncestor?._isBeingSwipedDown == true {
            throw LifecycleError(
                .interactiveDismissalInProgress,
                "\(debugLabel) cannot present \(screen.debugLabel): the user is swiping \(presenter.debugLabel) down")
        }
        if let presented = presenter._presented {
            throw LifecycleError(
                .alreadyPresenting,
                "\(presenter.debugLabel) already presents \(presented.debugLabel); dismiss it before presenting "
                    + screen.debugLabel)
        }
        if let leaving = presenter._screenLeavingItsContainer {
            let which = leaving === presenter ? "which presents it" : "where \(presenter.debugLabel) presents it"
            throw LifecycleError(
                .presenterNotInWindow,
                "\(debugLabel) cannot present \(screen.debugLabel): \(leaving.debugLabel), \(which), is leaving its "
                    + "container (popped or removed), and its view will leave the window with it")
        }
        if window.isVisible && !presenter._isViewInWindow && presenter._isKeptOffScreen(in: window) {
            throw LifecycleError(
                .presenterNotInWindow,
                "\(debugLabel) cannot present \(screen.debugLabel): \(presenter.debugLabel), which presents it, is off "
                    + "screen (covered, or not shown by its container) and its view is not in the window")
        }
        // The presenting screen itself, or one around it, before the check that it is attached: a screen in a
        // container presents from the container's context, and is attached itself.
        let isOrContainsThisScreen = screen === self || screen._isAncestor(of: self)
        if isOrContainsThisScreen || screen === presenter || screen._isAncestor(of: presenter) {
            let who = presenter === self ? debugLabel : "\(debugLabel) (through \(presenter.debugLabel))"
            throw LifecycleError(.invalidPresentation, "\(who) cannot present itself or a screen that contains it")
        }
        try screen._checkDetached(for: "be presented")
        screen.modalPresentationStyle = style
        screen._presentationStyle = style
        presenter._presented = screen
        screen._presenter = presenter
        screen._isPresentedInASheetsPlace =
            style == .currentContext && !screen._isEmbedded && presenter._presenter != nil
            && presenter._takesASheetsPlace
        screen._pendingCauses.insert(.beingPresented)
        screen._didJoinHierarchy()
        window.transitionDriver.enqueue(
            _Transition(
                animated: animated, didOrder: .appearingFirst,
                plan: { [weak window, weak screen] in
                    // Decided when it starts: over a current context inside a container, the presented screen
                    // takes the context's place there; otherwise it is a unit of the window.
                    if let container = screen?._forwardingContainer { return container._childrenPlan }
                    return window?._unitsPlan ?? _AppearancePlan()
                },
                onFinish: { [weak screen] stage in
                    if stage == .ended { screen?._pendingCauses.remove(.beingPresented) }
                },
                completion: completion))
    }

    /// Whether the screen is still coming on screen: loading its view, appearing, or presented by a presentation that
    /// has not ended (one that waits in the queue included: its screen has not even loaded).
    ///
    /// While its view is not in the window too, UIKit refuses to present from it ("whose view is not in the window
    /// hierarchy").
    var _isComingOnScreen: Bool {
        _isLoadingView || _appearance == .appearing || _pendingCauses.contains(.beingPresented)
    }

    /// The screen that appears in this screen's place when its container forwards appearance: a
    /// current-context presentation made from this screen stands in for it.
    var _forwardingTarget: Screen {
        // Most screens present nothing: test that first, it is the cheaper read.
        if let presented = _presented, presented._isEmbedded {
            return presented._forwardingTarget
        }
        return self
    }

    /// The screen on screen in this screen's place now: ``_forwardingTarget``, unless that is a current-context
    /// presentation still waiting in the queue (asked while a transition held it, such as an interactive pop), which
    /// is not on screen before its transition starts: then the one it is presented over (this screen itself, or the
    /// presentation before it in a chain).
    var _forwardingTargetOnScreenNow: Screen {
        // Down the chain of current-context presentations, to the last one that is not waiting: a chain of two, whose
        // second waits, has the first on screen.
        var screen = self
        while let presented = screen._presented, presented._isEmbedded,
            !(presented._pendingCauses.contains(.beingPresented) && presented._appearance == .disappeared)
        {
            screen = presented
        }
        return screen
    }

    /// The screen down the chain of current-context presentations from this one (this screen itself when it is no
    /// such presentation) that is not one: the context they stand in for, a child of its container when it has a
    /// parent.
    var _standInBase: Screen {
        var base: Screen = self
        while base.parent == nil, base._isEmbedded, let presenter = base._presenter {
            base = presenter
        }
        return base
    }

    /// What stands now in the place of this current-context presentation, which the app dismissed before it could
    /// appear there, with the container of that place: the child of the container it stood in for, or a current-context
    /// presentation over that child not waiting for its transition; `nil` for any other screen, or when that screen
    /// is on screen already.
    ///
    /// Found through the presenter it was dismissed from (``_dismissedFrom``), kept until its dismissal's transition
    /// ends: the dismissal unlinked it from that presenter at once.
    var _standingInItsPlaceSinceItsDismissal: (screen: Screen, container: Screen)? {
        guard _pendingCauses.contains(.beingDismissed), _presentationStyle == .currentContext,
            let child = _dismissedFrom?._standInBase, let container = child.parent
        else { return nil }
        let standing = child._forwardingTargetOnScreenNow
        return standing === self || standing._appearance.isVisible ? nil : (standing, container)
    }

    /// The screen of a navigation stack that this current-context presentation stands in for while that screen is
    /// off screen (it appears and disappears in the screen's place), with its navigation controller; `nil` for any
    /// other screen.
    ///
    /// The navigation bar follows the stack, not the presentation: when a pop brings such a stand-in back, the bar
    /// restores the stack screen's stash, as UIKit's bar shows that screen's navigation item again.
    var _standInForStackScreen: (screen: Screen, navigation: NavigationController)? {
        guard parent == nil, _isEmbedded else { return nil }
        let base = _standInBase
        guard let navigation = base.parent as? NavigationController, base._appearance == .disappeared,
            base._forwardingTarget === self
        else { return nil }
        return (base, navigation)
    }

    /// Dismisses a presented screen: the one this screen or one of its ancestors presents
    /// (``presentedScreen``), else this screen itself (or the presented container it is in), with
    /// everything presented above it.
    ///
    /// The dismissed screens disappear (the top one first) and a covered presenter appears
    /// again: dismissed.viewWillDisappear, presenter.viewWillAppear, presenter.viewDidAppear,
    /// dismissed.viewDidDisappear. The call orders are the same whichever screen is asked: the presenter, a
    /// screen inside it (a screen pushed on a navigation controller that presented a sheet), the presented
    /// screen or a screen inside it.
    ///
    /// The hierarchy changes at once: the dismissed screens have no presenter from the call on (and may be
    /// presented again), while their transition waits its turn. This differs from UIKit, which keeps
    /// `presentingViewController` and `presentedViewController` until the dismissal's transition finishes and refuses
    /// a presentation requested from the presenter in the same turn of the run loop: in the dismissed screen's
    /// viewWillDisappear, read ``isBeingDismissed`` rather than ``presentingScreen``. A screen that is already being
    /// dismissed is not dismissed again: asking it again (a double tap on a close button) does nothing and returns
    /// `false`, even if its presenter presented another screen meanwhile. Asking the presenter again is another
    /// request: it presents nothing from the first call on, so the second call dismisses the presenter itself once the
    /// first dismissal completed. So does a screen whose sheet the user is
    /// swiping down (an ``InteractiveDismissal`` in progress), as UIKit ignores a dismissal while the sheet
    /// transitions; asked from the calls that end the swipe (a cancelled swipe's viewDidAppear), the dismissal is
    /// accepted and waits for the swipe's end.
    ///
    /// - Parameters:
    ///   - animated: Whether the dismissal animates.
    ///   - completion: Runs once, after the dismissal completed; at once if there was nothing
    ///     to dismiss.
    /// - Returns: Whether there was a presented screen to dismiss.
    @discardableResult
    public func dismiss(animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil) -> Bool {
        guard let target = presentedScreen ?? _presentedAncestor else {
            completion?(.completed)
            return false
        }
        return _dismiss(target, animated: animated, completion: completion)
    }

    /// Dismisses `target`, a presented screen, with what it presents; returns whether it did.
    ///
    /// Nothing to dismiss (no presenter), or a sheet the user is swiping down (the gesture decides), runs the
    /// completion at once and returns `false`. From the calls that end the swipe (once the app finished or cancelled
    /// it), the dismissal is accepted and waits for the swipe's end in the queue.
    @discardableResult
    func _dismiss(_ target: Screen, animated: Bool, completion: ((TransitionOutcome) -> Void)?) -> Bool {
        guard let presenter = target._presenter, !target._isBeingSwipedDown else {
            completion?(.completed)
            return false
        }
        let window = presenter.window ?? target._onScreenWindow
        let leaving = [target] + target._unlinkPresentations()
        presenter._presented = nil
        target._presenter = nil
        for screen in leaving {
            screen._pendingCauses.insert(.beingDismissed)
            screen._dismissedFrom = presenter
            if screen._appearsLaterIn != nil { screen._dismissedBeforeItsTurn = true }
            screen.interactiveDismissal?._wasDismissedByTheApp = true
        }
        let transition = _Transition(
            animated: animated, didOrder: .appearingFirst,
            plan: { [weak window, weak presenter] in
                // Decided when it starts: where the dismissed screens are on screen (wherever they went since),
                // and where the presenter (or the current-context presentation that stands in for it) is shown
                // again.
                var plan = _AppearancePlan()
                let container = presenter?._forwardingContainer
                if container == nil || leaving.contains(where: { $0._onScreenUnitWindow != nil }) {
                    plan.merge(window?._unitsPlan ?? _AppearancePlan())
                }
                for shown in leaving.compactMap(\._onScreenParent) {
                    plan.merge(shown._childrenPlan)
                }
                if let container {
                    plan.merge(container._childrenPlan)
                }
                return plan
            },
            onFinish: { [weak window] stage in
                guard stage == .ended else { return }
                for screen in leaving {
                    screen._pendingCauses.remove(.beingDismissed)
                    screen._dismissedFrom = nil
                }
                // The top-most first (a screen that joined a hierarchy meanwhile has not left: no report).
                for screen in leaving.reversed() {
                    screen._didLeaveHierarchy(.dismiss, from: window)
                }
            },
            completion: completion)
        if let driver = window?.transitionDriver {
            driver.enqueue(transition)
        } else {
            transition.start()
            transition.finish()
        }
        return true
    }

    /// The screen, this one or an ancestor, that was presented.
    var _presentedAncestor: Screen? {
        var screen: Screen? = self
        while let current = screen {
            if current._presenter != nil { return current }
            screen = current._hierarchyParent
        }
        return nil
    }

    /// Unlinks the screens presented above this one (it presents nothing afterwards).
    ///
    /// - Returns: The screens unlinked, bottom first.
    func _unlinkPresentations() -> [Screen] {
        var unlinked: [Screen] = []
        var current = self
        while let presented = current._presented {
            current._presented = nil
            presented._presenter = nil
            presented.interactiveDismissal?._wasDismissedElsewhere = true
            unlinked.append(presented)
            current = presented
        }
        return unlinked
    }

    /// Whether this screen contains `screen` (through children or presentations).
    func _isAncestor(of screen: Screen) -> Bool {
        var current = screen._hierarchyParent ?? screen._joiningParent ?? screen._presenter
        while let candidate = current {
            if candidate === self { return true }
            current = candidate._hierarchyParent ?? candidate._joiningParent ?? candidate._presenter
        }
        return false
    }

    /// Throws unless the screen is free to be attached somewhere.
    ///
    /// `purpose` is only built for the error message, so the common case formats nothing.
    func _checkDetached(for purpose: @autoclosure () -> String) throws(LifecycleError) {
        if let parent {
            throw LifecycleError(
                .alreadyAttached, "\(debugLabel) cannot \(purpose()): it is a child of \(parent.debugLabel)")
        }
        if let departing = _departingParent {
            throw LifecycleError(
                .alreadyAttached,
                "\(debugLabel) cannot \(purpose()): it is leaving \(departing.debugLabel) (its didMove(toParent: nil) "
                    + "has not come yet)")
        }
        if let joining = _joiningParent {
            throw LifecycleError(
                .alreadyAttached,
                "\(debugLabel) cannot \(purpose()): it is joining \(joining.debugLabel) (its willMove is running)")
        }
        if let presenter = _presenter {
            throw LifecycleError(
                .alreadyAttached, "\(debugLabel) cannot \(purpose()): it is presented by \(presenter.debugLabel)")
        }
        if _window != nil {
            throw LifecycleError(.alreadyAttached, "\(debugLabel) cannot \(purpose()): it is the root of a window")
        }
    }

    /// Reports that the screen left the hierarchy of `window`: to the hook point, then to the lifecycle observers.
    ///
    /// Nothing is reported for a screen that joined a hierarchy again before its departure ended (from its own
    /// `didMove(toParent: nil)`, say): it has not left, and a leak detector must not track it.
    func _didLeaveHierarchy(_ reason: LeaveReason, from window: Window?) {
        guard _isDetached else { return }
        Screen.didLeaveHierarchy.invoke(self, reason) { _, _ in }
        _LifecycleObservers.notify(.didLeaveHierarchy(reason, window: window), about: self, in: window)
    }
}
