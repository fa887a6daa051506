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

    /// Runs `viewWillAppear` or `viewWillDisappear` through its hook point, then forwards it to
    /// the children that appear with this screen (parent first).
    func _beginAppearanceTransition(appearing: Bool, animated: Bool) {
        if appearing {
            guard !_appearance.isVisible else { return }
            loadViewIfNeeded()
            _appearance = .appearing
            (parent as? NavigationController)?._stackScreenWillAppear(self, animated: animated)
            Screen.viewWillAppear.invoke(self, animated) { screen, animated in
                screen.viewWillAppear(animated)
                screen._setPhase(.willAppear)
            }
            _setPhase(.willAppear)
        } else {
            guard _appearance.isVisible else { return }
            _appearance = .disappearing
            (parent as? NavigationController)?._stackScreenWillDisappear(self)
            _revertParentStatusBarHidden()
            _notifyObserversWillDisappear()
            Screen.viewWillDisappear.invoke(self, animated) { screen, animated in
                screen.viewWillDisappear(animated)
                screen._setPhase(.willDisappear)
            }
            _setPhase(.willDisappear)
        }
        // Appearing: the children this screen shows. Disappearing: every child on screen, so
        // that a child shown by a transition still queued also goes.
        let targets =
            appearing
            ? childrenForAppearanceForwarding.map(\._forwardingTarget)
            : children.map(\._forwardingTarget).filter { $0._appearance.isVisible }
        for child in targets {
            child._beginAppearanceTransition(appearing: appearing, animated: animated)
        }
    }

    /// Completes the appearance transition begun last: `viewDidAppear` or `viewDidDisappear`,
    /// then the children that take part in it (parent first).
    func _endAppearanceTransition(animated: Bool) {
        switch _appearance {
        case .appearing:
            _appearance = .appeared
            (parent as? NavigationController)?._stackScreenDidAppear(self)
            Screen.viewDidAppear.invoke(self, animated) { screen, animated in
                screen.viewDidAppear(animated)
                screen._setPhase(.didAppear)
            }
            _setPhase(.didAppear)
            _notifyObserversDidAppear()
        case .disappearing:
            _appearance = .disappeared
            Screen.viewDidDisappear.invoke(self, animated) { screen, animated in
                screen.viewDidDisappear(animated)
                screen._setPhase(.didDisappear)
            }
            _setPhase(.didDisappear)
            _notifyObserversDidDisappear()
        case .appeared, .disappeared:
            return
        }
        // The children that took part in the transition begun last are the ones still in it.
        for child in children.map(\._forwardingTarget)
        where child._appearance == .appearing || child._appearance == .disappearing {
            child._endAppearanceTransition(animated: animated)
        }
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
