/// The compiled hooks of an async point for one kind of receiver: what a call runs, ready to run.
///
/// Before hooks are composed into one closure, after hooks likewise, and overrides are linked into one outermost
/// implementation whose innermost `original` is the body. Synchronous hooks are composed into a synchronous closure
/// when every hook of the kind is synchronous (a call then makes no async call for them); as soon as one is `async`,
/// all hooks of the kind are composed into one async closure that runs them one after another, in contract order.
/// So of each pair (``before``, ``asyncBefore``) and (``after``, ``asyncAfter``) at most one is set.
@usableFromInline
final class _AsyncChain<Receiver, Arguments, Result, Failure: Error>: @unchecked Sendable {
    @usableFromInline typealias Before = @Sendable (Receiver, Arguments) -> Void
    @usableFromInline typealias After = @Sendable (Receiver, Arguments, Result) -> Void
    @usableFromInline typealias AsyncBefore = nonisolated(nonsending) @Sendable (Receiver, Arguments) async -> Void
    @usableFromInline typealias AsyncAfter =
        nonisolated(nonsending) @Sendable (Receiver, Arguments, Result) async -> Void
    @usableFromInline typealias Implementation =
        nonisolated(nonsending) @Sendable (Receiver, Arguments) async throws(Failure) -> Result

    /// All before hooks, when all are synchronous; `nil` otherwise.
    @usableFromInline let before: Before?
    /// All before hooks, when one of them is `async`; `nil` otherwise.
    @usableFromInline let asyncBefore: AsyncBefore?
    /// The outermost override; `nil` when the body runs directly.
    @usableFromInline let override: Implementation?
    /// All after hooks, when all are synchronous; `nil` otherwise.
    @usableFromInline let after: After?
    /// All after hooks, when one of them is `async`; `nil` otherwise.
    @usableFromInline let asyncAfter: AsyncAfter?

    init(
        before: (Before?, AsyncBefore?), override: Implementation?, after: (After?, AsyncAfter?)
    ) {
        (self.before, self.asyncBefore) = before
        self.override = override
        (self.after, self.asyncAfter) = after
    }

    /// Runs the before hooks.
    @inlinable @inline(__always)
    nonisolated(nonsending) func runBefore(_ receiver: Receiver, _ arguments: Arguments) async {
        if let before {
            before(receiver, arguments)
        } else if let asyncBefore {
            await asyncBefore(receiver, arguments)
        }
    }

    /// Runs the after hooks.
    @inlinable @inline(__always)
    nonisolated(nonsending) func runAfter(_ receiver: Receiver, _ arguments: Arguments, _ result: Result) async {
        if let after {
            after(receiver, arguments, result)
        } else if let asyncAfter {
            await asyncAfter(receiver, arguments, result)
        }
    }
}
