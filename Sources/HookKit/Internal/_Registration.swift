import Synchronization

/// One registered hook, as its point's storage keeps it.
final class _Registration<Receiver, Arguments, Result, Failure: Error>: @unchecked Sendable {
    typealias Chain = _Chain<Receiver, Arguments, Result, Failure>
    typealias Provider = @Sendable (HookOriginal<Receiver, Arguments, Result, Failure>) -> Chain.Implementation

    /// The hook's closure, by kind.
    ///
    /// Stored as plain optional fields (not enum payloads) so the closures keep the abstraction a chain calls them
    /// with, and need no reabstraction thunk.
    struct Payload {
        let kind: HookKind
        let before: Chain.Before?
        let after: Chain.After?
        let provider: Provider?

        static func before(_ hook: @escaping Chain.Before) -> Payload {
            Payload(kind: .before, before: hook, after: nil, provider: nil)
        }

        static func after(_ hook: @escaping Chain.After) -> Payload {
            Payload(kind: .after, before: nil, after: hook, provider: nil)
        }

        static func override(_ provider: @escaping Provider) -> Payload {
            Payload(kind: .override, before: nil, after: nil, provider: provider)
        }
    }

    /// Identifies the registration for the life of the process; also its registration order.
    let id: UInt64
    let payload: Payload
    let scope: _ResolvedScope
    let priority: Int
    let label: String?
    let isOnce: Bool
    /// Set by the first call that claims a `once` hook; never reset.
    let hasFired = Atomic<Bool>(false)
    /// Override links already built from this registration's provider, keyed by the identity of the link they wrap.
    ///
    /// Guarded by the storage's lock.
    var links: [ObjectIdentifier: _Link<Receiver, Arguments, Result, Failure>] = [:]
    /// Links built for traced chains, kept apart from the untraced ones.
    var tracedLinks: [ObjectIdentifier: _Link<Receiver, Arguments, Result, Failure>] = [:]

    init(id: UInt64, payload: Payload, scope: _ResolvedScope, priority: Int, label: String?, isOnce: Bool) {
        self.id = id
        self.payload = payload
        self.scope = scope
        self.priority = priority
        self.label = label
        self.isOnce = isOnce
    }

    var kind: HookKind { payload.kind }

    /// Whether the registration still applies: a `once` hook that fired, or an instance hook
    /// whose object died, no longer does.
    var isLive: Bool {
        if isOnce && hasFired.load(ordering: .acquiring) { return false }
        if case .instance(let object) = scope { return object.isAlive }
        return true
    }

    /// Claims the single run of a `once` hook; `true` for exactly one caller.
    func claimOnce() -> Bool {
        !hasFired.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// The public description.
    var hookDescription: HookDescription {
        HookDescription(
            id: id, kind: kind, scope: scope.description, label: label, priority: priority, isOnce: isOnce)
    }
}
