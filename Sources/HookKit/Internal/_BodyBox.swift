/// The body of a call in progress, boxed in a struct so that a pointer to it can be published in
/// an ``_InvocationFrame`` without converting the closure to a generic (maximally abstract)
/// value, which would allocate a reabstraction thunk on every call.
@usableFromInline
struct _BodyBox<Receiver, Arguments, Result, Failure: Error> {
    @usableFromInline let call: (Receiver, Arguments) throws(Failure) -> Result

    @inlinable
    init(_ call: @escaping (Receiver, Arguments) throws(Failure) -> Result) {
        self.call = call
    }
}
