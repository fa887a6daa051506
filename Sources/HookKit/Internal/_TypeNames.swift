/// The names `String(reflecting:)` gives types, each worked out once.
///
/// Reflecting a type's name goes through `Mirror` and the runtime's demangler, about 14,000 instructions, and the
/// same few names are needed over and over: every type or instance scope is described when it is registered. Only
/// writers use the cache (it takes a lock); calls never do. A Swift type's metadata is never freed, so its identifier
/// names it for the life of the process, and the cache holds one entry per type that a scope ever named.
///
/// Where the Objective-C runtime is present, classes are not cached: one created at run time can be disposed
/// (`objc_disposeClassPair`), and another class created at its address must not inherit its name.
final class _TypeNames: @unchecked Sendable {
    /// The process-wide cache.
    static let shared = _TypeNames()

    private let lock = _Lock()
    /// Guarded by `lock`.
    private var names: [ObjectIdentifier: String] = [:]

    private init() {}

    /// `String(reflecting: type)`, from the cache when it was worked out before.
    func name(of type: Any.Type) -> String {
        #if canImport(ObjectiveC)
        if type is AnyClass {
            return String(reflecting: type)
        }
        #endif
        let key = ObjectIdentifier(type)
        if let name = lock.withLock({ names[key] }) {
            return name
        }
        let name = String(reflecting: type)  // outside the lock: the runtime may take locks of its own
        lock.withLock { names[key] = name }
        return name
    }
}
