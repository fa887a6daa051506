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
            AsyncDirectCase.self,
            AsyncUnhookedCase.self,
            AsyncBeforeOneCase.self,
            AsyncOverrideOneCase.self,
            AsyncOverrideDeclaredCase.self,
            LifecyclePushPopCase.self,
            RegisterCancelCase.self,
            ConcurrentBeforeOneCase.self,
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
    /// first and each case's own baseline included, so that ratios can be computed.
    static func selected(by filter: String?) -> [any BenchmarkCase.Type] {
        guard let filter else { return cases }
        let matching = cases.filter { $0.name.contains(filter) }
        guard !matching.isEmpty else { return [] }
        let wanted = [baseline] + matching.map { $0.baseline } + matching
        return cases.filter { type in wanted.contains { $0 == type } }
    }
}
