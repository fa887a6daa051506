/// A clock and scheduler that move only when told to: deterministic stay times, leak checks and
/// timed transitions, in tests and demos.
///
/// ```swift
/// let time = VirtualTime()
/// time.schedule(after: 1.5) { print("checked at", time.now) }
/// time.advance(by: 2)   // prints "checked at 1.5"; time.now is now 2.0
/// ```
public final class VirtualTime: HostTime {
    private struct Entry {
        let due: Double
        let sequence: Int
        let action: () -> Void
        let handle: ScheduledAction
    }

    /// The current virtual time, in seconds.
    public private(set) var now: Double
    /// The actions waiting, earliest first (then in scheduling order), cancelled ones until a sweep.
    private var queue = _MinHeap<Entry> { ($0.due, $0.sequence) < ($1.due, $1.sequence) }
    /// The length of ``queue`` at which cancelled entries are swept out next: it doubles with what stays, so that
    /// sweeping costs a constant per scheduled action on average.
    private var sweepLength = 64
    private var nextSequence = 0

    /// Creates a clock that starts at `start` seconds.
    ///
    /// A start that is not finite counts as 0. The clock never goes past the largest finite `Double`: started there,
    /// it cannot move on, and no action scheduled after a delay ever runs.
    public init(start: Double = 0) {
        self.now = start.isFinite ? start : 0
    }

    /// The number of actions waiting to run.
    public var pendingCount: Int { queue.elements.filter { !$0.handle.isCancelled }.count }

    /// The number of entries kept, cancelled ones included (for tests).
    var _storedCount: Int { queue.elements.count }

    /// Runs `action` once, `delay` seconds from now (see ``HostTime/schedule(after:_:)``).
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> ScheduledAction {
        let handle = ScheduledAction()
        var due = now + max(0, delay)
        if delay > 0 && due == now {
            due = now.nextUp  // a delay below the clock's resolution at this time still comes after now
        }
        if queue.elements.count >= sweepLength {
            queue.removeAll { $0.handle.isCancelled }
            sweepLength = max(64, 2 * queue.elements.count)
        }
        queue.insert(Entry(due: due, sequence: nextSequence, action: action, handle: handle))
        nextSequence += 1
        return handle
    }

    /// Moves time forward by `seconds`, running every action that falls due, in due order (then scheduling order), each
    /// with ``now`` set to its due time.
    ///
    /// Actions scheduled by running actions run too if they fall due before the end: an action that schedules itself
    /// again every `p` seconds runs once per period, so a span of many periods takes as many runs (a confirmed leak's
    /// release watch, say, every 30 seconds); one that schedules itself again after no time (a delay of 0, a negative
    /// one or NaN) is always due, so this call never returns. Time never goes back: a negative, NaN or infinite
    /// `seconds` counts as 0 (the actions due now run), as negative and NaN delays do in ``schedule(after:_:)``, and
    /// the clock stops at the largest finite time. An action with an infinite delay never runs. An action may advance
    /// the clock itself: the actions that fall due then run inside its call, and the outer call carries on from the
    /// later time.
    public func advance(by seconds: Double) {
        // Capped: a clock at infinity would run an action that reschedules itself forever. Below infinity, an action
        // due at infinity never falls due.
        let end = min(now + (seconds.isFinite && seconds > 0 ? seconds : 0), .greatestFiniteMagnitude)
        while let next = queue.first, next.due <= end, let entry = queue.removeFirst() {
            // An action that advanced the clock itself (a nested call) already ran what fell due meanwhile.
            now = max(now, entry.due)
            if !entry.handle.isCancelled {
                entry.action()
            }
        }
        now = max(now, end)
    }

    /// Runs every action that is due now, without moving time.
    public func runDueActions() {
        advance(by: 0)
    }
}
