/// One hooked object's slot in a snapshot: its weak reference and its compiled chain.
@usableFromInline
final class _InstanceEntry<Receiver, Arguments, Result, Failure: Error>: @unchecked Sendable {
    @usableFromInline let object: _WeakObject
    @usableFromInline let chain: _Chain<Receiver, Arguments, Result, Failure>

    init(object: _WeakObject, chain: _Chain<Receiver, Arguments, Result, Failure>) {
        self.object = object
        self.chain = chain
    }
}
