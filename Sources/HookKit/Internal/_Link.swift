/// One link of a compiled override chain: an override's implementation, built by its provider
/// around `next`.
///
/// Links are immutable and shared: the same registration wrapping the same next link is built
/// once and reused by every chain and every later snapshot that needs it, so a provider runs
/// again only when what lies inside its override changes. A link keeps its `next` alive, which
/// also keeps the identity used as its cache key from being reused.
final class _Link<Receiver, Arguments, Result, Failure: Error>: @unchecked Sendable {
    typealias Implementation = _Chain<Receiver, Arguments, Result, Failure>.Implementation

    let implementation: Implementation
    let next: _Link?

    init(implementation: @escaping Implementation, next: _Link?) {
        self.implementation = implementation
        self.next = next
    }
}
