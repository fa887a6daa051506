/// How a screen left the hierarchy, as ``Screen/didLeaveHierarchy`` reports it.
public enum LeaveReason: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Popped by `pop(animated:completion:)`, the back button, or `dismissScreen` on the top screen.
    case pop
    /// Popped by `popTo(_:animated:completion:)`, or with a screen below it by `dismissScreen` on that screen.
    case popTo
    /// Popped by `popToRoot(animated:completion:)`.
    case popToRoot
    /// Dropped by `setViewControllers(_:animated:completion:)`.
    case setViewControllers
    /// Popped by a finished interactive pop.
    case interactivePop
    /// Dismissed (with the screens it presented).
    case dismiss
    /// Removed from its container by `removeFromParent()`.
    case removeFromParent
    /// Replaced as the root of its window, or presented above a root that was replaced (what the old root presents
    /// leaves with it).
    case windowRootReplaced

    /// The reason's name.
    public var description: String { rawValue }
}
