/// The error a hook registration throws when its request cannot be honoured.
///
/// Errors compare equal when their ``code`` is equal; ``message`` is for people.
///
/// ```swift
/// do {
///     try Base.run.before(.type(Unrelated.self)) { _, _ in }
/// } catch {
///     print(error.code == .incompatibleScopeType)   // true
/// }
/// ```
public struct HookError: Error, Hashable, CustomStringConvertible {
    /// What went wrong, as an extensible set of codes.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String {
            case incompatibleScopeType
            case objectIsNotAReceiver
            case instanceScopeNeedsObjectReceiver
            case registrationInsideOverrideProvider
        }

        private let value: Value

        private init(_ value: Value) {
            self.value = value
        }

        /// A type scope named a type that is neither the point's receiver type nor a subtype of it, or an existential
        /// (such as the receiver type of a point that hooks a protocol), which no receiver has as its dynamic type; a
        /// type scope was requested on a point whose receivers are an existential or an existential metatype (a
        /// protocol's point, `AnyObject`, `AnyClass`), even naming a conforming type; or a non-exact type scope was
        /// requested on a point that hooks class methods.
        public static let incompatibleScopeType = Code(.incompatibleScopeType)
        /// An instance scope named an object that is not a receiver of the point.
        public static let objectIsNotAReceiver = Code(.objectIsNotAReceiver)
        /// An instance scope was requested on a point whose receiver is a value type, or given a receiver that is not
        /// itself an object (a value, a metatype or an optional boxed as `AnyObject`).
        public static let instanceScopeNeedsObjectReceiver = Code(.instanceScopeNeedsObjectReceiver)
        /// A hook was registered on a point from inside one of that point's override providers.
        ///
        /// A provider is the closure passed to `override`, which receives `original`; the registration came from the
        /// thread that runs it, where publishing the hook would call the provider again before it returned. Register
        /// the hook before or after the registration that called the provider. The check knows threads, not what they
        /// wait for: a provider that has another thread register on its point, and waits for it, is not refused, and
        /// calls itself again on that thread, without end.
        public static let registrationInsideOverrideProvider = Code(.registrationInsideOverrideProvider)

        /// The code's name.
        public var description: String { value.rawValue }
    }

    /// What went wrong.
    public let code: Code
    /// The name of the hook point the request was made on.
    public let pointName: String
    /// The label of the hook whose registration was refused, if it was given one.
    public let label: String?
    /// A sentence for people, naming the point and the types involved, then the hook's label, if it has one, as
    /// ``HookDescription`` writes it: `… (the hook 'audit')`.
    public let message: String

    init(_ code: Code, pointName: String, message: String) {
        self.code = code
        self.pointName = pointName
        self.label = nil
        self.message = message
    }

    private init(_ error: HookError, label: String) {
        self.code = error.code
        self.pointName = error.pointName
        self.label = label
        self.message = error.message + " (the hook '\(_oneLine(label, escapingBackslashes: true))')"
    }

    /// This error, naming the hook labelled `label` (nothing changes when `label` is `nil`).
    func refusing(hookLabelled label: String?) -> HookError {
        guard let label else { return self }
        return HookError(self, label: label)
    }

    /// `HookError(code): message`.
    public var description: String { "HookError(\(code)): \(message)" }

    /// Two errors are equal when their codes are equal.
    public static func == (lhs: HookError, rhs: HookError) -> Bool { lhs.code == rhs.code }

    /// Hashes the code, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
