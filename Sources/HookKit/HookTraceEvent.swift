/// One hooked call, as a ``HookTracer`` sees it after the call returns or throws.
public struct HookTraceEvent: Sendable, CustomStringConvertible {
    /// The name of the hook point that was called.
    public let pointName: String
    /// The receiver's dynamic type, fully qualified.
    public let receiverType: String
    /// The receiver's identity when it is an object (`nil` for a value), to tell objects of the same type apart.
    ///
    /// An optional receiver is a value, whatever it wraps: a point on `Cart?` reports `Swift.Optional<…>` as
    /// ``receiverType`` and `nil` here.
    ///
    /// Only for comparison: the object may be gone by the time the event is read.
    public let receiver: ObjectIdentifier?
    /// The hooks that ran, in the order they started: before hooks, the overrides that were entered (outermost first;
    /// an override that does not call `original` stops the chain), then after hooks.
    ///
    /// One entry per entry into a hook: an override whose outer override called `original` twice is listed twice.
    ///
    /// A `once` hook that had already fired is not listed.
    ///
    /// Recorded on the call's thread (or, for an async call, in its task and the tasks that inherit its task-local
    /// values), as ``bodyRan`` is: an override that an outer override's `original` enters on another thread or in a
    /// detached task runs, but is not listed (nor is the body it reaches counted), and one that a kept `original`
    /// enters during another call of the same point on the same thread is listed in that call's event.
    public let hooks: [HookDescription]
    /// Whether the body (the original implementation) ran at least once.
    ///
    /// Counted on the call's thread (or, for an async call, in its task and the tasks that inherit its task-local
    /// values): a declared body that an override's kept `original` runs outside the call is not (run during another
    /// call of the same point on the same thread, it counts for that call).
    public let bodyRan: Bool
    /// Whether the call ended by throwing (after hooks do not run then).
    public let threw: Bool

    /// Creates an event.
    ///
    /// HookKit creates these for tracers.
    public init(
        pointName: String, receiverType: String, receiver: ObjectIdentifier? = nil, hooks: [HookDescription],
        bodyRan: Bool, threw: Bool
    ) {
        self.pointName = pointName
        self.receiverType = receiverType
        self.receiver = receiver
        self.hooks = hooks
        self.bodyRan = bodyRan
        self.threw = threw
    }

    /// One line, in the order things ran: `Checkout.submit on Shop.Checkout: before all 'audit', body, after all`.
    ///
    /// Each hook is its kind, its scope and its label in quotes; `body` comes after the before hooks and the overrides
    /// and before the after hooks, and `threw` last. Control characters and line breaks in the point's name and the
    /// labels are written as in Swift (`\n`, `\0`, `\u{1B}`), and each backslash doubled (`\\`), so that a
    /// name's own `\n` reads apart from a line break.
    public var description: String {
        var parts: [String] = []
        var bodyIsListed = !bodyRan
        for hook in hooks {
            if !bodyIsListed && hook.kind == .after {
                parts.append("body")
                bodyIsListed = true
            }
            let label = hook.label.map { " '" + _oneLine($0, escapingBackslashes: true) + "'" } ?? ""
            parts.append("\(hook.kind) \(hook.scope)\(label)")
        }
        if !bodyIsListed { parts.append("body") }
        if threw { parts.append("threw") }
        let point = _oneLine(pointName, escapingBackslashes: true)
        return "\(point) on \(_oneLine(receiverType, escapingBackslashes: true)): " + parts.joined(separator: ", ")
    }
}
