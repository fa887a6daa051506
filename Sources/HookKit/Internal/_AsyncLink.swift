/// One link of a compiled async override chain: an override's implementation, built by its provider around `next`.
///
/// Immutable and shared exactly as ``_Link`` is for synchronous points: the same registration wrapping the same next
/// link is built once and reused by every chain and every later snapshot that needs it.
final class _AsyncLink<Receiver, Arguments, Result, Failure: Error>: @unchecked Sendable {
    typealias Implementation = _AsyncChain<Receiver, Arguments, Result, Failure>.Implementation

    let implementation: Implementation
    let next: _AsyncLink?

    init(implementation: @escaping Implementation, next: _AsyncLink?) {
        self.implementation = implementation
        self.next = next
    }
}
