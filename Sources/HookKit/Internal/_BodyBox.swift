/// The body of a call in progress, boxed in a struct so that a pointer to it can be published in
/// an ``_InvocationFrame`` without converting the closure to a generic (maximally abstract)
/// value, which would allocate a reabstraction thunk on every call.
///
/// Noncopyable, so that the chain's innermost `original` reads it through the frame's pointer as a borrow: calling a
/// copy would retain and release the closure's context on every call.
@usableFromInline
struct _BodyBox<Receiver, Arguments, Result, Failure: Error>: ~Copyable {
    @usableFromInline let call: (Receiver, Arguments) throws(Failure) -> Result

    @inlinable
    init(_ call: @escaping (Receiver, Arguments) throws(Failure) -> Result) {
        self.call = call
    }

    /// Calls the body, borrowing the box where it lies.
    @inlinable
    borrowing func callAsFunction(_ receiver: Receiver, _ arguments: Arguments) throws(Failure) -> Result {
        try call(receiver, arguments)
    }
}
