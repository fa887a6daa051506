import Synchronization

/// A counter that `@Sendable` hooks can add to.
final class HookTally: Sendable {
    private let count = Atomic<Int>(0)

    /// Adds one.
    func add() {
        count.wrappingAdd(1, ordering: .relaxed)
    }

    /// The current count.
    var value: Int { count.load(ordering: .relaxed) }
}
