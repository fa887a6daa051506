/// A removed screen a leak detector watches, weakly, with what it knew when the screen left.
final class _LeakEntry {
    /// The screen; `nil` once it was released.
    weak var screen: Screen?
    /// The screen's identity, under which the detector tracks the entry.
    let key: ObjectIdentifier
    let typeName: String
    let title: String?
    let statisticName: String
    let reason: LeaveReason
    let removedAt: Double
    /// The screens it held when it left (children, what they present and what it still presents), checked once it
    /// is released.
    let held: [_Weak<Screen>]
    /// The number of checks done.
    var checks = 0
    /// Whether a report named it, so that its release is a late one.
    var isReported = false
    /// Whether it was reported as confirmed (checks after that only watch for its release).
    var isConfirmed = false
    /// Whether the screen is excluded and tracked only for the checked screens it holds: never reported, watched
    /// for its release.
    var isCarrier = false
    /// Whether the detector still tracks it.
    var isTracked = true
    /// The sequence number of its pending check in the queue; older queue items for it are stale.
    var checkSequence = 0
    /// The detector that tracks it, which forgets it when the screen joins a hierarchy again.
    weak var detector: LeakDetector?

    init(screen: Screen, reason: LeaveReason, removedAt: Double) {
        self.screen = screen
        key = ObjectIdentifier(screen)
        typeName = String(describing: type(of: screen))
        title = screen.title
        statisticName = screen.statisticName
        self.reason = reason
        self.removedAt = removedAt
        held = screen._heldScreens.map(_Weak.init)
    }

    /// A report of `kind` made at `now`.
    func report(_ kind: LeakReport.Kind, at now: Double) -> LeakReport {
        LeakReport(
            kind: kind, typeName: typeName, title: title, statisticName: statisticName, reason: reason,
            removedAt: removedAt, reportedAt: now)
    }
}
