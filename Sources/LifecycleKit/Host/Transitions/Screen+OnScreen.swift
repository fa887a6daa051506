/// The on-screen tree: what the host shows, and how a transition brings a container's children in line with
/// the hierarchy.
extension Screen {
    /// The window this screen is on screen in, whatever the hierarchy says now; `nil` when it is off screen.
    var _onScreenWindow: Window? {
        var screen = self
        while let parent = screen._onScreenParent {
            screen = parent
        }
        return screen._onScreenUnitWindow
    }

    /// Whether a screen on screen through this one is between its will-call and its did-call (a child added to a
    /// screen on screen appears at once, outside any transition): the pop gesture and a sheet's swipe wait for it.
    var _showsScreenBetweenCalls: Bool {
        var pending = _onScreenChildren
        while let screen = pending.popLast() {
            if screen._appearance.isInTransition { return true }
            pending += screen._onScreenChildren
        }
        return false
    }

    /// The screens on screen through this one, in the order it forwards its appearance to them: the children it shows
    /// (``_shownChildren``, a child's current-context presentation in that child's place once it is on screen), then
    /// the others in the order they came on screen.
    ///
    /// A disappearance reaches them in this order, as UIKit's view controller forwards its calls to its children in the
    /// order of `childViewControllers`, whichever came on screen last (a child back from under a current-context
    /// presentation, say). One screen alone, the common case, is returned as it is, without asking the list.
    var _onScreenChildrenInForwardingOrder: [Screen] {
        let onScreen = _onScreenChildren
        guard onScreen.count > 1 else { return onScreen }
        let present = _ScreenSet(onScreen)
        var ordered = _ScreenSet()
        for child in _shownChildren {
            // The screen on screen in the child's place now: the child itself while its current-context presentation
            // waits in the queue.
            let target = child._forwardingTargetOnScreenNow
            if present.contains(target) { ordered.insert(target) }
        }
        for screen in onScreen {
            ordered.insert(screen)
        }
        return ordered.screens
    }

    /// Puts the screen on screen at `place`, leaving the place it had.
    func _moveOnScreen(to place: _AppearancePlan.Place) {
        switch place {
        case .unit(let window):
            if _onScreenUnitWindow === window && _onScreenParent == nil { return }
            _leaveOnScreen()
            _onScreenUnitWindow = window
            window._onScreenUnits.append(self)
        case .child(let parent):
            if _onScreenParent === parent || parent === self { return }
            if parent._isOnScreen(under: self) {
                // The hierarchy turned around while transitions wait (this screen now contains a screen that is
                // on screen through it): the screen on screen right under this one on the way to it takes this
                // screen's place first, so the tree stays a tree and no screen in between loses its place (the ones
                // still disappearing through it, off screen when this screen is, still reach it).
                var branch = parent
                while let above = branch._onScreenParent, above !== self {
                    branch = above
                }
                let place: _AppearancePlan.Place? =
                    _onScreenParent.map { .child($0) } ?? _onScreenUnitWindow.map { .unit($0) }
                branch._leaveOnScreen()
                if let place { branch._moveOnScreen(to: place) }
            }
            _leaveOnScreen()
            _onScreenParent = parent
            parent._onScreenChildren.append(self)
        }
    }

    /// This screen, then the screens it is on screen through, innermost first.
    var _onScreenLineage: UnfoldFirstSequence<Screen> {
        sequence(first: self) { $0._onScreenParent }
    }

    /// Whether this screen is on screen through `ancestor`, directly or not.
    ///
    /// A loop of its own rather than ``_onScreenLineage``: it runs for every screen a transition moves on screen, where
    /// the sequence cost about 600 instructions per push and pop.
    func _isOnScreen(under ancestor: Screen) -> Bool {
        var screen = _onScreenParent
        while let current = screen {
            if current === ancestor { return true }
            screen = current._onScreenParent
        }
        return false
    }

    /// Whether the container this screen is on screen through is on screen (or on its way) and shows it now: as one
    /// of the children it forwards its appearance to, or in place of one.
    var _isShownByContainerOnScreen: Bool {
        guard let container = _onScreenParent, _isForwarded(by: container) else { return false }
        return _isShownOnScreen(by: container)
    }

    /// Whether this screen may still appear as a child of `container` in a transition that planned it there: the
    /// container is on screen (or on its way) and still holds it, and, when `askingTheList`, lists it among the
    /// children it shows.
    ///
    /// The will-calls before run the app's code, which may have taken the container off screen, the screen out of it,
    /// or switched what a container that switches shows. The list is asked only of such containers (and in a
    /// container's own switch): navigation controllers and plain containers, which show every child, pay nothing.
    @inline(__always)
    func _mayStillAppear(in container: Screen, askingTheList: Bool) -> Bool {
        container._appearance.isVisible && _isForwarded(by: container)
            && (!askingTheList || _isShownOnScreen(by: container))
    }

    /// Whether `container` is on screen (or on its way) and shows this screen now.
    ///
    /// Shown as one of the children it forwards its appearance to, or in place of one. Asks
    /// `childrenForAppearanceForwarding`, the app's code, only when the container is on screen.
    func _isShownOnScreen(by container: Screen) -> Bool {
        container._appearance.isVisible && container._shownChildren.contains { $0._forwardingTarget === self }
    }

    /// Takes the screen out of the on-screen tree (the screens on screen through it keep their place under it).
    func _leaveOnScreen() {
        if let parent = _onScreenParent {
            // Searched from the start, where the children that a container's disappearance takes off come from, in
            // order: a large container leaves in time proportional to its children, not to their square.
            if let index = parent._onScreenChildren.firstIndex(where: { $0 === self }) {
                parent._onScreenChildren.remove(at: index)
            }
            _onScreenParent = nil
        }
        if let window = _onScreenUnitWindow {
            window._onScreenUnits.removeAll { $0 === self }
            _onScreenUnitWindow = nil
        }
    }

    /// Records the batch that owes this screen its did-call (none for a call completed at once).
    func _joinBatch(_ batch: _AppearanceBatch?) {
        if let batch {
            batch.add(self)
        } else {
            _onScreenBatch = nil
        }
    }

    /// Runs a will-call of this screen sent in `batch`: an interactive transition ended from inside it (from a before
    /// hook, say) ends once it returned (see ``_AppearanceBatch/endWhenWillCallsReturn(_:)``).
    @inline(__always)
    func _runWillCall(in batch: _AppearanceBatch?, _ willCall: () -> Void) {
        if let batch {
            batch.runWillCall(willCall)
        } else {
            willCall()
        }
    }

    /// The changes that bring this container's children on screen in line with the hierarchy.
    ///
    /// The children on screen it no longer shows disappear, the ones it shows now appear; nothing while the
    /// container itself is not on screen or on its way (a change made while it appears, from a child's `viewDidLoad`
    /// or `viewWillAppear`, shows its new top too). Except that a container off screen, or on its way off, takes off
    /// the children still on screen through it that it no longer shows: the app's code ended its disappearance before
    /// it forwarded the call to them (a before hook on its viewWillDisappear brought back the container it is in), and
    /// they would stay appeared outside every window.
    var _childrenPlan: _AppearancePlan {
        var plan = _AppearancePlan()
        let isVisible = _appearance.isVisible
        // The list is asked of a container off screen, or on its way off, only while screens are still on screen
        // through it.
        guard isVisible || _onScreenChildren.contains(where: { child in child._appearance.isVisible }) else {
            return plan
        }
        let shown = _ScreenSet(_shownChildren.map(\._forwardingTarget))
        // A transition sending its will-calls that has yet to bring a screen on in this container, or to take one off,
        // does so at its turn: this change, asked from its earlier calls (a switch that changed nothing, or came back),
        // leaves such a screen to it, the one going off while the container shows its place, or shows only screens on
        // screen here or on their way, at least one on its way (not a switch to no child, or only to children on
        // screen already, which takes the old ones off at once).
        let identity = ObjectIdentifier(self)
        let appearing =
            isVisible
            ? shown.screens.filter { child in
                !(child._onScreenParent === self && child._appearance.isVisible) && child._appearsLaterIn != identity
            } : []
        let bringsNothingNew = isVisible && appearing.isEmpty
        func showsAScreenOnItsWay() -> Bool {
            shown.screens.contains { child in child._appearsLaterIn == identity || child._appearance == .appearing }
        }
        plan.disappearing = _onScreenChildren.filter { child in
            child._appearance.isVisible && !shown.contains(child)
                && !(child._disappearsLater
                    && (bringsNothingNew && showsAScreenOnItsWay() || _showsThePlace(of: child)))
        }
        plan.appearing = appearing.map { ($0, .child(self)) }
        return plan
    }

    /// Brings the children on screen in line with the hierarchy now, without animation, when this screen is on
    /// screen: after an interactive pop ended, in case the navigation controller went off screen and came back during
    /// the gesture (it then showed its top screen of that moment), and for a screen whose own viewWillAppear completed
    /// its appearance before it could forward it.
    ///
    /// - Parameters:
    ///   - willOrder: Which screens get their will-calls first: the children that appear, for a container that
    ///     switches the children it shows (``updateShownChildren()``), as UIKit's tab bar controller does.
    ///   - afterTheDisappearances: Runs between the did-calls of the screens that disappear and those of the screens
    ///     that appear.
    ///   - onWillCalls: Runs after the will-calls (``_Transition/onWillCalls``, `sent` true): a navigation controller
    ///     tells its delegate of its top there.
    func _settleChildrenOnScreen(
        willOrder: _Transition.Order = .disappearingFirst, afterTheDisappearances: (() -> Void)? = nil,
        onWillCalls: ((_ appearing: [Screen], _ sent: Bool) -> Void)? = nil
    ) {
        guard _appearance == .appeared else { return }
        let plan = { [weak self] in self?._childrenPlan ?? _AppearancePlan() }
        // No closure to allocate without one to run.
        let onFinish: (_Transition.FinishStage) -> Void =
            afterTheDisappearances.map { run in { stage in if stage == .firstSideEnded { run() } } } ?? { _ in }
        let transition = _Transition(
            animated: false, willOrder: willOrder, didOrder: .disappearingFirst, plan: plan,
            onWillCalls: onWillCalls ?? { _, _ in }, onFinish: onFinish, completion: nil)
        transition.start()
        transition.finish()
    }

    /// Ends now the disappearance of this container's children on screen that go off screen in one of `transitions`
    /// (their batches) and that it no longer lists: the other side of a transition whose appearing screens a switch
    /// of the container has just taken off screen.
    ///
    /// A current-context presentation that animates over a tab (the tab disappears, the presented screen appears in
    /// its place) or its dismissal (the other way around), when the container switches to another tab: the switch
    /// takes the appearing side off screen, and the disappearing side goes with it rather than when the transition
    /// completes, as a removal of the tab takes a presentation's (``_disappearNow(animated:)``).
    func _endDisappearances(inTheTransitionsOf transitions: [_AppearanceBatch]) {
        _endDisappearancesOnScreenThroughIt(whileIt: .appeared) { child in
            transitions.contains { $0 === child._onScreenBatch }
                && !_shownChildren.contains { $0 === child || $0._forwardingTarget === child }
        }
    }

    /// Ends now the disappearance of this container's children on screen that go off screen in `batch` and whose place
    /// it no longer shows (``_showsThePlace(of:)``): a switch asked from the will-calls of that transition, before its
    /// other side began to appear, took that place away.
    func _endDisappearancesOfPlacesNoLongerShown(in batch: _AppearanceBatch) {
        _endDisappearancesOnScreenThroughIt(whileIt: .appeared) { child in
            child._onScreenBatch === batch && !_showsThePlace(of: child)
        }
    }

    /// Whether this container shows the child whose place `screen`, on screen through it, keeps: `screen` itself, or
    /// the child that a current-context presentation stands in for (or that its dismissal uncovers), found through
    /// the presenters.
    ///
    /// A screen whose dismissal runs may have become the parent of its own context (the app's code added the context
    /// to it): the walk stops at a screen it has seen, and the place is not shown.
    func _showsThePlace(of screen: Screen) -> Bool {
        var candidate: Screen? = screen
        var visited: [Screen] = []
        while let current = candidate {
            if current.parent === self { return _shownChildren.contains { $0 === current } }
            guard !visited.contains(where: { $0 === current }) else { return false }
            visited.append(current)
            candidate = current.parent ?? current._dismissedFrom ?? current._presenter
        }
        return false
    }

    /// Ends now the disappearances that `ends` picks among the screens on screen through this one.
    ///
    /// Each goes off screen in a transition of its own and gets ``_disappearNow(animated:)``, for as long as this
    /// screen stays `state`: their viewDidDisappear runs the app's code, which may bring this screen on screen or take
    /// it off, a change that decides for the ones left. The popping screen of an interactive pop in progress waits
    /// for the pop's end.
    func _endDisappearancesOnScreenThroughIt(whileIt state: _AppearanceState, where ends: (Screen) -> Bool) {
        for child in _onScreenChildren
        where child._appearance == .disappearing && child._onScreenBatch !== nil && child._onScreenParent === self
            && !child._isLeavingInteractively
        {
            guard _appearance == state else { return }
            if ends(child) { child._disappearNow(animated: child._isTransitionAnimated) }
        }
    }

    /// The screens this screen shows when it appears, recursively (not itself): its forwarding children, each
    /// represented by its current-context presentation if it has one.
    var _forwardedDescendants: [Screen] {
        var result = _ScreenSet()
        var pending = _shownChildren.map(\._forwardingTarget)
        while let screen = pending.popLast() {
            guard result.insert(screen) else { continue }
            pending += screen._shownChildren.map(\._forwardingTarget)
        }
        return result.screens
    }
}
