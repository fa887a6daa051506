/// What every call and every compiled chain of one async point share: its name, its declared body, and the
/// task-local key through which `original` finds the body of the call in progress.
///
/// Owned by the point's storage and captured by the innermost `original` of its override chains. Its task-local key
/// is never freed (see ``init(name:declaredBody:)``).
@usableFromInline
final class _AsyncCallSite<Receiver, Arguments, Result, Failure: Error>: Sendable {
    @usableFromInline typealias Implementation = _AsyncChain<Receiver, Arguments, Result, Failure>.Implementation
    @usableFromInline typealias Invocation = _AsyncInvocation<Receiver, Arguments, Result, Failure>

    /// The point's name.
    @usableFromInline let name: String
    /// The body declared with the point, or `nil` when calls pass theirs.
    @usableFromInline let declaredBody: Implementation?
    /// The invocation of the innermost call of this point, in the current task, that bound one.
    ///
    /// One key per point (a task-local key is an object's address), so that nested calls of different points never
    /// see each other's bodies and the value needs no type erasure.
    @usableFromInline let invocation: TaskLocal<Invocation?>

    init(name: String, declaredBody: Implementation?) {
        self.name = name
        self.declaredBody = declaredBody
        self.invocation = TaskLocal(wrappedValue: nil)
        // A task-local key is the address of its `TaskLocal` object, and an unstructured task copies the bindings it
        // inherits (here: an override that starts a `Task` while it runs). If the object were freed, a binding copied
        // into a task that outlives the point could be read through a new `TaskLocal` at the same address, with
        // another value type. One small object per async point that ever had a hook is kept for the process's life.
        _ = Unmanaged.passRetained(invocation)
    }

    /// Stops the program: `original` was called where no call of this point is in progress.
    @usableFromInline
    func originalCalledOutsideItsCall() -> Never {
        fatalError(
            "HookKit: an override of '\(name)' called its `original` outside the call it belongs to (from a detached "
                + "task, or from code that does not inherit the call's task-local values). Call `original` inside the "
                + "override, its child tasks or tasks it starts with Task {}, or declare the point's body with "
                + "AsyncHookPoint(_:body:) to call it from anywhere.")
    }

    /// Stops the program: a body was passed to a point that declares its own.
    @usableFromInline
    func bodyPassedToPointWithDeclaredBody() -> Never {
        preconditionFailure(_Misuse.declaredBodyPassedAgain(to: name))
    }

    /// Appends `hook` to the trace of the call in progress in this task, if it is traced.
    func record(_ hook: HookDescription) {
        invocation.get()?.recorder?.append(hook)
    }

    /// Appends the override `hook` to the trace of the call whose chain it is part of: the call in progress, or, in a
    /// traced call's hooks, the enclosing call whose body an `original` kept from its chain reaches.
    func recordOverride(_ hook: HookDescription) {
        invocation.get()?.recorder?.appendOverride(hook)
    }
}
