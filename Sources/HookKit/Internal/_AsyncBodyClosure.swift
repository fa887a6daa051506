/// A body passed to ``AsyncThrowingHookPoint/invoke(_:_:_:)-(_,_,Implementation)`` (or declared with the point):
/// already an implementation.
@usableFromInline
struct _AsyncBodyClosure<Receiver, Arguments, Result, Failure: Error>: _AsyncBody {
    @usableFromInline let body: _AsyncChain<Receiver, Arguments, Result, Failure>.Implementation

    @inlinable
    init(_ body: @escaping _AsyncChain<Receiver, Arguments, Result, Failure>.Implementation) {
        self.body = body
    }

    @inlinable
    nonisolated(nonsending) func call(_ receiver: Receiver, _ arguments: Arguments) async throws(Failure) -> Result {
        try await body(receiver, arguments)
    }

    @inlinable
    func implementation() -> _AsyncChain<Receiver, Arguments, Result, Failure>.Implementation {
        body
    }
}
