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
        _isLoadingView = false
        _runObserved(.viewDidLoad, in: observedWindow ?? window) {
            Screen.viewDidLoad.invoke(self) { screen in
                screen.viewDidLoad()
                screen._insertVisibleState(.loaded)
            }
            _insertVisibleState(.loaded)
        }
        _notifyObservers(.didEnd(.load, animated: false), in: observedWindow ?? window)
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
            let observedWindow = _beginObservedAppearance()
            _notifyObservers(.willBegin(.appear, animated: animated), in: observedWindow ?? window)
            _runObserved(.viewWillAppear(animated: animated), in: observedWindow ?? window) {
                Screen.viewWillAppear.invoke(self, animated) { screen, animated in
                    screen.viewWillAppear(animated)
                    screen._setPhase(.willAppear)
                }
                _setPhase(.willAppear)
            }
        } else {
            guard _appearance.isVisible else { return }
            _appearance = .disappearing
            (parent as? NavigationController)?._stackScreenWillDisappear(self)
            _revertParentStatusBarHidden()
            let observedWindow = _observedWindowIfAny
            _notifyObservers(.willBegin(.disappear, animated: animated), in: observedWindow)
            _runObserved(.viewWillDisappear(animated: animated), in: observedWindow) {
                Screen.viewWillDisappear.invoke(self, animated) { screen, animated in
                    screen.viewWillDisappear(animated)
                    screen._setPhase(.willDisappear)
                }
                _setPhase(.willDisappear)
            }
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
            let observedWindow = _observedWindowIfAny
            _runObserved(.viewDidAppear(animated: animated), in: observedWindow) {
                Screen.viewDidAppear.invoke(self, animated) { screen, animated in
                    screen.viewDidAppear(animated)
                    screen._setPhase(.didAppear)
                }
                _setPhase(.didAppear)
            }
            // Looked up again if there was no observed window when the method began: one may have been attached.
            _notifyObservers(.didEnd(.appear, animated: animated), in: observedWindow ?? _observedWindow)
        case .disappearing:
            _appearance = .disappeared
            _runObserved(.viewDidDisappear(animated: animated), in: _observedWindowIfAny) {
                Screen.viewDidDisappear.invoke(self, animated) { screen, animated in
                    screen.viewDidDisappear(animated)
                    screen._setPhase(.didDisappear)
                }
                _setPhase(.didDisappear)
            }
            _notifyObservers(.didEnd(.disappear, animated: animated), in: _endObservedAppearance())
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
        // Joining, the screen is not linked in yet: the window of its new container hears of it. Leaving, the window
        // it is in, which also hears of the `didMove(toParent: nil)` that follows once it is out.
        let observedWindow = parent == nil ? _beginObservedDeparture() : nil
        _runObserved(.willMove(toParent: parent), in: observedWindow ?? parent?.window ?? window) {
            Screen.willMove.invoke(self, parent) { screen, parent in screen.willMove(toParent: parent) }
        }
    }

    /// Runs `didMove(toParent:)` through its hook point.
    func _didMove(toParent parent: Screen?) {
        let observedWindow = parent == nil ? _endObservedDeparture() : nil
        _runObserved(.didMove(toParent: parent), in: parent == nil ? observedWindow : window) {
            Screen.didMove.invoke(self, parent) { screen, parent in screen.didMove(toParent: parent) }
        }
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
        let change = VisibleStateChange(old: old, new: state)
        Screen.visibleStateDidChange.invoke(self, change) { _, _ in }
        // Loading happens once, wherever the screen is; the phases change during appearance transitions.
        _notifyObservers(.visibleStateDidChange(change), in: old.contains(.loaded) ? _observedWindow : window)
    }
}
