/// A body without arguments, passed to ``AsyncThrowingHookPoint/invoke(_:_:)-(_,ReceiverImplementation)``.
@usableFromInline
struct _AsyncReceiverBodyClosure<Receiver, Result, Failure: Error>: _AsyncBody {
    @usableFromInline typealias Arguments = Void

    @usableFromInline let body: nonisolated(nonsending) @Sendable (Receiver) async throws(Failure) -> Result

    @inlinable
    init(_ body: nonisolated(nonsending) @escaping @Sendable (Receiver) async throws(Failure) -> Result) {
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
