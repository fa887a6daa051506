/// The compiled hooks for one kind of receiver: what a call runs, ready to run.
///
/// Several before hooks are composed into one closure (a balanced tree of closures, so that a
/// call neither iterates an array nor retains anything), likewise after hooks; overrides are
/// linked into one outermost implementation whose innermost `original` calls the body. A call
/// therefore makes at most three optional closure calls besides the hooks themselves.
@usableFromInline
final class _Chain<Receiver, Arguments, Result, Failure: Error>: @unchecked Sendable {
    @usableFromInline typealias Before = @Sendable (Receiver, Arguments) -> Void
    @usableFromInline typealias After = @Sendable (Receiver, Arguments, Result) -> Void
    @usableFromInline typealias Implementation = @Sendable (Receiver, Arguments) throws(Failure) -> Result

    /// All before hooks, in order, as one closure; `nil` when there are none.
    @usableFromInline let before: Before?
    /// The outermost override; `nil` when the body runs directly.
    @usableFromInline let override: Implementation?
    /// All after hooks, in order, as one closure; `nil` when there are none.
    @usableFromInline let after: After?
    /// Whether ``override`` is set (a flag, so that the call path does not copy the closure to test it).
    @usableFromInline let hasOverride: Bool

    init(before: Before?, override: Implementation?, after: After?) {
        self.before = before
        self.override = override
        self.after = after
        self.hasOverride = override != nil
    }
}
