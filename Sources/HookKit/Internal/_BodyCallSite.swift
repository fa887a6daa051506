/// What the innermost `original` of a point's override chains captures: one reference, so that
/// calling it loads a single context word.
@usableFromInline
final class _BodyCallSite: Sendable {
    @usableFromInline let owner: ObjectIdentifier
    let name: String

    @usableFromInline
    init(owner: ObjectIdentifier, name: String) {
        self.owner = owner
        self.name = name
    }

    /// Stops the program: `original` was called with no call of its point in progress on this
    /// thread, so there is no body to call and no result to return.
    @usableFromInline
    func originalCalledOutsideItsCall() -> Never {
        fatalError(
            "HookKit: an override of '\(name)' called its `original` after the call returned, or on another "
                + "thread. Call `original` only while the override runs, on its thread, or declare the point's body "
                + "with HookPoint(_:body:) to call it at any time.")
    }
}
