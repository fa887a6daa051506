/// One view of a counted screen in progress: from its `viewDidAppear` to its `viewWillDisappear`, with its
/// pauses.
struct _StatisticsView {
    /// The screen on screen.
    weak var screen: Screen?
    /// The window it is on screen in.
    weak var window: Window?
    /// The statistic name it counts under, fixed when the view started.
    let name: String
    /// The active time before ``activeSince``, in seconds.
    var activeTime: Double = 0
    /// When the current active stretch began; `nil` while the view is paused.
    var activeSince: Double?
    /// Whether the view was interrupted while it was active, so that becoming active again is a resume.
    ///
    /// Interruptions are a sheet above it, the background and an interactive pop; a pause while its screen shows
    /// children is not one, and an interruption that comes during such a pause is its children's to resume from.
    var wasInterrupted = false
    /// Whether the view pauses while its screen shows children: a screen counted as a leaf (by the default rule, with
    /// no switch for it or its type), so that the content it gains is not counted twice with it.
    let pausesWhileItShowsChildren: Bool
    /// Paused because the screen is being popped by an interactive pop that has not ended.
    var isInteractivelyPaused = false
    /// Whether a sheet is on screen above the screen, as the last refresh found it (see ``_SheetCoverage``).
    ///
    /// A dismissal or a new root unlinks the chain when it is requested, while the screens it takes away are still on
    /// screen until their `viewWillDisappear` ends their views: such a view keeps the coverage it had, so that a screen
    /// the user does not see again (under a sheet that leaves with it) neither resumes nor gains time meanwhile.
    var isCoveredBySheet = false
    /// Whether the view has been active at all: one that starts paused (under a sheet that comes with its screen, or
    /// in the background) has not, until its first active stretch.
    var hasBeenActive = false
    /// The transition that brought the screen on screen with a sheet above it that comes in the same transition,
    /// when only that sheet covered the view at its start: while the sheet still appears, it keeps the view paused
    /// (see ``ScreenStatistics/_refresh(at:)``); `nil` otherwise, and once the transition is gone.
    weak var sheetsComingWith: _AppearanceBatch?
    /// Whether the records count this view's start as a view (not after a reset made during the view).
    var isCountedAsView = true
    /// The resumes of this view the records count.
    var countedResumes = 0

    /// The view's active time at `now`, in seconds.
    func activeTime(at now: Double) -> Double {
        activeTime + (activeSince.map { max(0, now - $0) } ?? 0)
    }

    /// Ends the current active stretch at `now`, if any.
    mutating func pause(at now: Double) {
        guard let since = activeSince else { return }
        activeTime += max(0, now - since)
        activeSince = nil
    }

    /// Ends the current active stretch at `now`, if any, for an interruption: if the view was active, its next active
    /// stretch is a resume.
    mutating func interrupt(at now: Double) {
        if activeSince != nil {
            wasInterrupted = true
        }
        pause(at: now)
    }

    /// Starts an active stretch at `now`.
    ///
    /// - Returns: Whether it is a resume (the view was interrupted while it was active, see ``interrupt(at:)``).
    mutating func activate(at now: Double) -> Bool {
        guard activeSince == nil else { return false }
        activeSince = now
        hasBeenActive = true
        defer { wasInterrupted = false }
        return wasInterrupted
    }
}
