/// An actor method's body without arguments, isolated to the receiver it is called with (see ``_ActorBodyClosure``).
@usableFromInline
struct _ActorReceiverBodyClosure<Receiver: Actor, Result: Sendable, Failure: Error>: _AsyncBody {
    @usableFromInline typealias Arguments = Void

    @usableFromInline let body: @Sendable (isolated Receiver) async throws(Failure) -> Result

    @inlinable
    init(_ body: @escaping @Sendable (isolated Receiver) async throws(Failure) -> Result) {
        self.body = body
    }

    @inlinable
    nonisolated(nonsending) func call(_ receiver: Receiver, _ arguments: Void) async throws(Failure) -> Result {
        try await body(receiver)
    }

    @inlinable
    func implementation() -> _AsyncChain<Receiver, Void, Result, Failure>.Implementation {
        // No capture list: Swift 6.3 infers a closure with one as `@concurrent`, not `nonisolated(nonsending)`.
        let body = self.body
        return { receiver, _ throws(Failure) in try await body(receiver) }
    }
}
