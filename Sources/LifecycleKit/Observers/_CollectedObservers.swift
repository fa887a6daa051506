/// The observers of one *will* event, in the order HookKit ran their registrations.
///
/// Lives on the caller's stack: the first four observers take no allocation.
struct _CollectedObservers {
    private var first: InlineArray<4, (any ScreenLifecycleObserver)?> = .init(repeating: nil)
    private var rest: [any ScreenLifecycleObserver] = []
    private var count = 0

    /// Adds `observer` after the others.
    mutating func append(_ observer: any ScreenLifecycleObserver) {
        if count < first.count {
            first[count] = observer
        } else {
            rest.append(observer)
        }
        count += 1
    }

    /// Calls `body` with each observer, the last added first.
    func forEachReversed(_ body: (any ScreenLifecycleObserver) -> Void) {
        for observer in rest.reversed() {
            body(observer)
        }
        var index = min(count, first.count)
        while index > 0 {
            index -= 1
            if let observer = first[index] {
                body(observer)
            }
        }
    }
}
