/// One hooked call, as a ``HookTracer`` sees it after the call returns or throws.
public struct HookTraceEvent: Sendable, CustomStringConvertible {
    /// The name of the hook point that was called.
    public let pointName: String
    /// The receiver's dynamic type, fully qualified.
    public let receiverType: String
    /// The receiver's identity when it is an object (`nil` for a value), to tell objects of the same type apart.
    ///
    /// Only for comparison: the object may be gone by the time the event is read.
    public let receiver: ObjectIdentifier?
    /// The hooks that ran, in the order they started: before hooks, the overrides that were entered (outermost first;
    /// an override that does not call `original` stops the chain), then after hooks.
    ///
    /// A `once` hook that had already fired is not listed.
    public let hooks: [HookDescription]
    /// Whether the body (the original implementation) ran at least once.
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

    /// One line: `Checkout.submit on Shop.Checkout: before all priority 0, body`.
    public var description: String {
        var parts = hooks.map { "\($0.kind) \($0.scope)" + ($0.label.map { " '\($0)'" } ?? "") }
        if bodyRan { parts.append("body") }
        if threw { parts.append("threw") }
        return "\(pointName) on \(receiverType): " + parts.joined(separator: ", ")
    }
}
