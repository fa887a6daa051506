import Foundation

/// Finds screens that stay alive after they left the hierarchy: MLeaksFinder-style leak detection.
///
/// Create a detector with a clock and attach it to the windows to watch (it is a ``ScreenLifecycleObserver`` of
/// theirs):
///
/// ```swift
/// let detector = LeakDetector(time: time)   // on in debug builds, off in release builds
/// detector.attach(to: window)
/// try navigation.pop(animated: true)
/// // 1.5 s later, if the popped screen is still alive and detached, one line on standard error:
/// // warning: LeakDetector: suspected leak: ProductScreen "Shoes" [Product] removed by pop at 2.000 s, …
/// ```
///
/// **What is tracked.** A screen that leaves a watched window's hierarchy through `pop`, `popTo`, `popToRoot`,
/// `setViewControllers`, a finished interactive pop, `dismiss` (with what it presented), `removeFromParent` or a
/// replacement of the window's root, unless it is excluded (see ``Configuration``). The detector holds it weakly, with
/// the screens it holds (its children and what they present, what it still presents itself, and a navigation
/// controller's screen that an interactive pop in progress took out of its stack, which a cancel brings back): a child
/// that outlives its removed container, or a screen presented over the current context of a popped screen (which stays
/// presented by it, as in UIKit, and so does not leave on its own), is checked once that screen is gone, starting then
/// (its reports carry that screen's reason and removal time, so `reportedAt` may come much later than `removedAt` plus
/// the grace period). A screen taken out of a container that already left the window (a child removed from a popped
/// container) left no watched hierarchy and is tracked only as the container's. A screen that leaves again is tracked
/// again, from its new removal. Screens that go away with their window, without leaving its hierarchy, are not tracked.
/// An excluded screen that holds screens that are not excluded is tracked too, never reported, on the same schedule
/// and then at the release watch's interval (without one, it is forgotten at its last check), to notice its release:
/// what it held is then checked in its place, as for any container. Checked again (opted back in), it is a suspect from
/// its next check; holding no checked screen any more, it is forgotten there.
///
/// **Checks.** With the default ``Configuration``:
/// - 1.5 s after it left, a screen still alive and still detached (no parent, not presented, not the
///   root of a window) is reported as ``LeakReport/Kind/suspected``;
/// - it is checked again 3 s, then 6 s later; still alive and detached at the last check, it is
///   reported as ``LeakReport/Kind/confirmed``;
/// - a reported screen that is released is reported as ``LeakReport/Kind/releasedLate`` at the next
///   check (a confirmed one is checked every 30 s to notice it; a configuration without a release watch, or with
///   an infinite delay, forgets the screen there, and its release goes unreported);
/// - a screen attached again (to a parent, a presenter or a window) is dropped when it joins, without a
///   report, and so is one that is released before its first check.
///
/// Checks run on the detector's ``HostTime`` scheduler: with ``VirtualTime`` they run exactly when time
/// is advanced past them. One scheduled action serves every tracked screen, and an entry goes away when
/// its screen is attached again, or at its next check once it is released, so the detector's memory is bounded
/// by the screens actually kept alive plus the screens removed within the last grace period.
///
/// Detection is on by default in debug builds only (``isEnabledByDefault``) and can be switched with
/// ``isEnabled``. A detector belongs to the thread that drives its windows.
public final class LeakDetector {
    /// Whether detectors are on when created without saying: `true` in debug builds, `false` in release builds.
    public static var isEnabledByDefault: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// The clock that dates removals and reports, and the scheduler of the checks.
    public let time: any HostTime

    /// When screens are checked and which ones; changes apply from the next removal or check.
    ///
    /// A screen that has already had as many checks as the new delays give (its back-off shortened after it was
    /// suspected) is confirmed at its next check, which was scheduled with the old delays.
    public var configuration: Configuration

    /// Whether the detector tracks removed screens; switching it off forgets every tracked screen.
    public var isEnabled: Bool {
        didSet {
            if !isEnabled { _stopTracking() }
        }
    }

    /// Receives the reports.
    let _handler: (LeakReport) -> Void
    /// The tracked screens, by identity.
    var _entries: [ObjectIdentifier: _LeakEntry] = [:]
    /// The tracked screens that were released and whose address a newer tracked screen took before their next check,
    /// by the identity of their entry: they are checked (and a late release reported) when that check is due, as if
    /// the address had not been reused.
    var _releasedEntries: [ObjectIdentifier: _LeakEntry] = [:]
    /// The pending checks.
    var _queue = _LeakCheckQueue()
    /// The next sequence number of a check.
    var _nextSequence = 0
    /// The scheduled action that runs the earliest check, and its due time.
    var _timer: (action: ScheduledAction, due: Double)?
    /// The detector itself while it tracks screens, so that it checks them even when nothing else holds it (its
    /// window went away, or it was detached); `nil` once it tracks none, when it goes if nothing else holds it. (The
    /// scheduled action holds it weakly: a stale action, which the scheduler may keep until its due time, keeps
    /// nothing alive.)
    var _selfWhileTracking: LeakDetector?

    /// Creates a detector.
    ///
    /// - Parameters:
    ///   - time: The clock and scheduler; ``SystemTime`` by default, ``VirtualTime`` in tests.
    ///   - configuration: When to check, and which screens.
    ///   - isEnabled: Whether to track removed screens; on in debug builds only by default.
    ///   - handler: Receives each report; by default prints it as one warning line to standard error
    ///     (``printWarning(_:)``).
    public init(
        time: any HostTime = SystemTime(), configuration: Configuration = Configuration(),
        isEnabled: Bool = LeakDetector.isEnabledByDefault,
        handler: @escaping (LeakReport) -> Void = LeakDetector.printWarning
    ) {
        self.time = time
        self.configuration = configuration
        self.isEnabled = isEnabled
        self._handler = handler
    }

    /// Prints `report` as one warning line to standard error: the default handler.
    ///
    /// A line that cannot be written (standard error full or closed) is dropped; the program goes on (unless standard
    /// error is a pipe whose reader went away and the process keeps the default SIGPIPE action, which ends it).
    public static func printWarning(_ report: LeakReport) {
        try? FileHandle.standardError.write(contentsOf: Data("warning: LeakDetector: \(report)\n".utf8))
    }

    /// Starts tracking the screens that leave `window`'s hierarchy; attaching twice does nothing.
    ///
    /// The window keeps the detector alive while it is attached, and the detector keeps itself alive while it tracks
    /// screens: a detector held by nothing else goes once it is detached (or its window is gone) and tracks none.
    public func attach(to window: Window) {
        window.addObserver(self)
    }

    /// Stops tracking the screens that leave `window`'s hierarchy; the screens already tracked are still checked.
    public func detach(from window: Window) {
        window.removeObserver(self)
    }

    /// The number of screens being tracked: removed, not attached again since, and not yet found released or
    /// forgotten at a check (a screen released since its last check counts until its next one), including the
    /// excluded screens tracked for the screens they hold.
    public var trackedScreenCount: Int { _entries.count + _releasedEntries.count }

    /// Whether `screen` is being tracked.
    public func isTracking(_ screen: Screen) -> Bool {
        _entries[ObjectIdentifier(screen)]?.screen === screen
    }
}
