/// The three kinds of hook a ``HookPoint`` runs around a method's body.
///
/// A call runs every applicable ``before`` hook, then the ``override`` chain (which ends in
/// the body), then every applicable ``after`` hook. See <doc:TheOrderContract>.
public enum HookKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Runs before the implementation and sees the receiver and the arguments.
    case before
    /// Replaces the implementation, and may call the original zero, one or several times.
    case override
    /// Runs after the implementation and sees the receiver, the arguments and the result.
    case after

    /// The kind's name, as used in introspection and traces.
    public var description: String { rawValue }
}
