import LifecycleKit

/// Reads a run's virtual clock from `@Sendable` hooks.
///
/// `@unchecked Sendable`: the demo drives its host, its clock and its hooks on one thread (hosts
/// are single-threaded, like UIKit); hooks only need to read the time.
struct VirtualClockReader: @unchecked Sendable {
    let time: VirtualTime

    /// The current virtual time.
    var now: Double { time.now }
}
