@testable import HookKit

/// An object for a hook to capture, so that a test can tell whether the hook's closure is still alive.
final class CapturedByHook: Sendable {}

/// Registers `count` hooks one after another, each capturing an object of its own, and cancels each at once.
///
/// Returns the largest number of retired snapshots seen after a cancellation, and whether the last hook's object
/// is still alive (some snapshot that held the hook was kept).
func registerAndCancelHooks(
    _ count: Int = 1_000, register: (CapturedByHook) throws -> HookToken
) rethrows -> (largestBacklog: Int, lastCapturedIsAlive: Bool) {
    var largestBacklog = 0
    weak var lastCaptured: CapturedByHook?
    for _ in 0..<count {
        let object = CapturedByHook()
        lastCaptured = object
        try register(object).cancel()
        largestBacklog = max(largestBacklog, _SnapshotReclamation.shared.retiredCount)
    }
    return (largestBacklog, lastCaptured != nil)
}
