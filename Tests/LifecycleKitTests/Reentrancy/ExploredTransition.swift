import LifecycleKit

/// An interactive transition the re-entrancy explorer begins and ends: an ``InteractivePop`` or an
/// ``InteractiveDismissal``.
protocol ExploredTransition: AnyObject {
    /// Whether it has not ended yet.
    var isActive: Bool { get }
    /// Completes it.
    func finish()
    /// Cancels it.
    func cancel()
    /// Reports how far the gesture went.
    func update(progress: Double)
}

extension InteractivePop: ExploredTransition {
    var isActive: Bool { state == .active }
}

extension InteractiveDismissal: ExploredTransition {
    var isActive: Bool { state == .active }
}
