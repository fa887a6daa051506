/// Push, pop, popTo, popToRoot, setViewControllers.
extension NavigationController {
    /// Pushes `screen` on top of the stack.
    ///
    /// - Parameters:
    ///   - screen: The screen to push; it must not be in the stack or attached elsewhere.
    ///   - animated: Whether the transition animates.
    ///   - completion: Runs once, after the transition completed.
    /// - Throws: ``LifecycleError/Code-swift.struct/alreadyInStack`` if the screen is in the stack
    ///   (the article's rule: never push a screen twice), ``LifecycleError/Code-swift.struct/alreadyAttached``
    ///   if it is attached elsewhere, ``LifecycleError/Code-swift.struct/invalidContainment`` for a navigation
    ///   controller (UIKit does not support pushing one) or a screen that contains this controller,
    ///   ``LifecycleError/Code-swift.struct/interactivePopInProgress``,
    ///   ``LifecycleError/Code-swift.struct/changeInProgress`` from the calls a change of this stack runs while it
    ///   applies it (willPop, willMove, the departure of the screens below the old top, the joining of the new
    ///   screens a `setViewControllers` adds below its new top).
    public func push(
        _ screen: Screen, animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
    ) throws(LifecycleError) {
        try _beginStackRequest()
        if viewControllers.contains(where: { $0 === screen }) {
            throw LifecycleError(.alreadyInStack, "\(screen.debugLabel) is already in the stack of \(debugLabel)")
        }
        if screen === self || screen._isAncestor(of: self) {
            throw LifecycleError(.invalidContainment, "\(debugLabel) cannot push itself or a screen that contains it")
        }
        try _checkStackable(screen)
        try screen._checkDetached(for: "be pushed on \(debugLabel)")
        let oldTop = topViewController
        // Linked in before its willMove(toParent:), as UIKit's `addChildViewController:` does.
        _changingStack {
            _attach(screen)
            viewControllers.append(screen)
            screen._willMove(toJoin: self)
            screen._joinDidMoveOwedBy = ObjectIdentifier(self)
        }
        let join = screen._attachments
        _joinAsNewTop(screen)
        _transition(from: oldTop, added: [(screen, join)], removed: [], animated: animated, completion: completion)
    }

    /// Reports that `screen`, the new top of a push or a stack replacement, joined the hierarchy: the observers' code
    /// runs before the request queued its transition, which is in progress all the same (the pop gesture and the back
    /// button are refused meanwhile, as UIKit's gesture cannot begin inside a push).
    private func _joinAsNewTop(_ screen: Screen) {
        // Restored, not cleared: a push from the join joins its own new top while this one's transition is not queued.
        let wasJoiningNewTop = _isJoiningNewTop
        _isJoiningNewTop = true
        defer { _isJoiningNewTop = wasJoiningNewTop }
        screen._didJoinHierarchy()
    }

    /// Pops the top screen.
    ///
    /// - Returns: The popped screen, or `nil` when the stack holds one screen or none (the
    ///   completion then runs after any queued transition).
    /// - Throws: ``LifecycleError/Code-swift.struct/interactivePopInProgress``,
    ///   ``LifecycleError/Code-swift.struct/changeInProgress`` from the calls a change of this stack runs while it
    ///   applies it (willPop, willMove, the departure of the screens below the old top, the joining of the new
    ///   screens a `setViewControllers` adds below its new top).
    @discardableResult
    public func pop(
        animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
    ) throws(LifecycleError)
        -> Screen?
    {
        try _beginStackRequest()
        guard viewControllers.count > 1 else {
            _transition(from: topViewController, added: [], removed: [], animated: animated, completion: completion)
            return nil
        }
        let popped = viewControllers[viewControllers.count - 1]
        _popAbove(viewControllers.count - 2, reason: .pop, animated: animated, completion: completion)
        return popped
    }

    /// Pops the screens above `screen`.
    ///
    /// - Returns: The popped screens, bottom first; empty when `screen` is already on top.
    /// - Throws: ``LifecycleError/Code-swift.struct/notInStack`` if `screen` is not in the stack,
    ///   ``LifecycleError/Code-swift.struct/interactivePopInProgress``,
    ///   ``LifecycleError/Code-swift.struct/changeInProgress`` from the calls a change of this stack runs while it
    ///   applies it (willPop, willMove, the departure of the screens below the old top, the joining of the new
    ///   screens a `setViewControllers` adds below its new top).
    @discardableResult
    public func popTo(
        _ screen: Screen, animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
    ) throws(LifecycleError) -> [Screen] {
        try _beginStackRequest()
        guard let index = viewControllers.firstIndex(where: { $0 === screen }) else {
            throw LifecycleError(.notInStack, "\(screen.debugLabel) is not in the stack of \(debugLabel)")
        }
        let popped = Array(viewControllers[(index + 1)...])
        _popAbove(index, reason: .popTo, animated: animated, completion: completion)
        return popped
    }

    /// Pops every screen above the root.
    ///
    /// Only the top screen and the root get appearance calls.
    ///
    /// - Returns: The popped screens, bottom first; empty when the root is on top.
    /// - Throws: ``LifecycleError/Code-swift.struct/interactivePopInProgress``,
    ///   ``LifecycleError/Code-swift.struct/changeInProgress`` from the calls a change of this stack runs while it
    ///   applies it (willPop, willMove, the departure of the screens below the old top, the joining of the new
    ///   screens a `setViewControllers` adds below its new top).
    @discardableResult
    public func popToRoot(
        animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
    )
        throws(LifecycleError) -> [Screen]
    {
        try _beginStackRequest()
        guard !viewControllers.isEmpty else {
            _transition(from: nil, added: [], removed: [], animated: animated, completion: completion)
            return []
        }
        let popped = Array(viewControllers.dropFirst())
        _popAbove(0, reason: .popToRoot, animated: animated, completion: completion)
        return popped
    }

    /// Replaces the stack.
    ///
    /// Screens that stay remain in the hierarchy, in their new places; new ones are added, dropped ones
    /// removed. When the top screen stays the same there are no appearance calls (the top gets
    /// ``Screen/didStayOnTop(animated:)`` instead); otherwise the old top disappears and the new top appears, as in a
    /// push or a pop.
    ///
    /// As in UIKit, the dropped screens begin to leave first (the old top ends its departure once it has disappeared);
    /// then the new stack is built bottom first, one screen at a time: a new screen below the new top gets its
    /// `willMove(toParent:)` and its `didMove(toParent:)` before the next one is added, and the new top's
    /// `didMove(toParent:)` comes at the end of its transition:
    ///
    /// ```swift
    /// try navigation.setViewControllers([b, c, d])
    /// // b.willMove, b.didMove, c.willMove, c.didMove, d.willMove, then d's transition, then d.didMove
    /// ```
    ///
    /// - Throws: ``LifecycleError/Code-swift.struct/invalidStack`` for an empty list or one that
    ///   holds a screen twice, ``LifecycleError/Code-swift.struct/alreadyAttached`` for a new
    ///   screen attached elsewhere, ``LifecycleError/Code-swift.struct/invalidContainment`` for a navigation
    ///   controller or a screen that contains this controller,
    ///   ``LifecycleError/Code-swift.struct/interactivePopInProgress``,
    ///   ``LifecycleError/Code-swift.struct/changeInProgress`` from the calls a change of this stack runs while it
    ///   applies it (willPop, willMove, the departure of the screens below the old top, the joining of the new
    ///   screens below the new top: their didMove and
    ///   ``ScreenLifecycleObserver/screenDidJoinHierarchy(_:)``).
    public func setViewControllers(
        _ screens: [Screen], animated: Bool = false, completion: ((TransitionOutcome) -> Void)? = nil
    ) throws(LifecycleError) {
        try _setViewControllers(screens, animated: animated, reason: .setViewControllers, completion: completion)
    }

    /// Replaces the stack; the dropped screens leave the hierarchy with `reason`.
    private func _setViewControllers(
        _ screens: [Screen], animated: Bool, reason: LeaveReason, completion: ((TransitionOutcome) -> Void)?
    ) throws(LifecycleError) {
        try _beginStackRequest()
        guard !screens.isEmpty else {
            throw LifecycleError(.invalidStack, "\(debugLabel) needs at least one screen")
        }
        // Screen sets (hashed once they are long), so that a stack of any length costs time in proportion to it.
        var inNewStack = _ScreenSet()
        for screen in screens where !inNewStack.insert(screen) {
            throw LifecycleError(.invalidStack, "\(screen.debugLabel) appears twice in the new stack of \(debugLabel)")
        }
        let inOldStack = _ScreenSet(viewControllers)
        let added = screens.filter { !inOldStack.contains($0) }
        for screen in added {
            if screen === self || screen._isAncestor(of: self) {
                throw LifecycleError(.invalidContainment, "\(debugLabel) cannot contain itself")
            }
            try _checkStackable(screen)
            try screen._checkDetached(for: "join the stack of \(debugLabel)")
        }
        let removed = viewControllers.filter { !inNewStack.contains($0) }
        let oldTop = topViewController
        var departed = _ScreenSet()
        // The new screens count as joining from now on, as a pushed screen does during its willMove: the removed
        // screens' willPop and willMove, and the new screens' own willMove and didMove, run the app's code, which must
        // neither attach a new screen elsewhere nor make this controller its descendant (checked above, before that
        // code).
        for screen in added {
            screen._joiningParent = self
        }
        _changingStack {
            for screen in removed.reversed() {
                screen._willPop(animated: animated && screen === oldTop)
            }
            if !removed.isEmpty {
                viewControllers.removeAll { !inNewStack.contains($0) }
            }
            departed = _leaveBelowTheTop(removed, except: oldTop, reason: reason)
            if let oldTop, removed.last === oldTop {
                oldTop._willMove(toParent: nil)
            }
            _buildStack(screens, keeping: inOldStack, leaving: children.filter { !inNewStack.contains($0) })
        }
        let newTop = screens[screens.count - 1]
        var topJoin: [_StackJoin] = []
        if !inOldStack.contains(newTop) {
            topJoin.append((newTop, newTop._attachments))
            _joinAsNewTop(newTop)
        }
        // QMUI's callback for the top that no transition shows, once the change is queued and before its transition
        // runs, so that the completion comes after it; a removal from the middle of the stack is no stack replacement
        // to the app.
        let staysOnTop = reason == .setViewControllers && newTop === oldTop
        _transition(
            from: oldTop, added: topJoin, removed: removed.reversed().filter { !departed.contains($0) }, reason: reason,
            animated: animated, completion: completion,
            beforeStart: staysOnTop ? { newTop._didStayOnTop(animated: animated) } : nil)
    }

    /// Makes `screens` the stack, adding its new screens bottom first, one at a time, as UIKit's controller adds its
    /// children.
    ///
    /// Each new screen is linked in before its willMove(toParent:), as `addChildViewController:` does, and one below
    /// the new top joins at once (the window's observers hear it join, then its didMove(toParent:)) before the next
    /// one is added, since no transition shows it. The new top's move ends with the transition that shows it.
    ///
    /// The screens kept from the old stack take their new places first, silently, so that the app's code in those
    /// calls sees them, and the new screens added so far, where they will be: a kept top stays the top throughout, and
    /// nothing else comes on screen if that code puts the controller on screen. Those in `leaving` (the old top, until
    /// its transition starts) stay at the end of ``Screen/children``. (A new screen between kept ones moves those
    /// above it once: only a stack that interleaves many of each costs more than time in proportion to it.)
    ///
    /// Runs inside the request's ``_changingStack(_:)``: the calls are the app's code, which may not change this
    /// stack before the request's transition is queued.
    private func _buildStack(_ screens: [Screen], keeping inOldStack: _ScreenSet, leaving: [Screen]) {
        let newTop = screens[screens.count - 1]
        let kept = screens.filter { inOldStack.contains($0) }
        viewControllers = kept
        children = kept + leaving
        for (place, screen) in screens.enumerated() where !inOldStack.contains(screen) {
            // Every screen below it is in place already: kept, or new and added before it.
            viewControllers.insert(screen, at: place)
            _attach(screen, at: place)
            let join = screen._attachments
            screen._willMove(toJoin: self)
            screen._joinDidMoveOwedBy = ObjectIdentifier(self)
            guard screen !== newTop else { continue }
            screen._didJoinHierarchy()
            // Unless the app's code took it out meanwhile (it cannot while the stack changes; kept for safety).
            if _owesJoinMove(screen, join: join) {
                screen._didMove(toParent: self)
            }
        }
    }

    /// Pops the screens above the one at `index`.
    private func _popAbove(
        _ index: Int, reason: LeaveReason, animated: Bool, completion: ((TransitionOutcome) -> Void)?
    ) {
        let oldTop = topViewController
        let removed = Array(viewControllers[(index + 1)...].reversed())
        var departed = _ScreenSet()
        _changingStack {
            for screen in removed {
                screen._willPop(animated: animated && screen === oldTop)
            }
            viewControllers.removeLast(removed.count)
            // Screens below the old top (popTo, popToRoot); a pop, which removes only the top, copies no list.
            if removed.count > 1 { departed = _leaveBelowTheTop(removed.reversed(), except: oldTop, reason: reason) }
            if let oldTop, removed.first === oldTop {
                oldTop._willMove(toParent: nil)
            }
        }
        _transition(
            from: oldTop, added: [],
            removed: departed.screens.isEmpty ? removed : removed.filter { !departed.contains($0) },
            reason: reason, animated: animated, completion: completion)
    }

    /// Sends the `removed` screens below the old top, bottom first, their willMove(toParent: nil), each followed at
    /// once by its departure when it is off screen (didPop, didMove(toParent: nil), leaving the hierarchy).
    ///
    /// Those are the screens that the old top's transition never shows: UIKit's controller, applying the new stack,
    /// sends each of them willMove(toParent: nil) and removes it with its didMove(toParent: nil), bottom first, before
    /// the old top's willMove(toParent: nil) (whose didMove waits until it has disappeared). A screen below it that is
    /// still on screen (an earlier push that covers it still animates) departs with the transition, once it has
    /// disappeared.
    ///
    /// Runs inside the request's ``_changingStack(_:)``, once the stack no longer holds them: their calls are the
    /// app's code, which may not change this stack before the request's transition is queued.
    ///
    /// - Returns: The screens that departed.
    private func _leaveBelowTheTop(_ removed: [Screen], except oldTop: Screen?, reason: LeaveReason) -> _ScreenSet {
        var departed = _ScreenSet()
        for screen in removed where screen !== oldTop {
            screen._willMove(toParent: nil)
            guard screen._appearance == .disappeared, screen._onScreenBatch == nil else { continue }
            let shown = screen._forwardingTarget
            guard shown._appearance == .disappeared, shown._onScreenBatch == nil else { continue }
            _depart([screen], reason: reason, animated: false, oldTop: nil)
            departed.insert(screen)
        }
        return departed
    }

    /// Removes a screen from the stack without animation (``Screen/removeFromParent()``).
    func _remove(_ screen: Screen) {
        // Ends it before anything is read: it runs the app's code.
        _endOwedMove()
        // The owed didMove ran the app's code, which may have removed the screen already, or begun a change.
        guard _isInStack(screen), !_isChangingStack, !_isInInteractivePop else { return }
        let remaining = viewControllers.filter { $0 !== screen }
        if remaining.isEmpty {
            let oldTop = topViewController
            _changingStack {
                screen._willPop(animated: false)
                viewControllers = []
                screen._willMove(toParent: nil)
            }
            _transition(
                from: oldTop, added: [], removed: [screen], reason: .removeFromParent, animated: false,
                completion: nil)
        } else {
            try? _setViewControllers(remaining, animated: false, reason: .removeFromParent, completion: nil)
        }
    }

    /// Ends now the leaving of `screen`, a screen that left the stack and waits for its transition
    /// (``Screen/removeFromParent()`` on it): it goes off screen, then didPop, didMove(toParent: nil), and
    /// leaves the hierarchy; the transition then has nothing left to do for it.
    ///
    /// - Returns: Whether `screen` was leaving.
    func _finishLeaving(_ screen: Screen, reason: LeaveReason) -> Bool {
        guard let index = _leaving.firstIndex(where: { $0 === screen }) else { return false }
        _leaving.remove(at: index)
        let window = _windowLeft(by: screen)
        screen._disappearNowWithPresentations(animated: false)
        _endOwedJoin(of: screen)
        _sendDidPop(to: screen, animated: screen._lastWillPopAnimated)  // the pair's argument, as the transition would
        _leave(afterPop: screen)
        screen._didLeaveHierarchy(reason, from: window)
        return true
    }

    /// Whether `screen` still owes this controller the `didMove(toParent:)` of its join `join`: it is still a child,
    /// it has not left and joined again since (another join's move), and no departure ended the move first.
    func _owesJoinMove(_ screen: Screen, join: Int) -> Bool {
        screen.parent === self && screen._attachments == join && screen._joinDidMoveOwedBy == ObjectIdentifier(self)
    }

    /// Sends `screen`, which is leaving, the `didMove(toParent:)` that its push still owes it, if any, so that every
    /// willMove has its didMove in order: its push's transition has not finished yet (it waits in the queue, or the
    /// app's code popped the screen from that transition's own completion), and skips a screen that has left.
    func _endOwedJoin(of screen: Screen) {
        if screen._joinDidMoveOwedBy == ObjectIdentifier(self) {
            if _screenOwedDidMove === screen {
                // Parked to wait for its first appearance (its push finished inside this request's callbacks): the
                // move ends here, and the next request must not send it again.
                _screenOwedDidMove = nil
            }
            screen._didMove(toParent: self)
        }
    }

    /// Unlinks `screen`, which is leaving, until its `didMove(toParent: nil)`: out of ``Screen/children``, its
    /// ``Screen/parent`` `nil`, as UIKit's controller removes a popped child once its transition's will-calls ran
    /// (``Screen/_departingParent`` keeps it attached for this host's checks).
    func _unlinkDeparting(_ screen: Screen) {
        guard screen.parent === self else { return }
        _removeFromChildren(screen)
        screen.parent = nil
        screen._parentIdentifier = nil
        screen._setDepartingParent(self)
    }

    /// Links `screen` in again after ``_unlinkDeparting(_:)`` (a cancelled interactive pop), at the end of
    /// ``Screen/children``.
    func _relinkDeparting(_ screen: Screen) {
        guard screen._isDeparting(from: self), screen.parent == nil else { return }
        screen._setDepartingParent(nil)
        _link(screen)
    }

    /// didPop, QMUI's callback: its ``Screen/navigationController`` is still set in it, as in QMUI's (sent as the pop
    /// starts), so a screen that the controller unlinked is linked to it again for the call (not in ``children``), as
    /// UIKit links a popped child again for its `viewWillDisappear` in a pop without animation.
    func _sendDidPop(to screen: Screen, animated: Bool) {
        // The flag, not the weak link: a screen leaving this controller can only have been unlinked by it.
        let unlinked = screen._isUnlinkedWhileDeparting && screen.parent == nil
        if unlinked { screen.parent = self }
        screen._didPop(animated: animated)
        if unlinked && screen.parent === self { screen.parent = nil }
    }

    /// The window `screen` began to leave this controller in, else the controller's.
    ///
    /// That window hears of the departure even if the controller left it while the pop's transition waited or the
    /// gesture ran. Asked before ``_leave(afterPop:)``, which forgets it.
    func _windowLeft(by screen: Screen) -> Window? {
        screen._departureWindow ?? window
    }

    /// Takes `screen`, whose didPop ran, out of the controller: didMove(toParent: nil).
    ///
    /// Until then it is leaving: a child that is not in the stack, or unlinked once its transition started
    /// (``Screen/_departingParent``), which ``Screen/removeFromParent()`` and
    /// ``Screen/dismissScreen(animated:completion:)`` treat as leaving.
    func _leave(afterPop screen: Screen) {
        if _screenOwedDidMove === screen {
            _screenOwedDidMove = nil  // a move never ended keeps nothing alive
        }
        _detach(screen)
        screen._didMove(toParent: nil)
    }

    /// Ends the departure of the `removed` screens that a transition took off screen and that are still leaving
    /// from the same join (a screen removed from the controller meanwhile already finished; one that joined again
    /// and left again departs with the later request's transition).
    ///
    /// `oldTop` is the screen whose didPop says `animated`.
    func _endDeparture(of removed: [_StackJoin], reason: LeaveReason, animated: Bool, _ oldTop: Screen?) {
        self._transitionCallsDepth += 1
        defer { self._transitionCallsDepth -= 1 }
        let stillLeaving = _ScreenSet(_leaving)
        var leaving: [Screen] = []
        for (screen, join) in removed where screen._attachments == join && stillLeaving.contains(screen) {
            leaving.append(screen)
        }
        let leavingNow = _ScreenSet(leaving)
        _leaving.removeAll { leavingNow.contains($0) }
        for screen in leaving
        where screen._appearance == .disappearing || !screen._onScreenChildren.isEmpty || screen._presented != nil {
            // Taken off screen by its controller's own disappearance, which this change does not wait for (a tab
            // switched away from the controller, and the app's code in the screen's viewWillDisappear popped it): its
            // viewDidDisappear comes first, and those of the screens on screen through it (a child, a current-context
            // presentation in its place) that have not had theirs, as a child removed while its container disappears
            // gets them in removeFromParent(). (A screen popped in its own transition has disappeared with them.)
            if !screen._isLeavingInteractively {
                screen._disappearNowWithPresentations(animated: screen._isTransitionAnimated)
            }
        }
        _depart(leaving, reason: reason, animated: animated, oldTop: oldTop)
    }

    /// The end of a departure from the stack: the move owed by a push not finished yet, didPop while the screens
    /// still have their navigation controller (QMUI's didPop), didMove(toParent: nil), then each leaves the hierarchy.
    ///
    /// The one sequence for every pop: a transition's, a request's (screens below the old top), an interactive one.
    ///
    /// `oldTop` is the screen whose didPop says `animated`: the others get `false`.
    func _depart(_ leaving: [Screen], reason: LeaveReason, animated: Bool, oldTop: Screen?) {
        let windows = leaving.map { _windowLeft(by: $0) }
        for screen in leaving {
            _endOwedJoin(of: screen)
        }
        for screen in leaving {
            _sendDidPop(to: screen, animated: animated && screen === oldTop)
        }
        for screen in leaving {
            _leave(afterPop: screen)
        }
        for (screen, window) in zip(leaving, windows) {
            screen._didLeaveHierarchy(reason, from: window)
        }
    }

    /// A screen that joins or leaves the stack in a transition, with how many times it had joined a container then
    /// (`_attachments`): one that leaves and joins again (or joins and leaves again) before the transition finishes
    /// is another request's, whose own transition ends its move.
    typealias _StackJoin = (screen: Screen, join: Int)

    /// Queues the transition that follows a change of the stack: when it starts, the screens on screen in
    /// the controller that it no longer shows disappear and its top screen appears (when the controller is
    /// on screen); once the disappearing screens' did-calls ran, the `removed` screens (the old top) end their
    /// departure (didPop, didMove(toParent: nil)); when it completes, the `added` screens (the new top) their join
    /// (didMove(toParent:)), then didShow and the completion.
    ///
    /// `oldTop` decides which pop callbacks say `animated`; `reason` is how the `removed` screens left.
    func _transition(
        from oldTop: Screen?, added: [_StackJoin], removed: [Screen], reason: LeaveReason = .pop, animated: Bool,
        completion: ((TransitionOutcome) -> Void)?, beforeStart: (() -> Void)? = nil
    ) {
        _leaving += removed
        // A screen that leaves, joins again and leaves again before this transition runs is the later request's to
        // end: each departure is known by the join it ends.
        let departures: [_StackJoin] = removed.map { ($0, $0._attachments) }
        // For a stack change, willShow/didShow only when the controller is on screen and shows a new top (as UIKit's
        // delegate); the controller's own appearance sends them for its top screen (see `_showTopOnAppearing`).
        // `began`: the screen the will-calls began to show as the top, even if the app's code in them then took the
        // controller off screen before its willShow (its appearance balanced at once): its move ends with the
        // transition, as when the controller leaves later, not with its next appearance. Known by the appearances it
        // had begun when the will-calls started (`appearancesBefore`). One variable that the closures capture, not
        // three: each is a heap box.
        // `target`: the screen planned to appear in the top's place (the top, or what stood in for it then).
        var showing: (shown: Screen?, began: ObjectIdentifier?, appearancesBefore: UInt, target: ObjectIdentifier?) = (
            nil, nil, 0, nil
        )
        let transition = _Transition(
            animated: animated, didOrder: .disappearingFirst,
            plan: { [weak self] in
                guard let self else { return _AppearancePlan() }
                self._topWhenPlanned = self.topViewController
                self._appearancesWhenPlanned = self._appearances
                self._queuedCountWhenPlanned = self._queuedCount
                return self._childrenPlan
            },
            onWillCalls: { [weak self] appearing, sent in
                guard let self else { return }
                if sent {
                    self._queuedCountWhenPlanned = .max
                    // Read once: each access to a variable that the closures share is checked at run time.
                    let shown = showing.shown
                    let plannedTarget = showing.target
                    // After the will-calls, as UIKit's delegate hears it: the screen that began to appear as the top,
                    // if it is still coming on screen, in a controller on screen (else no didShow either). One that
                    // they popped with an animation still appears: the pop waits for this transition. Not when the
                    // controller left the screen and came back in the will-calls, showing it: its own appearance told
                    // the delegate (willShow and didShow) already.
                    let cameBackShowingIt =
                        self._appearances != self._appearancesWhenPlanned
                        && self._screenShownToDelegate === shown
                    // Coming on screen in its place: the screen that stands there now (not a current-context
                    // presentation asked in the will-calls, which waits for this transition), or the one planned there,
                    // which began to appear even if the will-calls then dismissed it (it goes in its dismissal).
                    if let screen = shown, self._appearance.isVisible,
                        screen._forwardingTargetOnScreenNow._appearance.isVisible
                            || appearing.contains(where: { screen in
                                ObjectIdentifier(screen) == plannedTarget && screen._appearance.isVisible
                            }),
                        !cameBackShowingIt
                    {
                        self._willShow(screen, animated: animated)
                    } else if let screen = shown {
                        if screen._forwardingTarget._appearances != showing.appearancesBefore {
                            showing.began = ObjectIdentifier(screen)
                        }
                        showing.shown = nil
                    }
                    // Then the screens that leave are unlinked until their didMove(toParent: nil), as UIKit's
                    // controller removes the popped child when the transition starts.
                    // (The departures are few, mostly the old top alone: searched without building a set.)
                    for (screen, join) in departures
                    where screen._attachments == join && self._leaving.contains(where: { $0 === screen }) {
                        self._unlinkDeparting(screen)
                    }
                    return
                }
                let plannedTop = self._topWhenPlanned
                self._topWhenPlanned = nil
                guard let top = self.topViewController else { return }
                let target = top._forwardingTarget
                if appearing.contains(where: { $0 === target }) {
                    // Not when only what stands in for a top the delegate heard of last, in this appearance, changes
                    // (a current-context presentation from the one over it, waiting for this transition, takes its
                    // place; the changes that made this transition came back to that top): it is not a new top.
                    if target === top || self._screenShownToDelegate !== top {
                        showing = (top, nil, target._appearances, ObjectIdentifier(target))
                    }
                } else if let plannedTop, plannedTop !== top,
                    case let plannedTarget = plannedTop._forwardingTarget,
                    appearing.contains(where: { $0 === plannedTarget })
                {
                    // The top when the plan was made, whose viewDidLoad (the loads ran just before) pushed another
                    // screen: it appears all the same, and the push's own transition follows. UIKit's delegate hears
                    // of every screen that begins to appear as the top.
                    showing = (plannedTop, nil, plannedTarget._appearances, ObjectIdentifier(plannedTarget))
                } else if top !== self._screenShownToDelegate,
                    !(self._appearanceOwesDidShow && top === self._topShownOnAppearing),
                    self._appearance == .appeared, target._appearance == .appeared, target._onScreenParent === self
                {
                    // Already on screen, brought by a transition that ran before this one and carried out this
                    // change (a queued presentation's, whose plan showed the top of then): the delegate has not
                    // heard of it yet. Not the top that the controller's appearance showed, whose didShow waits for
                    // the end of that appearance (a request that changes nothing, from the top's viewDidAppear).
                    showing = (top, nil, target._appearances, ObjectIdentifier(target))
                }
            },
            onFinish: { [weak self] stage in
                guard let self else { return }
                if stage == .firstSideEnded {
                    // The old top ends its departure once it disappeared, before the new top's viewDidAppear, as
                    // UIKit's controller sends didMove(toParent: nil) from the end of the popped screen's
                    // disappearance.
                    if !departures.isEmpty {
                        self._endDeparture(of: departures, reason: reason, animated: animated, oldTop)
                    }
                    return
                }
                self._queuedCount -= 1
                self._transitionCallsDepth += 1
                defer { self._transitionCallsDepth -= 1 }
                let (shown, began, _, _) = showing
                // Only a move still owed: a screen removed meanwhile got it when it left (its departure ends the
                // move its join owed first), and one that left and joined again owes another join's.
                for (screen, join) in added where self._owesJoinMove(screen, join: join) {
                    if screen === self.topViewController && shown !== screen && began != ObjectIdentifier(screen)
                        && screen._appearance == .disappeared
                    {
                        // The transition did not show it, nor did another: it joined off screen, and its move ends
                        // with its first appearance (UIKit's deferred transition). One screen owes its move at a
                        // time: one that owed it before (a screen this one covered while its own change waited, say
                        // pushed from its willMove) ends it now.
                        if let owed = self._screenOwedDidMove, owed !== screen { self._endOwedMove() }
                        self._screenOwedDidMove = screen
                    } else {
                        screen._didMove(toParent: self)
                    }
                }
                // As UIKit's controller, only while it is appearing or on screen: the app's code in the did-calls may
                // have taken it off screen. Nor for a screen that has left since: out of the stack, and off screen.
                // Nor once the delegate heard its didShow: the controller left the screen after the willShow, and its
                // own appearance, when it came back, sent willShow and didShow. On screen is what stands in the
                // screen's place now: a current-context presentation asked over it that still waits is not.
                if let shown, self._appearance.isVisible, self._screenShownToDelegate !== shown,
                    shown._forwardingTargetOnScreenNow._appearance.isVisible
                        || self.viewControllers.contains(where: { $0 === shown })
                {
                    self._didShow(shown, animated: animated)
                }
            },
            completion: completion)
        _run(transition, beforeStart: beforeStart)
    }

    /// The driver this controller's transitions go to: the one that holds its transitions not completed yet,
    /// else its window's, else the one of the window it is still on screen in (it left its window, and the
    /// transition that takes it off screen waits in the queue); `nil` when it is nowhere.
    var _transitionDriver: TransitionDriver? {
        if _queuedCount > 0, let driver = _queuedDriver { return driver }
        return window?.transitionDriver ?? _onScreenWindow?.transitionDriver
    }

    /// Runs a transition in the queue of ``_transitionDriver``, or at once when there is none.
    ///
    /// `beforeStart`, the app's code, runs once the transition is queued and before it may start: the transitions
    /// requested there queue behind it. In no window, where each transition runs at once, `beforeStart` runs first,
    /// the transition counting as pending meanwhile (the pop gesture waits for it), which then goes where the
    /// controller is by then; a request made there runs its own transition before this one.
    func _run(_ transition: _Transition, beforeStart: (() -> Void)? = nil) {
        guard let driver = _transitionDriver else {
            if let beforeStart {
                _queuedDriver = nil
                _queuedCount += 1
                beforeStart()
                _queuedCount -= 1
                _run(transition)
                return
            }
            _queuedCount += 1
            _transitionCallsDepth += 1
            transition.start()
            // Its calls end before its completion runs, as in a driver: the gesture and the button work from there.
            transition.finish(settle: { self._transitionCallsDepth -= 1 })
            return
        }
        _queuedCount += 1
        _queuedDriver = driver
        driver.enqueue(transition, holding: beforeStart)
    }

    /// Throws unless `screen` may be in a navigation stack.
    ///
    /// A navigation controller may not, as UIKit refuses to push one ("Pushing a navigation controller is not
    /// supported"): present it, or make it a window's root.
    func _checkStackable(_ screen: Screen) throws(LifecycleError) {
        if screen is NavigationController {
            throw LifecycleError(
                .invalidContainment,
                "\(screen.debugLabel) is a navigation controller and cannot be in the stack of \(debugLabel); "
                    + "present it instead")
        }
    }

    /// Runs `change`, which calls the app's code (willPop, willMove, and in a stack replacement the didPop, didMove and
    /// joins of the screens that leave or join with the request) while it changes the stack, refusing requests to
    /// change the stack meanwhile: the change goes on from the stack it read, so that the stack and the children
    /// stay one list.
    func _changingStack(_ change: () -> Void) {
        _isChangingStack = true
        defer { _isChangingStack = false }
        change()
    }

    /// What every request to change the stack does first: refuses it inside another change of the stack
    /// (``_changingStack(_:)``) and during an interactive pop, then ends the move a top screen that joined off screen
    /// still owes (``_endOwedMove()``), before the request reads the stack (the owed `didMove(toParent:)` runs the
    /// app's code).
    func _beginStackRequest() throws(LifecycleError) {
        try _refuseStackRequestDuringChange()
        _endOwedMove()
        // The owed move ran the app's code, which may have begun a change of its own.
        try _refuseStackRequestDuringChange()
    }

    /// Refuses a request to change the stack inside another change of the stack or during an interactive pop.
    private func _refuseStackRequestDuringChange() throws(LifecycleError) {
        if _isChangingStack {
            throw LifecycleError(
                .changeInProgress,
                "\(debugLabel) is changing its stack (a willPop, willMove, didPop or didMove of that change, or an "
                    + "observer's join, is running); "
                    + "request this from the change's completion instead")
        }
        if _isInInteractivePop {
            throw LifecycleError(
                .interactivePopInProgress, "\(debugLabel) is in an interactive pop; finish or cancel it first")
        }
    }
}
