import Synchronization

/// Every live hook point storage, so that the global switches can republish them all.
///
/// Storages register themselves when they are created (on a point's first registration) and are
/// held weakly, so a point that goes away is forgotten.
final class _GlobalRegistry: @unchecked Sendable {
    static let shared = _GlobalRegistry()

    private let lock = _Lock()
    private var storages: [_WeakStorage] = []
    private var current = _GlobalConfiguration()
    /// Whether hooks are on and no tracer is set: what most publications need to know, readable without the lock.
    private let plain = Atomic<Bool>(true)

    private struct _WeakStorage {
        weak var storage: (any _AnyHookPointStorage)?
    }

    /// The current global configuration.
    var configuration: _GlobalConfiguration {
        lock.withLock { current }
    }

    /// Whether hooks are switched on and no tracer is set, the configuration every publication of plain chains
    /// requires (one atomic load; ``configuration`` takes the lock and copies the tracer).
    ///
    /// A change of configuration republishes every point after it takes effect, so a publication that read the
    /// previous value is replaced by one that reads the new one.
    var isPlain: Bool {
        plain.load(ordering: .acquiring)
    }

    /// Adds a newly created storage.
    func register(_ storage: any _AnyHookPointStorage) {
        // The storages still alive, held until after the lock: looking at a weak reference holds its storage for a
        // moment, and the last release of a storage releases its hooks, whose captures' `deinit` is user code.
        var loaded: [any _AnyHookPointStorage] = []
        lock.withLock {
            storages.removeAll { entry in
                guard let live = entry.storage else { return true }
                loaded.append(live)
                return false
            }
            storages.append(_WeakStorage(storage: storage))
        }
        withExtendedLifetime(loaded) {}
    }

    /// Every live storage.
    var liveStorages: [any _AnyHookPointStorage] {
        lock.withLock { storages.compactMap(\.storage) }
    }

    /// Changes the configuration, then republishes every live point (outside the lock: the
    /// republication may call override providers, which are user code).
    ///
    /// `change` returns whether it changed anything; when it did not, nothing is republished.
    ///
    /// The configuration it replaces is released after the lock too: dropping a tracer releases its closure, whose
    /// captures' `deinit` is user code, which may read or change the configuration.
    func update(_ change: (inout _GlobalConfiguration) -> Bool) {
        var previous: _GlobalConfiguration?
        let live: [any _AnyHookPointStorage] = lock.withLock {
            previous = current
            guard change(&current) else { return [] }
            plain.store(current.isEnabled && current.tracer == nil, ordering: .releasing)
            return storages.compactMap(\.storage)
        }
        for storage in live {
            storage.globalConfigurationDidChange()
        }
        withExtendedLifetime(previous) {}
    }
}
