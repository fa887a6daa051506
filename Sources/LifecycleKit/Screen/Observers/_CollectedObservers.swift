/// The observers of one *will* event, in the order HookKit ran their registrations.
///
/// Lives on the caller's stack (``collect(_:)``): without registrations it costs a few stores, and the first four
/// observers take no allocation.
struct _CollectedObservers {
    /// How many observers fit in ``slots``.
    static let slotCount = 4

    /// Room for the first ``slotCount`` observers; the first `count` of them are initialized.
    private let slots: UnsafeMutablePointer<any ScreenLifecycleObserver>
    /// The observers after the first ``slotCount``.
    private var overflow: [any ScreenLifecycleObserver]?
    /// How many observers were added.
    private var count = 0

    private init(slots: UnsafeMutablePointer<any ScreenLifecycleObserver>) {
        self.slots = slots
    }

    /// Runs `body` with an empty collection on the stack, then destroys it.
    @inline(__always)
    static func collect<Result>(_ body: (UnsafeMutablePointer<_CollectedObservers>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: (any ScreenLifecycleObserver).self, capacity: slotCount) { buffer in
            var collected = _CollectedObservers(slots: buffer.baseAddress.unsafelyUnwrapped)
            defer { collected.slots.deinitialize(count: min(collected.count, slotCount)) }
            return withUnsafeMutablePointer(to: &collected, body)
        }
    }

    /// Adds `observer` after the others.
    mutating func append(_ observer: any ScreenLifecycleObserver) {
        if count < Self.slotCount {
            (slots + count).initialize(to: observer)
        } else {
            overflow = (overflow ?? []) + [observer]
        }
        count += 1
    }

    /// Calls `body` with each observer, the last added first.
    func forEachReversed(_ body: (any ScreenLifecycleObserver) -> Void) {
        guard count > 0 else { return }
        if let overflow {
            for observer in overflow.reversed() {
                body(observer)
            }
        }
        var index = min(count, Self.slotCount)
        while index > 0 {
            index -= 1
            body(slots[index])
        }
    }
}
