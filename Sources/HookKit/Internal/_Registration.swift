/// One registered hook with its typed closure, as a point's storage keeps it.
final class _Registration<Receiver, Arguments, Result, Failure: Error>: _AnyRegistration,
    @unchecked Sendable
{
    typealias Chain = _Chain<Receiver, Arguments, Result, Failure>
    /// The link an override's provider builds.
    typealias Link = _Link<Receiver, Arguments, Result, Failure>
    typealias Provider = @Sendable (HookOriginal<Receiver, Arguments, Result, Failure>) -> Chain.Implementation

    /// The hook's closure, by kind.
    ///
    /// Stored as plain optional fields (not enum payloads) so the closures keep the abstraction a
    /// chain calls them with, and need no reabstraction thunk.
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

    let payload: Payload

    init(id: UInt64, payload: Payload, scope: _ResolvedScope, priority: Int, label: String?, isOnce: Bool) {
        self.payload = payload
        super.init(id: id, kind: payload.kind, scope: scope, priority: priority, label: label, isOnce: isOnce)
    }
}
