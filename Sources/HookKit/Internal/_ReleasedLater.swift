/// A value taken out of a point's state under its lock, kept in a box so that code that does not know its type can
/// hold it until the lock is dropped, and release it there.
///
/// Releasing hook closures may run user code (their captures' `deinit`), which must never run under HookKit's locks
/// (see ``_PointBookkeeping/lock``).
final class _ReleasedLater<Value> {
    /// The value; released with the box.
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
