/// One hook registered on an async point, with its typed closure.
///
/// The bookkeeping (levels, ordering, cancellation, `once`, introspection) works on the non-generic
/// ``_AnyRegistration`` it extends, shared with synchronous points.
final class _AsyncRegistration<Receiver, Arguments, Result, Failure: Error>: _AnyRegistration,
    @unchecked Sendable
{
    typealias Chain = _AsyncChain<Receiver, Arguments, Result, Failure>
    /// The link an override's provider builds.
    typealias Link = _AsyncLink<Receiver, Arguments, Result, Failure>
    typealias Provider = @Sendable (AsyncHookOriginal<Receiver, Arguments, Result, Failure>) -> Chain.Implementation

    /// The hook's closure, by kind; exactly one field is set.
    ///
    /// Plain optional fields rather than enum payloads, so that the closures keep the abstraction a chain calls them
    /// with.
    struct Payload {
        let kind: HookKind
        var before: Chain.Before?
        var asyncBefore: Chain.AsyncBefore?
        var after: Chain.After?
        var asyncAfter: Chain.AsyncAfter?
        var provider: Provider?

        init(kind: HookKind) {
            self.kind = kind
        }

        static func before(_ hook: @escaping Chain.Before) -> Payload {
            var payload = Payload(kind: .before)
            payload.before = hook
            return payload
        }

        static func asyncBefore(_ hook: @escaping Chain.AsyncBefore) -> Payload {
            var payload = Payload(kind: .before)
            payload.asyncBefore = hook
            return payload
        }

        static func after(_ hook: @escaping Chain.After) -> Payload {
            var payload = Payload(kind: .after)
            payload.after = hook
            return payload
        }

        static func asyncAfter(_ hook: @escaping Chain.AsyncAfter) -> Payload {
            var payload = Payload(kind: .after)
            payload.asyncAfter = hook
            return payload
        }

        static func override(_ provider: @escaping Provider) -> Payload {
            var payload = Payload(kind: .override)
            payload.provider = provider
            return payload
        }
    }

    let payload: Payload

    init(id: UInt64, payload: Payload, scope: _ResolvedScope, priority: Int, label: String?, isOnce: Bool) {
        self.payload = payload
        super.init(id: id, kind: payload.kind, scope: scope, priority: priority, label: label, isOnce: isOnce)
    }
}
