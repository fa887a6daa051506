/// The handle of one registered hook: cancel it, in any order, from any thread.
///
/// ```swift
/// let token = try Checkout.submit.before { checkout, order in audit(order) }
/// // …
/// token.cancel()   // true: removed
/// token.cancel()   // false: nothing left to remove
/// ```
///
/// Dropping a token does not remove its hook: a hook stays until it is cancelled, until it has
/// fired if it is `once`, or until its object dies if it is instance-scoped.
public final class HookToken: Sendable, Hashable, CustomStringConvertible {
    let storage: any _AnyHookPointStorage

    /// What was registered.
    public let hook: HookDescription

    init(storage: any _AnyHookPointStorage, hook: HookDescription) {
        self.storage = storage
        self.hook = hook
    }

    /// The name of the hook point the hook is registered on.
    public var pointName: String { storage.name }

    /// Whether the hook is still registered: `false` after ``cancel()``, after a `once` hook
    /// fired, and after the object of an instance hook died.
    ///
    /// A token keeps its point's hooks alive, not the point: for a point that is gone (a local one, not a
    /// `static let`), it stays `true` until ``cancel()``, which still returns `true` and releases the hook's closure;
    /// once every token of such a point is gone, its closures are released too.
    public var isActive: Bool { storage.isRegistered(hook.id) }

    /// Removes the hook.
    ///
    /// Takes effect from the next call: a call already running keeps the hooks it started with, so a hook cancelled
    /// by an earlier hook of the same call (a `once` hook included) still runs in that call.
    /// Safe from any thread, in any order relative to other cancellations, and from inside a
    /// running hook (including the hook itself).
    ///
    /// The hook's closure (and what it captures) is released by the time this returns, unless calls that started
    /// before it with the hook are still in progress (then when the last of them returns, or, if a registration or
    /// cancellation on any point holds the process-wide reclamation lock on another thread at that moment, when that
    /// change returns), another change of the point is being made on another thread (then when it returns), or an app
    /// keeps the `original` of an override built around it (see "When a replaced snapshot is freed" in
    /// <doc:ThreadSafetyAndCost>).
    ///
    /// - Returns: `true` if this call removed the hook; `false` if it was already gone (cancelled
    ///   before, a `once` hook that fired, or an instance hook whose object died). A `once` hook
    ///   that cancels its own token while it runs gets `false`: it fired when its run began.
    @discardableResult
    public func cancel() -> Bool {
        storage.cancel(hook.id)
    }

    /// `HookToken(<point>: <hook>)`, on one line (line breaks in the point's name escaped, as in ``HookTraceEvent``).
    public var description: String { "HookToken(\(_oneLine(pointName, escapingBackslashes: true)): \(hook))" }

    /// Tokens are equal when they stand for the same registration.
    public static func == (lhs: HookToken, rhs: HookToken) -> Bool { lhs.hook.id == rhs.hook.id }

    /// Hashes the registration's identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(hook.id) }
}
