import HookKit

/// Running the lifecycle methods through their hook points, and the visible state.
extension Screen {
    /// Loads the view if it has not loaded yet: ``loadView()`` then ``viewDidLoad()``, once.
    public func loadViewIfNeeded() {
        guard !isViewLoaded, !_isLoadingView else { return }
        _isLoadingView = true
        let observedWindow = _LifecycleObservers.observedWindow { window }
        _notifyObservers(.willBegin(.load, animated: false), in: observedWindow ?? window)
        _runObserved(.loadView, in: observedWindow ?? window) {
            Screen.loadView.invoke(self) { screen in screen.loadView() }
            if _view == nil {
                _view = ScreenView(screen: self)
            }
        }
        isViewLoaded = true
        _runObserved(.viewDidLoad, in: observedWindow ?? window) {
            Screen.viewDidLoad.invoke(self) { screen in
                screen.viewDidLoad()
                screen._insertVisibleState(.loaded)
            }
            _insertVisibleState(.loaded)
        }
        _isLoadingView = false
        _notifyObservers(.didEnd(.load, animated: false), in: observedWindow ?? window)
        if let container = _containerAppearedDuringLoad {
            _containerAppearedDuringLoad = nil
            _appearAfterItsLoad(in: container)
        }
    }

    /// Brings this screen on screen in `container`, whose appearance reached it while its view loaded and left it, if
    /// the container is still on screen or on its way, shows it, and nothing else brought it on screen meanwhile.
    ///
    /// In the container's appearance if it is still appearing, as a child added then joins it; else at once, without
    /// animation, as a child added to a container on screen. A navigation controller tells its delegate of such a top
    /// then (of a current-context presentation that stands in for its top, it told of the top as it appeared). Out of
    /// line: rare.
    @inline(never)
    func _appearAfterItsLoad(in container: Screen) {
        guard !_appearance.isVisible, container._shownChildren.contains(where: { $0._forwardingTarget === self })
        else { return }
        let navigation = container as? NavigationController
        switch container._appearance {
        case .appearing:
            _beginAppearing(
                animated: container._isTransitionAnimated, at: .child(container), batch: container._onScreenBatch)
            if let navigation, navigation.topViewController === self {
                navigation._showTopOnAppearing(self, animated: container._isTransitionAnimated)
            }
        case .appeared:
            let appearances = _appearances
            _beginAppearing(animated: false, at: .child(container), batch: nil)
            // Unless its viewWillAppear (the app's code) ended this appearance, or began another.
            guard _appearance == .appearing, _appearances == appearances &+ 1 else { return }
            let isTop = navigation?.topViewController === self
            if isTop, let navigation { navigation._willShow(self, animated: false) }
            _endAppearanceTransition()
            if isTop, let navigation, _appearance == .appeared, navigation.topViewController === self {
                navigation._didShow(self, animated: false)
            }
        case .disappearing, .disappeared:
            break
        }
    }

    /// Observes changes of ``visibleState`` for this screen.
    ///
    /// ```swift
    /// let token = screen.observeVisibleState { change in print(change) }
    /// ```
    ///
    /// - Returns: The token of the underlying instance-scoped after hook; cancel it to stop.
    @discardableResult
    public func observeVisibleState(_ observer: @escaping @Sendable (VisibleStateChange) -> Void) -> HookToken {
        // An instance scope on the receiver type cannot be refused.
        try! Screen.visibleStateDidChange.after(.instance(self), label: "observeVisibleState") { _, change, _ in
            observer(change)
        }
    }

    /// Sends `viewWillAppear` (loading the view first if needed), then forwards it to the children this screen
    /// shows, parent first; from then on the screen is on screen at `place`.
    ///
    /// A screen already on screen, or appearing, only moves to `place`. A screen still disappearing gets its
    /// `viewDidDisappear` first, so that every will-call is balanced, and does not appear if that call takes it out of
    /// the container at `place`; unless `reversing`: a cancelled interactive pop turns its disappearance around
    /// (viewWillDisappear, viewWillAppear, viewDidAppear), as UIKit does. A screen whose disappearance ended, here or
    /// before it reached every screen on screen through it, takes off screen first the ones it no longer shows.
    func _beginAppearing(
        animated: Bool, at place: _AppearancePlan.Place, batch: _AppearanceBatch?, reversing: Bool = false
    ) {
        if _appearance.isVisible {
            _moveOnScreen(to: place)
            return
        }
        // A transition that marked the screen to take it off later marked the appearance that has ended: this one is
        // not its to end.
        _disappearsLaterIn = nil
        let turnsAround = _appearance == .disappearing && !reversing
        // A container whose disappearance ended before it forwarded the call to every screen on screen through it (the
        // app's code in a child's viewWillDisappear brought back the screen it is in) still has them on screen: the
        // ones it no longer shows go off before it appears.
        if turnsAround || (_appearance == .disappeared && !_onScreenChildren.isEmpty) {
            if turnsAround { _endAppearanceTransition() }
            if _appearance == .disappeared { _takeOffScreenWhatItNoLongerShows(animated: animated, place: place) }
            // viewDidDisappear (the app's code) may have taken it out of the container it was to appear in, which no
            // longer shows it, or taken that container off screen, or switched what the container shows, or brought
            // it back.
            if case .child(let container) = place,
                !_mayStillAppear(in: container, askingTheList: container._switchesShownChildren)
            {
                return
            }
            if _appearance.isVisible { return _moveOnScreen(to: place) }
        }
        loadViewIfNeeded()
        // A disappearance turned around keeps its view in the window; anything else joins it, including a child that a
        // turned-around container shows for the first time.
        _isViewJoiningWindow = !(reversing && _appearance == .disappearing)
        defer { _isViewJoiningWindow = false }
        _appearance = .appearing
        _appearances &+= 1
        let appearance = _appearances
        _isTransitionAnimated = animated
        // A new appearance is a real one, even if it began inside a viewDidAppear that only balanced a viewWillAppear
        // (the screen moved to a container on screen from there).
        _isEndingAppearanceToLeave = false
        if parent == nil {
            // A move that never ended (its navigation controller went away before it appeared) explains nothing now.
            _pendingCauses.remove(.movingToParent)
        }
        _currentCauses = _pendingCauses.intersection(.appearing)
        _moveOnScreen(to: place)
        _joinBatch(batch)
        let onScreenBeforeTheWillCall = _onScreenChildren.count
        // The bar's restore callbacks and the observers' willBegin are part of the will-call: an interactive
        // transition ended from them ends once viewWillAppear returned too.
        _runWillCall(in: batch) {
            if let navigation = parent as? NavigationController {
                navigation._stackScreenWillAppear(self, animated: animated)
            } else if let standIn = _standInForStackScreen {
                _chrome.appearingInPlaceOf = standIn.screen
                standIn.navigation._stackScreenWillAppear(standIn.screen, animated: animated)
            }
            let observedWindow = _beginObservedAppearance()
            _notifyObservers(.willBegin(.appear, animated: animated), in: observedWindow ?? window)
            _isRunningViewWillAppear = true
            // Owed from the will-call on: if the app's code in it brings the screen's viewDidAppear (it removes the
            // screen from its container, say), viewIsAppearing still comes first.
            _pendingViewIsAppearing = animated
            _runObserved(.viewWillAppear(animated: animated), in: observedWindow ?? window) {
                Screen.viewWillAppear.invoke(self, animated) { screen, animated in
                    screen.viewWillAppear(animated)
                    screen._settleVisibleState(after: .viewWillAppear)
                }
                _settleVisibleState(after: .viewWillAppear)
            }
        }
        // Cleared, not restored, after an appearance that this viewWillAppear began again (the screen moved to another
        // container meanwhile): that one has forwarded already, so a child added from here on appears at once, in
        // the screen's current transition.
        _isRunningViewWillAppear = false
        guard _appearance == .appearing else {
            // Its viewWillAppear ended the transition it began (an interactive pop finished or cancelled from it):
            // what it shows comes on screen at once if it appeared, and nothing more happens if it went away. A
            // navigation controller tells its delegate of its top then, as its appearance would have.
            if let navigation = self as? NavigationController {
                navigation._settleChildrenOnScreenShowingTheTop(ofAppearance: appearance)
            } else {
                _settleChildrenOnScreen()
            }
            return
        }
        // Its viewWillAppear took it away and began another appearance (presented it with animation, say): that one's
        // own call forwarded it to the children already.
        guard _appearances == appearance else { return }
        // A navigation controller shows its top screen of now: willShow follows the will-calls.
        let navigationTop = (self as? NavigationController)?.topViewController
        // Unless a change of its stack asked from its viewWillAppear ran at once (the controller comes on screen
        // outside a transition) and brought its screen on screen, and a change asked since waits for it (a pop asked
        // from that push's willShow): the change that waits shows the top of now, and tells the delegate. As when a
        // change asked from the top's load runs at once (below), this appearance shows nothing more.
        if let top = navigationTop, _onScreenChildren.count != onScreenBeforeTheWillCall,
            !top._forwardingTarget._appearance.isVisible, let navigation = self as? NavigationController,
            navigation._queuedCount > 0
        {
            return
        }
        // The children this screen shows now (a child's current-context presentation stands in for it).
        let identifier = ObjectIdentifier(self)
        var shownChildChangedAsItLoaded = false
        var aLoadRanAChangeAtOnce = false
        var leftForItsLoad: Screen?
        for shown in _shownChildren {
            let child = shown._forwardingTarget
            guard _appearance == .appearing else { return _settleChildrenOnScreen() }
            guard _appearances == appearance else { return }
            // This appearance came from the child's own load (its loadView or viewDidLoad switched a container away
            // and back, say): the child comes on screen after its viewDidLoad, brought by the transition starting in
            // this screen at its turn, or else by its load.
            if child._isLoadingView {
                if child._appearsLaterIn != identifier { child._containerAppearedDuringLoad = self }
                leftForItsLoad = child
                continue
            }
            if !child.isViewLoaded {
                // The child's view loads first: its viewDidLoad is the app's code, which may take it out of this
                // screen, or this screen off screen.
                let onScreenBeforeItLoaded = _onScreenChildren.count
                child.loadViewIfNeeded()
                guard _appearance == .appearing else { return _settleChildrenOnScreen() }
                guard _appearances == appearance else { return }
                guard _shownChildren.contains(where: { $0._forwardingTarget === child }) else {
                    shownChildChangedAsItLoaded = true
                    continue
                }
                // A navigation controller's push asked there ran at once (the controller came on screen outside a
                // transition) and brought its screen on screen; the top listed again (that screen popped itself as
                // it loaded) comes with the pop's transition, which waits for the push's.
                if navigationTop != nil && _onScreenChildren.count != onScreenBeforeItLoaded {
                    aLoadRanAChangeAtOnce = true
                    continue
                }
            }
            // An older sibling's viewWillAppear (the app's code) may have taken it out of this screen meanwhile, or
            // ended the presentation that stood in for it: checked in constant time, so that a container of thousands
            // of children appears in time in proportion to them.
            guard shown._parentIdentifier == identifier, shown._forwardingTarget === child else { continue }
            child._beginAppearing(animated: animated, at: .child(self), batch: batch, reversing: reversing)
        }
        guard let navigationTop, let navigation = self as? NavigationController else { return }
        // A push from the top's viewDidLoad (the loads above) made another screen the top. Where the push waits (the
        // controller comes on screen in a transition: its window shows it, it is presented), the new top appears in
        // this appearance, as UIKit's controller reads its top again as its deferred transition starts, and the push's
        // transition finds it on screen; a push from its own viewDidLoad is followed in turn. Where the push ran at
        // once (a container brought the controller on screen outside a transition), its transition showed the screen:
        // told by a screen of the controller on screen already.
        var top = navigationTop
        var candidate = navigationTop
        while shownChildChangedAsItLoaded, navigation._onScreenChildren.isEmpty,
            let newTop = navigation.topViewController, newTop !== candidate
        {
            candidate = newTop
            let child = newTop._forwardingTarget
            if !child.isViewLoaded {
                child.loadViewIfNeeded()
                guard _appearance == .appearing else { return _settleChildrenOnScreen() }
                guard _appearances == appearance else { return }
                if navigation.topViewController !== newTop { continue }
            }
            if navigation._onScreenChildren.isEmpty && _shownChildren.contains(where: { $0 === newTop })
                && !child._appearance.isVisible
            {
                top = newTop
                child._beginAppearing(animated: animated, at: .child(self), batch: batch, reversing: reversing)
                guard _appearance == .appearing else { return _settleChildrenOnScreen() }
                guard _appearances == appearance else { return }
            }
            break
        }
        // Not when a change of the stack asked from a viewDidLoad above ran at once: its transition shows the top, and
        // tells the delegate itself.
        // Nor for a top left for its load: whatever brings it on screen tells it (not for a current-context
        // presentation that stands in for the top, whose transition tells nothing).
        if !aLoadRanAChangeAtOnce && leftForItsLoad !== top {
            if _appearance == .appeared && _appearances == appearance {
                // The top's will-call ended this appearance and left the controller on screen (its container switched
                // away from it and back there), and the top has appeared since.
                navigation._showTopAfterACutAppearance(top)
            } else {
                navigation._showTopOnAppearing(top, animated: animated)
            }
        }
    }

    /// Sends `viewIsAppearing` through its hook point if the screen's viewWillAppear ran and it has not yet, once per
    /// appearance, with the will-call's `animated` flag.
    ///
    /// Runs as a will-call of the screen's batch: an interactive transition ended from inside it ends once it returned,
    /// so that its method and hooks see it before any did-call.
    func _deliverViewIsAppearing() {
        guard let animated = _pendingViewIsAppearing else { return }
        _pendingViewIsAppearing = nil
        _runWillCall(in: _onScreenBatch) {
            Screen.viewIsAppearing.invoke(self, animated) { screen, animated in screen.viewIsAppearing(animated) }
        }
    }

    /// Takes off screen now the screens still on screen through this one, which just disappeared, that it does not
    /// show (any more).
    ///
    /// Its disappearance may have ended before it forwarded the call to them: its viewWillDisappear, the app's code,
    /// made it appear elsewhere (a screen on screen through it, which the hierarchy no longer puts inside it, adding
    /// it as a child); they would stay on screen under it, or in its place, outside the hierarchy the window shows.
    /// The children it shows stay, to appear with it. Out of line: it is rare, and `_beginAppearing` runs for every
    /// appearance.
    @inline(never)
    private func _takeOffScreenWhatItNoLongerShows(animated: Bool, place: _AppearancePlan.Place) {
        // Each child's viewDidDisappear (the app's code) may change what this screen shows, or bring the screen back
        // on screen, whose appearance then settles its children: what it shows is asked again after each one (once:
        // the list is the app's code too), and a child taken off once is not taken off again (its own code brought it
        // back).
        var takenOff = _ScreenSet()
        while _appearance == .disappeared {
            let shown = _ScreenSet(_shownChildren.map(\._forwardingTarget))
            guard
                let child = _onScreenChildren.first(where: { child in
                    child._appearance.isVisible && !shown.contains(child) && !takenOff.contains(child)
                })
            else { break }
            takenOff.insert(child)
            child._disappearNow(animated: animated)
        }
        // The container it is to appear in may still be on screen through it further down (through a current-context
        // presentation, dismissed and waiting, that stood in for a screen inside one of its children): the first
        // screen on the way down that its on-screen parent no longer shows goes off screen, with the container, so
        // that the on-screen tree does not loop and no screen is left on screen outside it.
        guard case .child(let container) = place, container._isOnScreen(under: self) else { return }
        var path: [Screen] = []
        var screen = container
        while screen !== self, let above = screen._onScreenParent {
            path.append(screen)
            screen = above
        }
        for child in path.reversed() {
            guard let above = child._onScreenParent else { continue }
            if !above._shownChildren.contains(where: { $0._forwardingTarget === child }) {
                if child._appearance.isVisible { child._disappearNow(animated: animated) }
                return
            }
        }
    }

    /// Sends `viewWillDisappear`, then forwards it to the screens on screen through this one, parent first.
    ///
    /// Does nothing for a screen that is not on screen or already disappearing. A screen still appearing gets its
    /// `viewDidAppear` first, unless `reversing` (a cancelled interactive pop).
    func _beginDisappearing(animated: Bool, batch: _AppearanceBatch?, reversing: Bool = false) {
        if reversing && _appearance == .appearing {
            // Turned around before it appeared: its viewIsAppearing still comes first, as UIKit's does.
            _deliverViewIsAppearing()
        }
        guard _appearance.isVisible else { return }
        if _owesAppearanceEnd {
            // Leaving from its own viewDidAppear (or from code it runs): the appearance ends for the observers first.
            _endObservedAppearancePhase(in: _observedWindow)
        }
        if _appearance == .appearing && !reversing {
            // The container whose disappearance forwards this call, if any: its did-calls reach the screen only while
            // it is still disappearing.
            let forwardingContainer = _onScreenParent.flatMap { $0._appearance == .disappearing ? $0 : nil }
            let wasEndingToLeave = _isEndingAppearanceToLeave
            _isEndingAppearanceToLeave = true
            _endAppearanceTransition()
            _isEndingAppearanceToLeave = wasEndingToLeave
            guard _appearance == .appeared else { return }
            // The viewDidAppear calls ran the app's code, which may have brought the container taking it off screen
            // back on screen (it joined a container on screen as it was leaving): shown there, it stays.
            if _isShownByContainerOnScreen { return }
            // Or they moved it on screen elsewhere, out of that container (into another window, as its root, say): its
            // new place decides when it goes.
            if let container = forwardingContainer, _onScreenParent !== container, _onScreenWindow != nil { return }
            // They may also have ended that disappearance (the container came back without showing the screen, or
            // went off): its did-calls will not reach the screen any more, so it goes off now, both calls at once.
            if let container = forwardingContainer, container._appearance != .disappearing {
                return _disappearNow(animated: animated)
            }
        }
        _appearance = .disappearing
        _isTransitionAnimated = animated
        _needsShownChildrenUpdate = false
        _currentCauses = _pendingCauses.intersection(.disappearing)
        if let navigation = self as? NavigationController {
            navigation._topShownOnAppearing = nil
            navigation._showsTopAgainOnAppearing = nil
            // What the delegate heard before it went tells nothing of what it shows when it comes back.
            navigation._screenShownToDelegate = nil
        }
        _joinBatch(batch)
        if let navigation = parent as? NavigationController {
            // Not when a current-context presentation takes its place on screen (the screen is the top of a
            // controller on screen): that covers its place, not the bar. A presentation still queued takes nothing.
            let standInTakesItsPlace =
                _presented != nil && navigation._appearance == .appeared && navigation.topViewController === self
                && _forwardingTarget !== self
            if !standInTakesItsPlace { navigation._stackScreenWillDisappear(self) }
        } else if parent == nil {
            if let standIn = _standInForStackScreen {
                standIn.navigation._stackScreenWillDisappear(standIn.screen)
            } else if let place = _chrome.appearingInPlaceOf, let navigation = place.parent as? NavigationController {
                // Appearing in that screen's place when a dismissal unlinked it: it leaves that place all the same.
                navigation._stackScreenWillDisappear(place)
            }
            _chrome.appearingInPlaceOf = nil
        }
        // The status bar's change and the observers' willBegin are part of the will-call: an interactive transition
        // ended from them ends once viewWillDisappear returned too.
        _runWillCall(in: batch) {
            _revertParentStatusBarHidden()
            _notifyObservers(.willBegin(.disappear, animated: animated), in: _observedWindowIfAny)
            // The remembered window itself, not the value read above: `_runObserved` looks it up again for the did
            // callback if there was none when the method began (an observer attached meanwhile remembers it).
            _runObserved(.viewWillDisappear(animated: animated), in: _observedWindow) {
                Screen.viewWillDisappear.invoke(self, animated) { screen, animated in
                    screen.viewWillDisappear(animated)
                    screen._settleVisibleState(after: .viewWillDisappear)
                }
                _settleVisibleState(after: .viewWillDisappear)
            }
        }
        // What is on screen through this screen, whatever the hierarchy says now. If its viewWillDisappear, or a
        // child's, ended the transition it began (an interactive pop finished or cancelled from it), the children left
        // go off screen at once if it disappeared, and stay if it turned around. A child that an older sibling's
        // viewWillDisappear moved on screen elsewhere (into a navigation controller whose push began) is not on screen
        // through this screen any more: its place decides.
        for child in _onScreenChildrenInForwardingOrder
        where child._appearance.isVisible && child._onScreenParent === self {
            guard _appearance == .disappearing else {
                if _appearance == .disappeared { child._disappearNow(animated: animated) }
                continue
            }
            child._beginDisappearing(animated: animated, batch: batch, reversing: reversing)
        }
    }

    /// Whether this viewDidAppear only balances a viewWillAppear: the screen, or one it is on screen through, must
    /// disappear before its appearance completed (see ``_isEndingAppearanceToLeave``).
    var _isAppearingOnlyToLeave: Bool {
        _onScreenLineage.contains { $0._isEndingAppearanceToLeave }
    }

    /// Whether the screen's view is in its window's view hierarchy (``ScreenView/window``): from the end of the
    /// will-calls that bring it on screen (its own viewWillAppear and the ones it forwards to its children) to the
    /// start of its viewDidDisappear, and only while the screens it is on screen through have theirs in the window
    /// too (a container's view holds its children's).
    var _isViewInWindow: Bool {
        !_onScreenLineage.contains { screen in
            switch screen._appearance {
            case .appearing: screen._isViewJoiningWindow
            case .disappeared: true
            case .appeared, .disappearing: false
            }
        }
    }

    /// Completes the appearance transition begun last: `viewDidAppear` or `viewDidDisappear`, with the `animated` of
    /// its will-call (``_isTransitionAnimated``), then the children on screen through this one that began it in the
    /// same batch (parent first).
    ///
    /// A screen that disappeared leaves the on-screen tree.
    func _endAppearanceTransition() {
        let animated = _isTransitionAnimated
        if _appearance == .appearing && _pendingViewIsAppearing != nil {
            // Not delivered when its transition began to animate (it does not animate, or the screen appears outside
            // one): right before its viewDidAppear. The app's code in it may have ended this appearance (the screen
            // left: its viewDidAppear came then), or begun another one (it left and came back elsewhere, and owes a
            // viewIsAppearing again, or has had it already if that one began to animate), which is not this call's to
            // end.
            let appearance = _appearances
            _deliverViewIsAppearing()
            guard _appearance == .appearing, _appearances == appearance else { return }
        }
        let batch = _onScreenBatch
        // Until the did-calls below reach them, the children that began to appear with this screen wait for them.
        unowned(unsafe) let batchBeingCompleted = _batchBeingCompleted
        _batchBeingCompleted = batch
        defer { _batchBeingCompleted = batchBeingCompleted }
        let appeared: Bool
        switch _appearance {
        case .appearing:
            appeared = true
            _appearance = .appeared
            _onScreenBatch = nil
            if _LifecycleObservers.hasObservedWindows {
                _lastAppearanceBatch = batch  // for the statistics, a window observer; a weak store costs about 80
            }
            if let navigation = parent as? NavigationController {
                navigation._stackScreenDidAppear(self)
            } else if let place = _chrome.appearingInPlaceOf {
                _chrome.appearingInPlaceOf = nil
                (place.parent as? NavigationController)?._stackScreenDidAppear(place)
            }
            let observedWindow = _observedWindowIfAny
            _owesAppearanceEnd = true
            _runObserved(.viewDidAppear(animated: animated), in: observedWindow) {
                Screen.viewDidAppear.invoke(self, animated) { screen, animated in
                    screen.viewDidAppear(animated)
                    screen._settleVisibleState(after: .viewDidAppear)
                }
                _settleVisibleState(after: .viewDidAppear)
            }
            if _owesAppearanceEnd {
                // Looked up again if there was no observed window when the method began: one may have been attached.
                _endObservedAppearancePhase(in: observedWindow ?? _observedWindow)
            }
        case .disappearing:
            appeared = false
            _appearance = .disappeared
            _onScreenBatch = nil
            _runObserved(.viewDidDisappear(animated: animated), in: _observedWindowIfAny) {
                Screen.viewDidDisappear.invoke(self, animated) { screen, animated in
                    screen.viewDidDisappear(animated)
                    screen._settleVisibleState(after: .viewDidDisappear)
                }
                _settleVisibleState(after: .viewDidDisappear)
            }
            let observedWindow = _endObservedAppearance()  // forgotten whether or not a window has observers now
            _notifyObservers(.didEnd(.disappear, animated: animated), in: observedWindow)
        case .appeared, .disappeared:
            return
        }
        let waiting: _AppearanceState = appeared ? .appearing : .disappearing
        for child in _onScreenChildrenInForwardingOrder
        where child._appearance == waiting && child._onScreenBatch === batch {
            child._endAppearanceTransition()
        }
        // The transition ends after the did-calls it forwards: a child reads why its parent moved (`isMovingToParent`,
        // `isBeingDismissed`…) in its own did-call, as in UIKit. Unless the app's code began another transition of
        // this screen meanwhile, whose causes stay.
        if _appearance == (appeared ? .appeared : .disappeared) {
            _currentCauses = []
        }
        // Only a screen whose move has not ended (a stack's own record, no weak load) can owe it.
        if appeared, _joinDidMoveOwedBy != nil, let navigation = parent as? NavigationController,
            navigation._screenOwedDidMove === self
        {
            // It joined the stack off screen and waited for its first appearance to end its move, whichever transition
            // brought it (its controller's appearance, a change of the stack, a dismissal above it): after its
            // subtree's did-calls, as a push's, even when the app's code in them took it off screen again (switched
            // the tab that shows its controller, say), as UIKit's deferred transition ends with the move all the same.
            navigation._endOwedMove()
        }
        // Kept through a disappearance: a top that went off screen for a presentation dismissed at once owes its pair
        // when it is back.
        if _appearanceOwesNavigationDidShow && appeared {
            _appearanceOwesNavigationDidShow = false
            NavigationController._placeAppeared(self, animated: animated)
        }
        if appeared && _appearance == .appeared {
            (self as? NavigationController)?._showedTopOnAppearing(animated: animated)
            if _needsShownChildrenUpdate {
                // A container switched what it shows while it appeared (``updateShownChildren()``): now it has.
                _needsShownChildrenUpdate = false
                _showChildrenInLineWithTheList()
            }
        }
        if _appearance == .disappeared {
            _leaveOnScreen()
            _endDisappearancesOfItsOwnTransitions()
        }
    }

    /// Ends, now that this screen disappeared, the disappearance of a screen on screen through it that goes off screen
    /// in a transition of its own not completed yet: the old top of a navigation controller whose push animates, when
    /// a switch of the tabs takes the controller off screen.
    ///
    /// Its view leaves the window with this screen's, so it gets its viewDidDisappear now, after this screen's, as
    /// when a container removes this screen (``_disappearNow(animated:)``), rather than when that transition
    /// completes; the transition still ends the rest (a push's `didMove(toParent:)`, a pop's `didPop`). Except the
    /// popping screen of an interactive pop in progress, whose did-call belongs to the pop's end.
    ///
    /// Runs once this screen has left the on-screen tree (its children on screen still name it as their parent): their
    /// viewDidDisappear runs the app's code, which may bring this screen back on screen, a new appearance that decides
    /// for the children left.
    private func _endDisappearancesOfItsOwnTransitions() {
        _endDisappearancesOnScreenThroughIt(whileIt: .disappeared) { _ in true }
    }

    /// Tells the observers that the appearance ended (``_owesAppearanceEnd``), with its will-call's `animated`.
    func _endObservedAppearancePhase(in window: Window?) {
        _owesAppearanceEnd = false
        _notifyObservers(.didEnd(.appear, animated: _isTransitionAnimated), in: window)
    }

    /// Brings the screen, and what is on screen through it, off screen now: the did-calls it waits for, then
    /// viewWillDisappear and viewDidDisappear if it is on screen.
    ///
    /// What was already going off screen through it in a transition of its own (the old top of a navigation
    /// controller whose push waits) gets its viewDidDisappear now too, rather than when that transition completes;
    /// except the popping screen of an interactive pop in progress, whose did-call belongs to the pop's end.
    func _disappearNow(animated: Bool) {
        // The on-screen subtree now: a descendant that disappears below leaves its parent's on-screen children.
        var subtree: [Screen] = [self]
        var index = 0
        while index < subtree.count {
            subtree += subtree[index]._onScreenChildren.filter { child in !child._isLeavingInteractively }
            index += 1
        }
        // Its viewDidDisappear below (the app's code) may bring it back on screen: that new appearance is not the one
        // this call takes off.
        let appearances = _appearances
        if _appearance == .disappearing {
            // Taken off screen from inside its own viewWillDisappear (its container removed it there), it has not
            // forwarded that call to the screens on screen through it yet: they begin now, in its batch, so that they
            // end with it, rather than stay appeared under a screen that disappeared (a change of its stack asked
            // before the forwarding resumes would then take them out of the on-screen tree still appeared).
            // (And so on down, through the ones already disappearing whose own forwarding it interrupted.)
            _beginCallsNotForwarded(animated: animated, batch: _onScreenBatch)
            if _appearance == .disappearing { _endAppearanceTransition() }
        }
        if _appearance.isVisible && _appearances == appearances {
            _beginDisappearing(animated: animated, batch: nil)
            _endAppearanceTransition()
        }
        guard _appearance == .disappeared else { return }
        for screen in subtree where screen._appearance == .disappeared {
            for child in screen._onScreenChildren
            where child._appearance == .disappearing && !child._isLeavingInteractively {
                child._disappearNow(animated: animated)
            }
        }
    }

    /// Begins, in `batch`, the calls that this screen's transition has not forwarded yet to the screens on screen
    /// through it: the ones its own will-call or a child's did not reach because the app's code in it ended the
    /// transition (an interactive pop finished from the popping screen's viewWillDisappear or the revealed screen's
    /// viewWillAppear), so that they end with it rather than after it.
    ///
    /// A disappearing screen's children still appeared begin disappearing; an appearing screen's shown children
    /// still off screen begin appearing (loading first). Recursive through the children already in transition.
    func _beginCallsNotForwarded(animated: Bool, batch: _AppearanceBatch?) {
        switch _appearance {
        case .disappearing:
            for child in _onScreenChildrenInForwardingOrder where child._onScreenParent === self {
                guard _appearance == .disappearing else { return }
                switch child._appearance {
                case .appeared: child._beginDisappearing(animated: animated, batch: batch)
                case .disappearing: child._beginCallsNotForwarded(animated: animated, batch: batch)
                case .appearing, .disappeared: break
                }
            }
        case .appearing:
            let identifier = ObjectIdentifier(self)
            // The children this loop begins or goes down into: each is reached once.
            var reached = _ScreenSet()
            for shown in _shownChildren {
                guard _appearance == .appearing else { return }
                // An older sibling's viewWillAppear (the app's code) may have taken it out of this screen meanwhile;
                // the screen that stands in for it (a presentation it began or ended) is read now.
                guard shown._parentIdentifier == identifier else { continue }
                let child = shown._forwardingTarget
                switch child._appearance {
                case .disappeared:
                    // A switch of the children it shows, asked since it began to appear (from the will-call that
                    // ended the transition, say), waits for its appearance to end, as any such switch does: the list
                    // names the children it will show then, which do not come in the transition.
                    guard !_needsShownChildrenUpdate else { continue }
                    // Nor does a screen whose place one on screen keeps until a change that waits for this
                    // transition (asked from the will-call that ended it): that change's own transition brings it.
                    guard !_keepsOnScreenUntilAChange(theSpotOf: shown) else { continue }
                    reached.insert(child)
                    child._beginAppearing(animated: animated, at: .child(self), batch: batch)
                case .appearing:
                    reached.insert(child)
                    child._beginCallsNotForwarded(animated: animated, batch: batch)
                case .appeared, .disappearing: break
                }
            }
            // The screens that keep their spot until a change that waits (a navigation controller's top of before a
            // push) appear in this transition too, with what they show: the calls they had not forwarded yet. (Not
            // those the loop reached: going down them twice at every level would cost time exponential in the depth.)
            for child in _onScreenChildren
            where child._onScreenParent === self && child._appearance == .appearing && !reached.contains(child) {
                guard _appearance == .appearing else { return }
                child._beginCallsNotForwarded(animated: animated, batch: batch)
            }
            // A navigation controller's appearance tells its delegate of its top after the will-calls, which the end
            // of the transition inside them kept it from doing; only of a top that comes on screen in it (not of one
            // whose push waits: that push tells it).
            if let navigation = self as? NavigationController, _appearance == .appearing,
                let top = navigation.topViewController, top._forwardingTarget._appearance == .appearing,
                top._forwardingTarget._onScreenParent === self
            {
                navigation._showTopOnAppearing(top, animated: animated)
            }
        case .appeared, .disappeared:
            break
        }
    }

    /// Whether a screen on screen through this one holds the spot of `shown`, one of the children it shows, until a
    /// change that waits for this screen's transition takes it away.
    ///
    /// A navigation controller's top of before a push or a pop made after the controller forwarded its appearance to
    /// it (the controller shows one screen), or a current-context presentation over `shown` whose dismissal waits.
    /// That change's own transition brings `shown` on screen.
    private func _keepsOnScreenUntilAChange(theSpotOf shown: Screen) -> Bool {
        if self is NavigationController { return !_onScreenChildren.isEmpty }
        return _onScreenChildren.contains { onScreen in
            guard onScreen._pendingCauses.contains(.beingDismissed) else { return false }
            // Its presenter, or, for the end of a chain of current-context presentations, the screen the chain stands
            // in for: down the chain's presenters, through those dismissed too (whose presenter link is gone).
            var spot = onScreen._dismissedFrom
            while let screen = spot, screen !== shown, screen._presentationStyle == .currentContext {
                spot = screen._presenter ?? screen._dismissedFrom
            }
            return spot === shown
        }
    }

    /// Whether this screen's disappearance belongs to an interactive pop in progress, which ends it.
    var _isLeavingInteractively: Bool {
        guard let batch = _onScreenBatch, let navigation = _onScreenParent as? NavigationController,
            let pop = navigation.interactivePop
        else { return false }
        return pop.batch === batch
    }

    /// Runs `willMove(toParent:)` through its hook point.
    func _willMove(toParent parent: Screen?) {
        // Joining, the window of its new container hears of it (its parent's); leaving, the window it is in. Each also
        // hears of the `didMove(toParent:)` that ends the move, wherever the screen is then.
        let observedWindow = if let parent { _beginObservedJoin(of: parent) } else { _beginObservedDeparture() }
        _pendingCauses.insert(parent == nil ? .movingFromParent : .movingToParent)
        _runObserved(.willMove(toParent: parent), in: observedWindow ?? parent?.window ?? window) {
            Screen.willMove.invoke(self, parent) { screen, parent in screen.willMove(toParent: parent) }
        }
        if let parent, _LifecycleObservers.hasObservedWindows, !_remembersJoinWindow || _joinWindow == nil {
            // No window heard the call begin (the container was outside every window, or no window had observers),
            // and its code changed that (it put the container in a window, or attached an observer): the window that
            // heard the call's did-callback hears the didMove that ends the join.
            _ = _beginObservedJoin(of: parent)
        }
    }

    /// Runs `willMove(toParent: parent)` for a screen just linked into `parent`: meanwhile the screen counts as
    /// joining `parent` (``_joiningParent``), so that the app's code in it can neither attach it elsewhere, make
    /// `parent` its descendant, nor take it out again before the join is done.
    func _willMove(toJoin parent: Screen) {
        _joiningParent = parent
        defer { _joiningParent = nil }
        _willMove(toParent: parent)
    }

    /// Runs `didMove(toParent:)` through its hook point.
    func _didMove(toParent parent: Screen?) {
        _joinDidMoveOwedBy = nil
        // The window that heard the willMove; the one the screen is in if no window had observers then.
        let remembered = parent == nil || _remembersJoinWindow
        let observedWindow = parent == nil ? _endObservedDeparture() : remembered ? _endObservedJoin() : nil
        _pendingCauses.remove(parent == nil ? .movingFromParent : .movingToParent)
        _runObserved(.didMove(toParent: parent), in: remembered ? observedWindow : window) {
            Screen.didMove.invoke(self, parent) { screen, parent in screen.didMove(toParent: parent) }
        }
    }

    /// Runs `willPop(animated:)` through its hook point.
    func _willPop(animated: Bool) {
        _lastWillPopAnimated = animated
        Screen.willPop.invoke(self, animated) { screen, animated in screen.willPop(animated: animated) }
    }

    /// Runs `didPop(animated:)` through its hook point.
    func _didPop(animated: Bool) {
        Screen.didPop.invoke(self, animated) { screen, animated in screen.didPop(animated: animated) }
    }

    /// Runs `didStayOnTop(animated:)` through its hook point.
    func _didStayOnTop(animated: Bool) {
        Screen.didStayOnTop.invoke(self, animated) { screen, animated in screen.didStayOnTop(animated: animated) }
    }

    /// Asks `shouldPop(trigger:)` through its hook point.
    func _shouldPop(trigger: PopTrigger) -> Bool {
        Screen.shouldPop.invoke(self, trigger) { screen, trigger in screen.shouldPop(trigger: trigger) }
    }

    /// Brings the visible state to what `method` leaves, in case an override skipped the method.
    ///
    /// When the method ran, it already did, and this changes nothing: ``Lifecycle``'s after hooks see the state after
    /// the method, whatever overrides do. Only while the screen is still in the transition the method belongs to: a
    /// hook that moved it on (an earlier after hook removed it from its container) is not undone.
    func _settleVisibleState(after method: LifecycleMethod) {
        switch method {
        case .loadView: break
        case .viewDidLoad: if isViewLoaded { _insertVisibleState(.loaded) }
        case .viewWillAppear: if _appearance == .appearing { _setPhase(.willAppear) }
        case .viewDidAppear: if _appearance == .appeared { _setPhase(.didAppear) }
        case .viewWillDisappear: if _appearance == .disappearing { _setPhase(.willDisappear) }
        case .viewDidDisappear: if _appearance == .disappeared { _setPhase(.didDisappear) }
        }
    }

    /// Replaces the phase flag of the visible state, reporting a change.
    func _setPhase(_ phase: ScreenVisibleState) {
        var state = visibleState
        state.subtract(.phases)
        state.formUnion(phase)
        _updateVisibleState(state)
    }

    /// Adds flags to the visible state, reporting a change.
    func _insertVisibleState(_ flags: ScreenVisibleState) {
        _updateVisibleState(visibleState.union(flags))
    }

    private func _updateVisibleState(_ state: ScreenVisibleState) {
        let old = visibleState
        guard state != old else { return }
        visibleState = state
        let change = VisibleStateChange(old: old, new: state)
        Screen.visibleStateDidChange.invoke(self, change) { _, _ in }
        // Loading happens once, wherever the screen is; the phases change during appearance transitions.
        _notifyObservers(.visibleStateDidChange(change), in: old.contains(.loaded) ? _observedWindow : window)
    }
}
