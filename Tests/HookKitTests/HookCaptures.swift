import Synchronization
import XCTest

@testable import HookKit

/// An object for a hook to capture, so that a test can tell whether the hook's closure is still alive.
final class CapturedByHook: Sendable {}

/// A hook registered by ``registerCapturing(_:)``, with a weak reference to the object its closure captured.
struct CapturingHook {
    /// The registration.
    let token: HookToken
    /// The captured object, until every closure that held it (the registration's, and every snapshot's) is released.
    weak var captured: CapturedByHook?
}

/// Registers a hook whose closure captures an object of its own: `register` receives the object and registers a
/// closure that captures it.
func registerCapturing(_ register: (CapturedByHook) throws -> HookToken) rethrows -> CapturingHook {
    let object = CapturedByHook()
    return CapturingHook(token: try register(object), captured: object)
}

/// Cancels `hook`, which no call uses, and checks that its closure is released by the time `cancel()` returns.
///
/// Also checks that the cancellation removed the hook and that no replaced snapshot is left waiting. For the XCTest
/// reclamation cases, which run alone.
func assertCancellingReleases(
    _ hook: CapturingHook, _ message: String, file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertNotNil(hook.captured, "the hook's closure was released before it was cancelled", file: file, line: line)
    XCTAssertTrue(hook.token.cancel(), file: file, line: line)
    XCTAssertNil(hook.captured, message, file: file, line: line)
    XCTAssertEqual(_SnapshotReclamation.shared.retiredCount, 0, file: file, line: line)
}

/// Registers `count` hooks one after another, each capturing an object of its own, and cancels each at once.
///
/// Returns the largest number of retired snapshots seen after a cancellation, and whether the last hook's object
/// is still alive (some snapshot that held the hook was kept).
func registerAndCancelHooks(
    _ count: Int = 1_000, register: (CapturedByHook) throws -> HookToken
) rethrows -> (largestBacklog: Int, lastCapturedIsAlive: Bool) {
    var largestBacklog = 0
    var last: CapturingHook?
    for _ in 0..<count {
        let hook = try registerCapturing(register)
        hook.token.cancel()
        largestBacklog = max(largestBacklog, _SnapshotReclamation.shared.retiredCount)
        last = hook
    }
    return (largestBacklog, last?.captured != nil)
}

/// The largest of the values recorded, from any thread or task.
final class Largest: Sendable {
    private let largest = Atomic<Int>(0)

    /// Records `value`.
    func record(_ value: Int) {
        largest.max(value, ordering: .relaxed)
    }

    /// The largest value recorded so far (0 before any).
    var value: Int { largest.load(ordering: .relaxed) }
}
