/// The names `String(reflecting:)` gives types, each worked out once.
///
/// Reflecting a type's name goes through `Mirror` and the runtime's demangler, about 14,000 instructions, and the
/// same few names are needed over and over: every scoped registration describes its scope, and every traced call its
/// receiver's type. Metadata is never freed, so a type's identifier names it for the life of the process, and the
/// cache holds one entry per type that a scope or a trace ever named.
final class _TypeNames: @unchecked Sendable {
    /// The process-wide cache.
    static let shared = _TypeNames()

    private let lock = _Lock()
    /// Guarded by `lock`.
    private var names: [ObjectIdentifier: String] = [:]

    private init() {}

    /// `String(reflecting: type)`, from the cache when it was worked out before.
    func name(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = lock.withLock({ names[key] }) {
            return name
        }
        let name = String(reflecting: type)  // outside the lock: the runtime may take locks of its own
        lock.withLock { names[key] = name }
        return name
    }
}
