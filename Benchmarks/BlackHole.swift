import Synchronization

/// Where ``blackHole(_:)`` stores what it is given, so that the optimizer cannot prove it unused.
private let blackHoleSink = Atomic<Int>(0)

/// Keeps `value` alive: a call the optimizer cannot see through, so the work that produced
/// `value` cannot be removed.
///
/// Costs one call and one relaxed store, once per loop (not per iteration) in every case.
@inline(never)
func blackHole(_ value: Int) {
    blackHoleSink.store(value, ordering: .relaxed)
}
