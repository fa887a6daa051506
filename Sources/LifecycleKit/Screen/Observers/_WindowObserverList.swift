import Synchronization

/// The observers attached to a window, in the order of *will* callbacks: higher priority first, then oldest first.
///
/// A class, so that its `deinit` keeps ``_LifecycleObservers/observedWindowCount`` right when a window with observers
/// goes away.
final class _WindowObserverList {
    /// The attached observers, in the order of *will* callbacks.
    ///
    /// Read on every lifecycle event of an observed window, so without the runtime's exclusivity check (about 80
    /// instructions per read): it is only changed by ``add(_:priority:)`` and ``remove(_:)``, whose accesses never
    /// overlap a read, and ``deliver(_:about:)`` iterates a copy.
    @exclusivity(unchecked) private(set) var entries: [_WindowObserver] = []
    /// The sequence number of the next attachment.
    private var nextSequence = 0

    /// Runs when the window goes away (it owns the list alone): the observers still attached that want to know are
    /// told (see ``_WindowEndObserver``).
    deinit {
        if !entries.isEmpty {
            _LifecycleObservers.observedWindowCount.subtract(1, ordering: .relaxed)
        }
        for entry in entries {
            (entry.observer as? any _WindowEndObserver)?._attachedWindowWentAway()
        }
    }

    /// Whether `observer` is attached.
    func contains(_ observer: any ScreenLifecycleObserver) -> Bool {
        entries.contains { $0.observer === observer }
    }

    /// Attaches `observer` with `priority`, unless it is attached already.
    ///
    /// - Returns: Whether it was attached now.
    func add(_ observer: any ScreenLifecycleObserver, priority: Int) -> Bool {
        guard !contains(observer) else { return false }
        if entries.isEmpty {
            _LifecycleObservers.observedWindowCount.add(1, ordering: .relaxed)
        }
        // After every entry of the same or a higher priority: equal priorities keep the order of attachment.
        let index = entries.firstIndex { $0.priority < priority } ?? entries.count
        entries.insert(_WindowObserver(observer: observer, priority: priority, sequence: nextSequence), at: index)
        nextSequence += 1
        return true
    }

    /// Detaches `observer`.
    ///
    /// - Returns: Whether it was attached.
    func remove(_ observer: any ScreenLifecycleObserver) -> Bool {
        guard let index = entries.firstIndex(where: { $0.observer === observer }) else { return false }
        entries.remove(at: index)
        if entries.isEmpty {
            _LifecycleObservers.observedWindowCount.subtract(1, ordering: .relaxed)
        }
        return true
    }

    /// Tells every attached observer about `event` of `screen`: *will* events in order, *did* events in reverse.
    ///
    /// Observers attached or detached meanwhile take effect from the next event.
    func deliver(_ event: _ObserverEvent, about screen: Screen) {
        // The copy keeps the observers alive while they run, whatever they attach or remove.
        let entries = self.entries
        guard !entries.isEmpty else { return }
        if event.isWill {
            for entry in entries {
                event.deliver(to: entry.observer, screen: screen)
            }
        } else {
            for entry in entries.reversed() {
                event.deliver(to: entry.observer, screen: screen)
            }
        }
    }
}
