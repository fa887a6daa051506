import Foundation

/// Per-screen view statistics: how often each screen was viewed and resumed, and how long it stayed on screen.
///
/// Create a recorder with a clock and, to keep the numbers across launches, a file; attach it to the
/// windows to observe (it is a ``ScreenLifecycleObserver`` of theirs):
///
/// ```swift
/// let statistics = ScreenStatistics(fileURL: supportDirectory.appendingPathComponent("stats.json"), time: time)
/// statistics.attach(to: window)
/// // … the user navigates …
/// print(statistics.report(top: 3))
/// // [ProductDetail: stayed 1.250 (mins), viewed 3, resumed 1]
/// // [Home: stayed 0.500 (mins), viewed 2, resumed 0]
/// ```
///
/// It replaces RRViewControllerExtension's page statistics and fixes what their users run into.
///
/// **Which screens count.** Each screen counts under its ``Screen/statisticName``; screens with the
/// same name share one ``Record``. By default leaf screens (no children when their view starts) are
/// counted, and containers (``NavigationController`` and custom containers) and the
/// ``Configuration/excludedTypes`` are not, so content is never counted twice with its container.
/// Per-type switches (``Configuration/setEnabled(_:for:)``) and the per-screen
/// ``Screen/isStatisticsEnabled`` override these rules. The decision is made when a view starts: a
/// screen with children then is not counted in that view, even if it loses them. A leaf that gains a
/// child while it is on screen pauses its view while it shows children (its
/// ``Screen/childrenForAppearanceForwarding``: its content counts instead, under the content's own
/// rules), and the view goes on, without a resume, once it shows none. A sheet, the background or an
/// interactive pop that comes during that pause is its content's to resume from. A screen switched on
/// counts whether or not it has children.
///
/// **Views.** A view starts at `viewDidAppear` and ends at `viewWillDisappear`; its active time is
/// added to the stay time when it ends. A `viewDidAppear` that the host sends only to balance a
/// `viewWillAppear`, because the screen must disappear before its appearance completed (see "Balanced calls"
/// in <doc:TheNavigationHost>; UIKit sends none there), starts no view. A view is *paused*, and its paused time
/// not counted, while:
/// - a presentation that does not cover its presenter (a sheet, ``ModalPresentationStyle/overFullScreen``)
///   is on screen above it: the presenter gets no disappear call, so its view is paused when the
///   presentation's `viewDidAppear` runs and resumed when the presentation's `viewWillDisappear` runs (unless the
///   presentation disappears without leaving, because a full-screen presentation above it takes the screens below
///   too; a view that starts while such a sheet comes back on screen with its screen starts paused);
/// - the window's application is in the background (``Window/enterBackground()`` to
///   ``Window/enterForeground()``);
/// - the screen is being popped by an interactive pop: its view is paused at the gesture's
///   `viewWillDisappear`; a cancelled pop resumes it (the revealed screen never reached `viewDidAppear`,
///   so it gets no view), a finished pop ends it and the revealed screen starts a new view;
/// - the screen is a sheet being swiped down (``Screen/beginInteractiveDismissal(completion:)``), or inside one: its
///   view is paused at the swipe's `viewWillDisappear`, and the presenter stays paused under it; a cancelled swipe
///   resumes it, a finished one ends it (and the presenter resumes).
///
/// A paused view that becomes active again counts as a *resume* (``Record/resumeCount``), never as a
/// new view (``Record/viewCount``): once when a sheet and the background paused it together, and not
/// at all when it started paused (its screen appeared under a sheet, or in the background). A
/// covering presentation (``ModalPresentationStyle/fullScreen``,
/// ``ModalPresentationStyle/currentContext``) makes the presenter disappear, which ends its view, and
/// the presenter's `viewDidAppear` after the dismissal starts a new one, as UIKit reports. A single
/// view whose active time exceeds ``Configuration/maximumViewDuration`` (24 hours by default) is
/// discarded: it counts for nothing (no view, no resumes, no time), and the handler is told. A view
/// in progress keeps the name it started with. Reports include the active time of views in progress.
///
/// **Persistence.** With a file, the recorder reads it once when created and writes it as pretty-printed JSON with a
/// format version (see ``exportJSON()``). Writes are atomic (a temporary file in the same directory, given the file's
/// permissions, synced, then renamed over the file) and batched: a change schedules one write
/// ``Configuration/flushDelay`` seconds later on the recorder's ``HostTime``; the recorder also writes when a window
/// enters the background, when it is detached or a window goes away, and on ``flush()``. A file that cannot be read, is
/// not valid, or was written by a newer version is reported to the handler with a ``StatisticsStoreError``, renamed
/// aside with a timestamp (`stats.json.corrupt-20250102T030405Z`; a name too long for that is cut to fit), and counting
/// starts fresh; the next write creates a new file and never touches the one set aside. Anything other than a regular
/// file at the file's path (a directory, a FIFO, a device, a socket) is reported and left alone: the recorder then
/// counts in memory only. What was written is never lost: a crash loses only what changed since the last write. (A view
/// in progress is written with the time it has so far; if it then runs past ``Configuration/maximumViewDuration``, the
/// next write takes it out again, as the limit says.)
///
/// The time of views comes from the recorder's ``HostTime``: with ``VirtualTime`` every number is exact.
///
/// A recorder belongs to the thread that drives its windows, like the windows themselves. Tests create
/// one per test.
public final class ScreenStatistics {
    /// The JSON file the statistics are kept in; `nil` keeps them in memory only.
    public let fileURL: URL?

    /// The clock that times views and the scheduler of batched writes.
    public let time: any HostTime

    /// How the recorder counts and saves; changes apply from the next view or write.
    public var configuration: Configuration

    /// Receives persistence failures and discarded views.
    let _handler: (Event) -> Void

    /// The records of ended views (and the counts of views in progress), by statistic name.
    var _records: [String: Record] = [:]
    /// The views in progress, by screen.
    var _views: [ObjectIdentifier: _StatisticsView] = [:]
    /// The windows the recorder is attached to.
    var _windows: [_Weak<Window>] = []
    /// Whether the records changed since the last write.
    var _isDirty = false
    /// The scheduled batched write, if any.
    var _pendingFlush: ScheduledAction?
    /// When the scheduled batched write is due, on ``time``.
    var _pendingFlushDue = 0.0
    /// Set when a bad file could not be moved aside: the recorder then never writes to ``fileURL``.
    var _blockingError: StatisticsStoreError?

    /// Creates a recorder, reading `fileURL` if it exists.
    ///
    /// A file that cannot be read or is not valid is moved aside and reported to `handler` before this
    /// initializer returns. A URL that is not a file URL (`https:`), or whose path names something other than a
    /// regular file (a directory, such as a folder passed instead of the file inside it, a FIFO, a device or a
    /// socket), is reported as
    /// ``StatisticsStoreError/Code-swift.struct/unreadable``, and the statistics stay in memory: nothing is read,
    /// moved or written there, not even a local file at the same path as a URL that is not a file URL.
    ///
    /// A file belongs to one recorder: each write replaces the whole file with the recorder's counts (atomically, so
    /// that a reader never sees half of one), so two recorders of the same file replace each other's counts, the last
    /// write winning. A write creates the folders missing on the file's path.
    ///
    /// - Parameters:
    ///   - fileURL: The JSON file to keep the statistics in; `nil` (the default) for memory only.
    ///   - time: The clock and scheduler; ``SystemTime`` by default, ``VirtualTime`` in tests.
    ///   - configuration: How to count and save.
    ///   - handler: Receives persistence failures and discarded views; by default each is printed as
    ///     one warning line to standard error (``printWarning(_:)``).
    public init(
        fileURL: URL? = nil, time: any HostTime = SystemTime(), configuration: Configuration = Configuration(),
        handler: @escaping (Event) -> Void = ScreenStatistics.printWarning
    ) {
        self.fileURL = fileURL
        self.time = time
        self.configuration = configuration
        self._handler = handler
        if let fileURL {
            if fileURL.isFileURL {
                _load(from: fileURL)
            } else {
                // Its path could name an unrelated local file, which setting a bad file aside would rename.
                let error = StatisticsStoreError(
                    .unreadable,
                    "\(fileURL.absoluteString) is not a file URL; statistics stay in memory and nothing is written",
                    fileURL: fileURL)
                _blockingError = error
                _handler(.storeFailed(error))
            }
        }
    }

    /// Prints `event` as one warning line to standard error: the default handler.
    ///
    /// A line that cannot be written (standard error full or closed) is dropped; the program goes on (unless standard
    /// error is a pipe whose reader went away and the process keeps the default SIGPIPE action, which ends it).
    public static func printWarning(_ event: Event) {
        try? FileHandle.standardError.write(contentsOf: Data("warning: ScreenStatistics: \(event)\n".utf8))
    }

    // MARK: - Attaching

    /// Starts counting the screens of `window`.
    ///
    /// The counted screens already on screen start a view now. Attaching twice does nothing. The window
    /// keeps the recorder alive while it is attached.
    public func attach(to window: Window) {
        guard window.addObserver(self) else { return }
        _windows.removeAll { $0.object == nil }
        _windows.append(_Weak(window))
        let now = time.now
        for screen in window._appearedScreens {
            _startViewIfCounted(screen, in: window, at: now, behindSheetsComingIn: nil)
        }
        _refresh(at: now)
    }

    /// Stops counting the screens of `window`: their views in progress end now, and the file is written.
    ///
    /// A view belongs to the window its screen appeared in, which reports its pauses and its end (see
    /// <doc:WritingALifecycleObserver>), even when another window took the screen meanwhile without it leaving the
    /// screen: detaching that window ends the view.
    ///
    /// Detaching a window the recorder is not attached to does nothing. A window that goes away (is deinitialized)
    /// while the recorder is attached is detached then, in the same way: its views end when it goes.
    public func detach(from window: Window) {
        guard window.removeObserver(self) else { return }
        _endViews(of: window)
    }

    /// Ends now the views of `window` and of the windows that went away (deinitialized while the recorder was
    /// attached: `window` is `nil` when one just did), forgets those windows, and writes the file.
    func _endViews(of window: Window?) {
        _windows.removeAll { $0.object == nil || $0.object === window }
        let now = time.now
        for (key, view) in _views where view.window == nil || view.window === window {
            _endView(key, at: now)
        }
        _flushReportingErrors()
    }

    // MARK: - Reading

    /// Every record, in name order, including the active time of the views in progress.
    public var records: [Record] {
        _snapshot().values.sorted { $0.name < $1.name }
    }

    /// The record of `name`, including the active time of its views in progress; `nil` if it has none.
    public func record(named name: String) -> Record? {
        _snapshot()[name]
    }

    /// The `count` records with the longest stay time, longest first; ties in name order.
    public func topRecords(_ count: Int) -> [Record] {
        let sorted = _snapshot().values.sorted { lhs, rhs in
            lhs.stayTime != rhs.stayTime ? lhs.stayTime > rhs.stayTime : lhs.name < rhs.name
        }
        return Array(sorted.prefix(max(0, count)))
    }

    /// The `count` records with the longest stay time, one line each (``Record/description``), longest first.
    ///
    /// ```swift
    /// print(statistics.report(top: 2))
    /// // [ProductDetail: stayed 1.250 (mins), viewed 3, resumed 1]
    /// // [Home: stayed 0.500 (mins), viewed 2, resumed 0]
    /// ```
    ///
    /// - Returns: The lines joined by newlines, without a final one; empty when `count` is 0 or there are no
    ///   records.
    public func report(top count: Int) -> String {
        topRecords(count).map(\.description).joined(separator: "\n")
    }

    /// Every record as JSON: the same document the file holds, pretty-printed with sorted keys.
    ///
    /// ```json
    /// {
    ///   "formatVersion" : 1,
    ///   "screens" : [
    ///     {
    ///       "name" : "ProductDetail",
    ///       "resumeCount" : 1,
    ///       "stayTime" : 75,
    ///       "viewCount" : 3
    ///     }
    ///   ]
    /// }
    /// ```
    ///
    /// `stayTime` is in seconds. Records are in name order.
    public func exportJSON() -> String {
        String(decoding: _StatisticsFile(records: _snapshot()).encoded(), as: UTF8.self)
    }

    // MARK: - Changing

    /// Forgets every record; the views in progress go on, counting from now.
    ///
    /// Their time from now on counts, but they do not count as views again: a record can read "viewed 0" with a stay
    /// time until its screen's next view starts.
    ///
    /// The file is rewritten (empty) by the next write, as for any change.
    public func reset() {
        _records = [:]
        let now = time.now
        for key in Array(_views.keys) {
            guard var view = _views[key] else { continue }
            view.activeTime = 0
            view.isCountedAsView = false
            view.countedResumes = 0
            if view.activeSince != nil {
                view.activeSince = now
            }
            _views[key] = view
        }
        _markDirty()
    }

    /// Writes the statistics to ``fileURL`` now, atomically, including the active time of the views in
    /// progress; does nothing without a file.
    ///
    /// A scheduled batched write is cancelled: this one replaces it.
    ///
    /// - Throws: ``StatisticsStoreError`` with ``StatisticsStoreError/Code-swift.struct/writeFailed`` when
    ///   the file cannot be written (the counts stay in memory); or, writing nothing, the error the recorder reported
    ///   when it was created for a file it does not use: ``StatisticsStoreError/Code-swift.struct/moveAsideFailed``
    ///   when a bad file could not be moved aside (the recorder does not overwrite it), or
    ///   ``StatisticsStoreError/Code-swift.struct/unreadable`` for a URL that names no file the recorder may use (a
    ///   directory, say).
    public func flush() throws(StatisticsStoreError) {
        _pendingFlush?.cancel()
        _pendingFlush = nil
        guard let fileURL else { return }
        if let blockingError = _blockingError {
            throw blockingError
        }
        try _writeAtomically(_StatisticsFile(records: _snapshot()).encoded(), to: fileURL)
        _isDirty = false
    }

    // MARK: - Internals

    /// The records with the active time of the views in progress added (views already longer than the limit
    /// left out altogether, as they will be discarded).
    func _snapshot() -> [String: Record] {
        var records = _records
        let now = time.now
        for view in _views.values where view.screen != nil {
            let duration = view.activeTime(at: now)
            if configuration._discardsView(lasting: duration) {
                _withdraw(view, from: &records)
            } else {
                records[view.name, default: Record(name: view.name)]._addStayTime(duration)
            }
        }
        return records
    }

    /// Notes a change, and schedules a batched write unless one is due as soon (a pending write scheduled with a longer
    /// ``Configuration/flushDelay`` than the current one is brought forward).
    func _markDirty() {
        _isDirty = true
        guard fileURL != nil, _blockingError == nil else { return }
        let delay = configuration.flushDelay > 0 ? configuration.flushDelay : 0
        guard delay.isFinite else { return }  // written only when asked
        let due = time.now + delay
        if let pending = _pendingFlush {
            guard due < _pendingFlushDue else { return }
            pending.cancel()
        }
        _pendingFlushDue = due
        _pendingFlush = time.schedule(after: delay) { [weak self] in
            guard let self else { return }
            self._pendingFlush = nil
            self._flushReportingErrors()
        }
    }

    /// Writes the file if anything changed or views are in progress, telling the handler about a failure (a
    /// blocked file was reported when it was read, and is not reported again).
    func _flushReportingErrors() {
        guard fileURL != nil, _blockingError == nil, _isDirty || !_views.isEmpty else { return }
        do {
            try flush()
        } catch {
            _handler(.storeFailed(error))
        }
    }
}
