/// The registry of benchmark cases.
///
/// To add a case, write its file in `Cases/` and add its one line to ``cases``; `--help`,
/// `--list`, the reports and `measure.sh` pick it up from there.
enum BenchmarkSuite {
    /// Every case, in report order.
    ///
    /// `direct-call` comes first: every ratio is taken against it.
    static var cases: [any BenchmarkCase.Type] {
        [
            DirectCallCase.self,
            ClosureCallCase.self,
            UnhookedCase.self,
            UnhookedAfterCancelCase.self,
            BeforeOneCase.self,
            BeforeAfterCase.self,
            SubtypeBeforeCase.self,
            InstanceBeforeCase.self,
            OverrideOneCase.self,
            OverrideFiveCase.self,
            DeclaredOverrideOneCase.self,
            DeclaredOverrideFiveCase.self,
            AsyncDirectCase.self,
            AsyncUnhookedCase.self,
            AsyncBeforeOneCase.self,
            AsyncOverrideOneCase.self,
            AsyncOverrideDeclaredCase.self,
            LifecyclePushPopCase.self,
            LifecyclePushPopObserverCase.self,
            LifecyclePushPopWindowObserverCase.self,
            LifecyclePushPopCancelledObserverCase.self,
            RegisterCancelCase.self,
            RegisterCancelInstancesCase.self,
            RegisterCancelOverridesCase.self,
            RegisterCancelMixedOverridesCase.self,
            ConcurrentBeforeOneCase.self,
            IdleRegistrarConcurrentBeforeOneCase.self,
            SteadyConcurrentBeforeOneCase.self,
            TwoProcessesBeforeOneCase.self,
            ConcurrentAsyncUnhookedCase.self,
            ConcurrentAsyncBeforeOneCase.self,
            PeerMutexDictionaryCase.self,
            PeerNotificationCenterCase.self,
        ]
    }

    /// The case every ratio is taken against.
    static var baseline: any BenchmarkCase.Type { DirectCallCase.self }

    /// The case named `name`, or `nil`.
    static func named(_ name: String) -> (any BenchmarkCase.Type)? {
        cases.first { $0.name == name }
    }

    /// The cases whose name contains `filter` (all of them for `nil`), with the baseline always
    /// first, each case's own baseline and the one-thread case of every multi-threaded one included, so that
    /// ratios can be computed.
    static func selected(by filter: String?) -> [any BenchmarkCase.Type] {
        guard let filter else { return cases }
        let matching = cases.filter { $0.name.contains(filter) }
        guard !matching.isEmpty else { return [] }
        var needed: Set<String> = [baseline.name]
        for type in matching {
            needed.insert(type.name)
            needed.insert(type.baseline.name)
            if let scalingBaseline = type.scalingBaseline { needed.insert(scalingBaseline.name) }
        }
        return cases.filter { needed.contains($0.name) }
    }
}
