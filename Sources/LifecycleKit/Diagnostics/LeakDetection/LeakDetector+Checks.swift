/// Tracking removed screens and checking them, as a lifecycle observer attached to the watched windows.
extension LeakDetector: ScreenLifecycleObserver {
    /// Tracks a screen that left the hierarchy, unless it is excluded and holds no screen that is not.
    public func screenDidLeaveHierarchy(_ screen: Screen, reason: LeaveReason, window: Window?) {
        // An infinite grace period is a check that never comes: nothing to track (kept, the entries would only grow).
        let gracePeriod = _delay(at: 0)
        guard isEnabled, gracePeriod.isFinite else { return }
        let now = time.now
        _trackIfChecked(screen, reason: reason, removedAt: now, firstCheckAt: now + gracePeriod)
        _scheduleTimer()
    }

    /// Tracks `screen`, which left the hierarchy: as a suspect if it is checked, or, if it is excluded but holds
    /// screens that are not, only to notice its release, when those screens are checked in its place (an excluded
    /// container does not hide a leak of its content once it is gone itself).
    func _trackIfChecked(_ screen: Screen, reason: LeaveReason, removedAt: Double, firstCheckAt due: Double) {
        let entry = _LeakEntry(screen: screen, reason: reason, removedAt: removedAt)
        if !_isChecked(screen) {
            guard _holdsCheckedScreens(entry) else { return }
            entry.isCarrier = true
        }
        _track(entry, firstCheckAt: due)
    }

    /// Whether a screen `entry`'s screen held when it left is alive and checked: what a carrier is tracked for.
    func _holdsCheckedScreens(_ entry: _LeakEntry) -> Bool {
        entry.held.contains { $0.object.map(_isChecked) == true }
    }

    /// Whether `screen` is checked (see ``Configuration``).
    func _isChecked(_ screen: Screen) -> Bool {
        if let enabled = screen.isLeakDetectionEnabled { return enabled }
        let type = type(of: screen)
        if let enabled = configuration.isEnabled(for: type) { return enabled }
        return !configuration.excludedTypes.matches(type)
    }

    /// The delay before check number `index` (0 is the grace period), then the release-watch interval (at least
    /// ``_minimumReleaseWatchInterval``); negative and NaN delays count as 0.
    func _delay(at index: Int) -> Double {
        let delays = configuration._checkDelays
        if index >= delays.count, let interval = configuration.releaseWatchInterval, interval > 0 {
            return max(interval, Self._minimumReleaseWatchInterval)
        }
        let delay = index < delays.count ? delays[index] : 0
        return delay >= 0 ? delay : 0
    }

    /// The shortest release-watch interval: a smaller positive one counts as this, since the watch repeats until the
    /// screen is released, and a span of virtual time takes one check per interval.
    static let _minimumReleaseWatchInterval = 0.001

    /// `now + delay`, or the next representable time after `now` when the clock is so large that adding a positive
    /// delay changes nothing (a time of 10^18 absorbs 30 seconds): a repeating check must never fall due again at
    /// the time it runs, which would run it forever.
    static func _checkTime(after now: Double, delay: Double) -> Double {
        let due = now + delay
        return delay > 0 && due <= now ? now.nextUp : due
    }

    /// Whether confirmed screens are watched for a late release (an interval that is not positive stops it).
    var _watchesReleases: Bool {
        (configuration.releaseWatchInterval ?? 0) > 0
    }

    /// Tracks `entry`'s screen, replacing an earlier entry for it; the caller schedules the timer.
    func _track(_ entry: _LeakEntry, firstCheckAt due: Double) {
        let key = entry.key
        if let old = _entries[key] {
            if old.screen == nil {
                // A released screen whose address was reused: its next check reports it, when it would have without
                // the reuse, so that what is reported and when never depends on the allocator.
                _releasedEntries[ObjectIdentifier(old)] = old
            } else {
                _forget(old)
            }
        }
        _entries[key] = entry
        _selfWhileTracking = self
        entry.detector = self
        if let screen = entry.screen {
            screen._diagnostics.leakEntries.removeAll { $0.object?.isTracked != true }
            screen._diagnostics.leakEntries.append(_Weak(entry))
        }
        _enqueue(entry, due: due)
        _scheduleTimer()
    }

    /// Queues the next check of `entry`.
    func _enqueue(_ entry: _LeakEntry, due: Double) {
        entry.checkSequence = _nextSequence
        _queue.insert(_LeakCheckQueue.Item(due: due, sequence: _nextSequence, entry: entry))
        _nextSequence += 1
    }

    /// Stops tracking `entry`; when nothing is tracked any more, drops the queue's stale checks.
    ///
    /// The timer stays: it fires once and finds nothing to do, or serves the next tracked screen.
    /// Cancelling it would leave a dead action in the scheduler for each screen that comes and goes.
    func _forget(_ entry: _LeakEntry) {
        entry.isTracked = false
        if _entries[entry.key] === entry {
            _entries[entry.key] = nil
        } else {
            _releasedEntries[ObjectIdentifier(entry)] = nil
        }
        if _entries.isEmpty && _releasedEntries.isEmpty {
            _queue.removeAll()
            _selfWhileTracking = nil
        }
    }

    /// Forgets every tracked screen, the queue and the timer (when the detector is switched off).
    func _stopTracking() {
        for entry in _entries.values {
            entry.isTracked = false
        }
        for entry in _releasedEntries.values {
            entry.isTracked = false
        }
        _entries = [:]
        _releasedEntries = [:]
        _queue.removeAll()
        _timer?.action.cancel()
        _timer = nil
        _selfWhileTracking = nil
    }

    /// Schedules the timer for the earliest pending check, unless it is already scheduled early enough.
    func _scheduleTimer() {
        guard let next = _queue.firstDue else {
            _timer?.action.cancel()
            _timer = nil
            return
        }
        if let timer = _timer, timer.due <= next { return }
        _timer?.action.cancel()
        let action = time.schedule(after: max(0, next - time.now)) { [weak self] in
            self?._runDueChecks()
        }
        _timer = (action, next)
    }

    /// Runs every check that is due, then schedules the timer for the next one.
    func _runDueChecks() {
        _timer = nil
        let now = time.now
        while let item = _queue.removeFirst(dueBy: now) {
            let entry = item.entry
            guard entry.isTracked, entry.checkSequence == item.sequence else { continue }
            _check(entry, at: now)
        }
        _scheduleTimer()
    }

    /// Checks `entry` at `now`: reports it, drops it, or schedules its next check.
    func _check(_ entry: _LeakEntry, at now: Double) {
        guard let screen = entry.screen else {
            _release(entry, at: now)
            return
        }
        guard isEnabled, screen._isDetached, entry.isCarrier || _isChecked(screen) else {
            // Opted out since it left, or the detector was switched off: not checked. (A screen attached again was
            // forgotten as it joined.) An opted-out screen that holds checked screens is still watched for them.
            _forget(entry)
            if isEnabled && screen._isDetached {
                _trackIfChecked(screen, reason: entry.reason, removedAt: entry.removedAt, firstCheckAt: now)
            }
            return
        }
        if entry.isCarrier && _isChecked(screen) {
            // Checked again since it left (opted back in, or its type no longer excluded): a suspect from now on,
            // this check its first.
            entry.isCarrier = false
            entry.checks = 0
        } else if entry.isCarrier && !_holdsCheckedScreens(entry) {
            // Nothing left to carry: what it held was released, or is excluded now.
            _forget(entry)
            return
        }
        entry.checks += 1
        let checkCount = configuration._checkDelays.count
        // A carrier is never reported: it is only watched for its release, on the same schedule.
        if !entry.isCarrier {
            if entry.checks == 1 && checkCount > 1 {
                _report(entry, .suspected, at: now)
            } else if entry.checks >= checkCount && !entry.isConfirmed {
                // `>=`: the configuration may have lost back-off delays since the screen was suspected.
                entry.isConfirmed = true
                _report(entry, .confirmed, at: now)
            }
        }
        if !entry.isTracked {
            // The report's handler attached the screen again (which forgot it) or switched the detector off.
            return
        } else if entry.checks >= checkCount && !_watchesReleases || !_delay(at: entry.checks).isFinite {
            // Also when the next check would never come (an infinite delay): the screen is forgotten rather than kept.
            _forget(entry)
        } else {
            _enqueue(entry, due: Self._checkTime(after: now, delay: _delay(at: entry.checks)))
        }
    }

    /// Handles the release of `entry`'s screen: a late release if it was reported, then the screens it held
    /// that outlive it and are detached are tracked in its place, due now.
    func _release(_ entry: _LeakEntry, at now: Double) {
        _forget(entry)
        if entry.isReported {
            _handler(entry.report(.releasedLate, at: now))
        }
        guard isEnabled else { return }
        for held in entry.held {
            guard let screen = held.object, screen._isDetached, !isTracking(screen) else { continue }
            _trackIfChecked(screen, reason: entry.reason, removedAt: entry.removedAt, firstCheckAt: now)
        }
    }

    /// Sends a report of `kind` about `entry`.
    func _report(_ entry: _LeakEntry, _ kind: LeakReport.Kind, at now: Double) {
        entry.isReported = true
        _handler(entry.report(kind, at: now))
    }
}
