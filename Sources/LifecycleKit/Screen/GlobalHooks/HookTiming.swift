/// When a ``Lifecycle`` hook runs relative to the method or phase it hooks.
public enum HookTiming: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Before the method (before the first method of a phase).
    case before
    /// After the method (after the last method of a phase).
    case after

    /// The timing's name.
    public var description: String { rawValue }
}
