/// What introspection and tracing report about one registered hook.
///
/// ```swift
/// for hook in Checkout.submit.hooks {
///     print(hook)   // "before all priority 0 'audit'"
/// }
/// ```
public struct HookDescription: Sendable, Hashable, CustomStringConvertible {
    /// A number that identifies the registration for the life of the process.
    public let id: UInt64
    /// Whether the hook runs before, instead of, or after the body.
    public let kind: HookKind
    /// The receivers the hook applies to.
    public let scope: HookScopeDescription
    /// The label given at registration, if any.
    public let label: String?
    /// The priority given at registration (default 0).
    public let priority: Int
    /// Whether the hook removes itself after its first run.
    public let isOnce: Bool

    /// Creates a description.
    ///
    /// HookKit creates these; tests and tools may build their own to compare.
    public init(
        id: UInt64, kind: HookKind, scope: HookScopeDescription, label: String?, priority: Int, isOnce: Bool
    ) {
        self.id = id
        self.kind = kind
        self.scope = scope
        self.label = label
        self.priority = priority
        self.isOnce = isOnce
    }

    /// One line, such as `before type(Shop.Sub) priority 10 'audit' once`; control characters and line breaks in the
    /// label are written as in Swift (`\n`, `\0`, `\u{1B}`), and each backslash doubled (`\\`), so that a label's own
    /// `\n` reads apart from a line break.
    public var description: String {
        var text = "\(kind) \(scope) priority \(priority)"
        if let label { text += " '\(_oneLine(label, escapingBackslashes: true))'" }
        if isOnce { text += " once" }
        return text
    }
}
