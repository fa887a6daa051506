/// How a recorder follows the screens of its windows, as a lifecycle observer attached to them: views start, pause,
/// resume and end.
extension ScreenStatistics: ScreenLifecycleObserver, _WindowEndObserver {
    /// A window the recorder was attached to went away: its views end now, as on ``detach(from:)``.
    func _attachedWindowWentAway() {
        _endViews(of: nil)
    }

    /// A view starts when a screen appeared, and ends when it ended disappearing (a view paused by an interactive pop
    /// ends there).
    public func screen(_ screen: Screen, didEnd phase: LifecyclePhase, animated: Bool) {
        switch phase {
        case .appear: screenDidAppear(screen)
        case .disappear: screenDidDisappear(screen)
        case .load: break
        }
    }

    /// A view ends, or pauses for an interactive pop, when a screen begins to disappear.
    public func screen(_ screen: Screen, willBegin phase: LifecyclePhase, animated: Bool) {
        if phase == .disappear {
            screenWillDisappear(screen)
        }
    }

    /// Views pause, and the file is written: the application may be killed in the background.
    public func windowDidEnterBackground(_ window: Window) {
        _refresh(at: time.now)
        _flushReportingErrors()
    }

    /// Views resume.
    public func windowDidEnterForeground(_ window: Window) {
        _refresh(at: time.now)
    }

    /// A leaf's view pauses when a child it shows joins it.
    public func screenDidJoinHierarchy(_ screen: Screen) {
        _refresh(at: time.now)
    }

    /// A leaf's view goes on when it no longer shows a child.
    public func screenDidLeaveHierarchy(_ screen: Screen, reason: LeaveReason, window: Window?) {
        _refresh(at: time.now)
    }

    func screenDidAppear(_ screen: Screen) {
        let now = time.now
        let key = ObjectIdentifier(screen)
        if var view = _views[key], view.screen === screen {
            // Back after a cancelled interactive pop: the same view goes on.
            view.isInteractivelyPaused = false
            _views[key] = view
        } else if screen._isAppearingOnlyToLeave {
            // A viewDidAppear that only balances a viewWillAppear (the screen leaves before it came on screen, where
            // UIKit sends none): no view.
        } else if let window = screen.window ?? screen._onScreenWindow {
            // A screen that left its window while it was appearing (dismissed before its presentation completed)
            // still appeared in the window it is on screen in.
            _startViewIfCounted(screen, in: window, at: now, behindSheetsComingIn: screen._lastAppearanceBatch)
        }
        _refresh(at: now)
    }

    func screenWillDisappear(_ screen: Screen) {
        let now = time.now
        let key = ObjectIdentifier(screen)
        if var view = _views[key], view.screen === screen {
            if screen._isInInteractiveDeparture {
                view.isInteractivelyPaused = true
                _views[key] = view
            } else {
                _endView(key, at: now)
            }
        }
        _refresh(at: now)
    }

    func screenDidDisappear(_ screen: Screen) {
        let now = time.now
        let key = ObjectIdentifier(screen)
        // Only a view paused by an interactive pop is still in progress here: the pop finished.
        if let view = _views[key], view.screen === screen {
            _endView(key, at: now)
        }
        _refresh(at: now)
    }

    /// Whether `screen` is counted (see ``Configuration``), and whether by the default rule, as a leaf (no switch
    /// for it or its type decided).
    func _counting(of screen: Screen) -> (isCounted: Bool, asLeaf: Bool) {
        if let enabled = screen.isStatisticsEnabled { return (enabled, false) }
        let type = type(of: screen)
        if let enabled = configuration.isEnabled(for: type) { return (enabled, false) }
        if configuration.excludedTypes.matches(type) { return (false, false) }
        return (screen.children.isEmpty, true)
    }

    /// Starts a view of `screen` in `window` if it is counted; `_refresh` then pauses it if it is covered.
    ///
    /// - Parameter batch: The transition that brought the screen on screen: a sheet above it that still appears in
    ///   that transition came with it, and covers the view from its start. A sheet that was already coming (and any
    ///   sheet, for a recorder that attaches to a window whose screens are on screen: `nil`) pauses it only from its
    ///   `viewDidAppear`.
    func _startViewIfCounted(
        _ screen: Screen, in window: Window, at now: Double, behindSheetsComingIn batch: _AppearanceBatch?
    ) {
        let key = ObjectIdentifier(screen)
        if let view = _views[key], view.screen === screen { return }
        let counting = _counting(of: screen)
        guard counting.isCounted else { return }
        let name = screen.statisticName
        // Counted only if the count moved: a count stuck at its largest value gains nothing, so that a discarded view
        // takes nothing from it either.
        let counted = _records[name, default: Record(name: name)]._countView()
        var view = _StatisticsView(
            screen: screen, window: window, name: name, pausesWhileItShowsChildren: counting.asLeaf)
        view.isCountedAsView = counted
        var coverage = _SheetCoverage()
        var isActive = _isActive(&view, coverage: &coverage)
        if !view.isCoveredBySheet, let batch {
            // A sheet that comes on screen with the screen (both appear again when a full-screen presentation above
            // them goes) is above it from the start: the view starts paused.
            var comingCoverage = _SheetCoverage(sheetsComingWith: batch)
            isActive = _isActive(&view, coverage: &comingCoverage)
            if view.isCoveredBySheet {
                view.sheetsComingWith = batch
            }
        }
        if isActive {
            _ = view.activate(at: now)
        }
        _views[key] = view
        _markDirty()
    }

    /// Ends the view under `key` at `now`: its active time is added to its record, or discarded if too long.
    func _endView(_ key: ObjectIdentifier, at now: Double) {
        guard var view = _views.removeValue(forKey: key) else { return }
        view.pause(at: now)
        if configuration._discardsView(lasting: view.activeTime) {
            _withdraw(view, from: &_records)
            _handler(
                .viewDiscarded(name: view.name, duration: view.activeTime, limit: configuration.maximumViewDuration))
        } else {
            _records[view.name, default: Record(name: view.name)]._addStayTime(view.activeTime)
        }
        _markDirty()
    }

    /// Takes out of `records` what `view` added to them: its start as a view, and its resumes.
    ///
    /// A discarded view counts for nothing. A record left empty is removed.
    func _withdraw(_ view: _StatisticsView, from records: inout [String: Record]) {
        guard var record = records[view.name] else { return }
        if view.isCountedAsView {
            record.viewCount = max(0, record.viewCount - 1)
        }
        record.resumeCount = max(0, record.resumeCount - view.countedResumes)
        records[view.name] = record.viewCount == 0 && record.resumeCount == 0 && record.stayTime == 0 ? nil : record
    }

    /// Whether `view` should be active now: not being popped interactively, the application of its window (the one
    /// its screen appeared in) in the foreground, and no sheet on screen above it where the screen is on screen (for
    /// a screen on its way out with a dismissal or a new root, as there was before: see
    /// ``_StatisticsView/isCoveredBySheet``, which this updates).
    ///
    /// - Parameter coverage: Answers for the sheets, shared by the views of one refresh.
    func _isActive(_ view: inout _StatisticsView, coverage: inout _SheetCoverage) -> Bool {
        guard let screen = view.screen, let window = view.window else { return false }
        switch coverage.coverage(of: screen) {
        case .covered: view.isCoveredBySheet = true
        case .uncovered: view.isCoveredBySheet = false
        case .leaving, nil: break
        }
        return !view.isInteractivelyPaused && window.applicationState == .active && !view.isCoveredBySheet
    }

    /// Pauses and resumes the views in progress to match the state of their screens, and drops the views of
    /// screens or windows that no longer exist.
    func _refresh(at now: Double) {
        var coverage = _SheetCoverage()
        for key in Array(_views.keys) {
            guard var view = _views[key] else { continue }
            guard let screen = view.screen, view.window != nil else {
                // The screen or its window went away without a call that ended the view (a window ends its views when
                // it goes away, see `_attachedWindowWentAway`): it ends now.
                _endView(key, at: now)
                continue
            }
            let isActive: Bool
            if !view.hasBeenActive, let batch = view.sheetsComingWith {
                // It started behind a sheet that came on screen with its screen (see `_startViewIfCounted`): it stays
                // behind it while it still appears. Other views are paused by a sheet from its viewDidAppear on.
                var comingCoverage = _SheetCoverage(sheetsComingWith: batch)
                isActive = _isActive(&view, coverage: &comingCoverage)
            } else {
                isActive = _isActive(&view, coverage: &coverage)
            }
            if !isActive {
                view.interrupt(at: now)
            } else if view.pausesWhileItShowsChildren && !screen._shownChildren.isEmpty {
                view.pause(at: now)  // the content it gained counts instead
            } else {
                if view.activate(at: now) {
                    if _records[view.name, default: Record(name: view.name)]._countResume() {
                        view.countedResumes += 1
                    }
                    _markDirty()
                }
            }
            _views[key] = view
        }
    }
}
