import Synchronization

/// `peer-mutex-dictionary`: the RRViewControllerExtension pattern written in Swift.
///
/// Hooks live in one process-wide dictionary keyed by method name, behind a lock; every call of
/// a hooked method takes the lock, looks its name up, copies the hooks out, releases the lock
/// and runs them before its body. One before hook is registered, as in `before-1`.
final class PeerMutexDictionaryCase: BenchmarkCase {
    /// The case's name.
    static let name = "peer-mutex-dictionary"
    /// What one operation is.
    static let summary = "hooks in a dictionary keyed by method, behind a Mutex, looked up per call"
    /// A peer.
    static let category = BenchmarkCategory.peer

    /// The hook signature: the receiver and the argument, as a HookKit before hook.
    typealias Hook = @Sendable (Target, Int) -> Void

    /// The process-wide registry: hooks per method name, behind a `Mutex`.
    final class Registry: Sendable {
        /// The hooks, keyed by method name.
        private let hooks = Mutex<[String: [Hook]]>([:])

        /// Adds `hook` to the hooks of `method`.
        func add(_ hook: @escaping Hook, for method: String) {
            hooks.withLock { $0[method, default: []].append(hook) }
        }

        /// Removes every hook of `method`.
        func removeAll(for method: String) {
            hooks.withLock { $0[method] = nil }
        }

        /// The hooks of `method`, copied out of the lock.
        func hooks(for method: String) -> [Hook] {
            hooks.withLock { $0[method] ?? [] }
        }
    }

    /// The receiver, whose method runs the registry's hooks before its body.
    final class Target {
        /// The registry every hooked method consults.
        static let registry = Registry()

        /// What the method body and the hook add to.
        var tally = 0

        /// Runs the hooks registered for `"work"`, then adds `argument` to the tally and returns it.
        @inline(never)
        func work(_ argument: Int) -> Int {
            for hook in Self.registry.hooks(for: "work") {
                hook(self, argument)
            }
            tally &+= argument
            return tally
        }
    }

    /// The object the loop calls.
    private let target = Target()

    /// Registers one hook for `"work"`.
    init() {
        Target.registry.add({ this, argument in this.tally &+= argument }, for: "work")
    }

    /// Calls the method `iterations` times.
    func run(iterations: Int) {
        var sum = 0
        for iteration in 0..<iterations {
            sum &+= target.work(iteration)
        }
        blackHole(sum)
    }

    /// Removes the hook.
    func tearDown() {
        Target.registry.removeAll(for: "work")
    }
}
