import HookKit

/// Running the lifecycle methods through their hook points, and the visible state.
extension Screen {
    /// Loads the view if it has not loaded yet: ``loadView()`` then ``viewDidLoad()``, once.
    public func loadViewIfNeeded() {
        guard !isViewLoaded, !_isLoadingView else { return }
        _isLoadingView = true
        Screen.loadView.invoke(self) { screen in screen.loadView() }
        if _view == nil {
            _view = ScreenView(screen: self)
        }
        isViewLoaded = true
        _isLoadingView = false
        Screen.viewDidLoad.invoke(self) { screen in
            screen.viewDidLoad()
            screen._insertVisibleState(.loaded)
        }
        _insertVisibleState(.loaded)
    }

    /// Observes changes of ``visibleState`` for this screen.
    ///
    /// ```swift
    /// let token = try screen.observeVisibleState { change in print(change) }
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
    /// `viewDidDisappear` first, so that every will-call is balanced, unless `reversing`: a cancelled interactive
    /// pop turns its disappearance around (viewWillDisappear, viewWillAppear, viewDidAppear), as UIKit does.
    func _beginAppearing(
        animated: Bool, at place: _AppearancePlan.Place, batch: _AppearanceBatch?, reversing: Bool = false
    ) {
        if _appearance.isVisible {
            _moveOnScreen(to: place)
            return
        }
        if _appearance == .disappearing && !reversing {
            _endAppearanceTransition(animated: animated)
            // viewDidDisappear may have brought it back.
            if _appearance.isVisible { return _moveOnScreen(to: place) }
        }
        loadViewIfNeeded()
        _appearance = .appearing
        _moveOnScreen(to: place)
        _joinBatch(batch)
        (parent as? NavigationController)?._stackScreenWillAppear(self, animated: animated)
        Screen.viewWillAppear.invoke(self, animated) { screen, animated in
            screen.viewWillAppear(animated)
            screen._setPhase(.willAppear)
        }
        _setPhase(.willAppear)
        // The children this screen shows now (a child's current-context presentation stands in for it).
        for child in childrenForAppearanceForwarding.map(\._forwardingTarget) {
            child._beginAppearing(animated: animated, at: .child(self), batch: batch, reversing: reversing)
        }
    }

    /// Sends `viewWillDisappear`, then forwards it to the screens on screen through this one, parent first.
    ///
    /// Does nothing for a screen that is not on screen or already disappearing. A screen still appearing gets its
    /// `viewDidAppear` first, unless `reversing` (a cancelled interactive pop).
    func _beginDisappearing(animated: Bool, batch: _AppearanceBatch?, reversing: Bool = false) {
        guard _appearance.isVisible else { return }
        if _appearance == .appearing && !reversing {
            _endAppearanceTransition(animated: animated)
            guard _appearance == .appeared else { return }
        }
        _appearance = .disappearing
        _joinBatch(batch)
        (parent as? NavigationController)?._stackScreenWillDisappear(self)
        _revertParentStatusBarHidden()
        _notifyObserversWillDisappear()
        Screen.viewWillDisappear.invoke(self, animated) { screen, animated in
            screen.viewWillDisappear(animated)
            screen._setPhase(.willDisappear)
        }
        _setPhase(.willDisappear)
        // What is on screen through this screen, whatever the hierarchy says now.
        for child in _onScreen.children where child._appearance.isVisible {
            child._beginDisappearing(animated: animated, batch: batch, reversing: reversing)
        }
    }

    /// Completes the appearance transition begun last: `viewDidAppear` or `viewDidDisappear`, then the
    /// children on screen through this one that began it in the same batch (parent first).
    ///
    /// A screen that disappeared leaves the on-screen tree.
    func _endAppearanceTransition(animated: Bool) {
        let batch = _onScreen.batch
        let appeared: Bool
        switch _appearance {
        case .appearing:
            appeared = true
            _appearance = .appeared
            _onScreen.batch = nil
            (parent as? NavigationController)?._stackScreenDidAppear(self)
            Screen.viewDidAppear.invoke(self, animated) { screen, animated in
                screen.viewDidAppear(animated)
                screen._setPhase(.didAppear)
            }
            _setPhase(.didAppear)
            _notifyObserversDidAppear()
        case .disappearing:
            appeared = false
            _appearance = .disappeared
            _onScreen.batch = nil
            Screen.viewDidDisappear.invoke(self, animated) { screen, animated in
                screen.viewDidDisappear(animated)
                screen._setPhase(.didDisappear)
            }
            _setPhase(.didDisappear)
            _notifyObserversDidDisappear()
        case .appeared, .disappeared:
            return
        }
        let waiting: _AppearanceState = appeared ? .appearing : .disappearing
        for child in _onScreen.children where child._appearance == waiting && child._onScreen.batch === batch {
            child._endAppearanceTransition(animated: animated)
        }
        if _appearance == .disappeared {
            _leaveOnScreen()
        }
    }

    /// Brings the screen, and what is on screen through it, off screen now: the did-calls it waits for, then
    /// viewWillDisappear and viewDidDisappear if it is on screen.
    func _disappearNow(animated: Bool) {
        if _appearance == .disappearing {
            _endAppearanceTransition(animated: animated)
        }
        guard _appearance.isVisible else { return }
        _beginDisappearing(animated: animated, batch: nil)
        _endAppearanceTransition(animated: animated)
    }

    /// Runs `willMove(toParent:)` through its hook point.
    func _willMove(toParent parent: Screen?) {
        Screen.willMove.invoke(self, parent) { screen, parent in screen.willMove(toParent: parent) }
    }

    /// Runs `didMove(toParent:)` through its hook point.
    func _didMove(toParent parent: Screen?) {
        Screen.didMove.invoke(self, parent) { screen, parent in screen.didMove(toParent: parent) }
    }

    /// Runs `willPop(animated:)` through its hook point.
    func _willPop(animated: Bool) {
        Screen.willPop.invoke(self, animated) { screen, animated in screen.willPop(animated: animated) }
    }

    /// Runs `didPop(animated:)` through its hook point.
    func _didPop(animated: Bool) {
        Screen.didPop.invoke(self, animated) { screen, animated in screen.didPop(animated: animated) }
    }

    /// Asks `shouldPop(trigger:)` through its hook point.
    func _shouldPop(trigger: PopTrigger) -> Bool {
        Screen.shouldPop.invoke(self, trigger) { screen, trigger in screen.shouldPop(trigger: trigger) }
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
        Screen.visibleStateDidChange.invoke(self, VisibleStateChange(old: old, new: state)) { _, _ in }
    }
}
