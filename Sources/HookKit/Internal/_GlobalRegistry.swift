/// Every live hook point storage, so that the global switches can republish them all.
///
/// Storages register themselves when they are created (on a point's first registration) and are
/// held weakly, so a point that goes away is forgotten.
final class _GlobalRegistry: @unchecked Sendable {
    static let shared = _GlobalRegistry()

    private let lock = _Lock()
    private var storages: [_WeakStorage] = []
    private var current = _GlobalConfiguration()

    private struct _WeakStorage {
        weak var storage: (any _AnyHookPointStorage)?
    }

    /// The current global configuration.
    var configuration: _GlobalConfiguration {
        lock.withLock { current }
    }

    /// Adds a newly created storage.
    func register(_ storage: any _AnyHookPointStorage) {
        lock.withLock {
            storages.removeAll { $0.storage == nil }
            storages.append(_WeakStorage(storage: storage))
        }
    }

    /// Every live storage.
    var liveStorages: [any _AnyHookPointStorage] {
        lock.withLock { storages.compactMap(\.storage) }
    }

    /// Changes the configuration, then republishes every live point (outside the lock: the
    /// republication may call override providers, which are user code).
    func update(_ change: (inout _GlobalConfiguration) -> Void) {
        let live: [any _AnyHookPointStorage] = lock.withLock {
            change(&current)
            return storages.compactMap(\.storage)
        }
        for storage in live {
            storage.globalConfigurationDidChange()
        }
    }
}
