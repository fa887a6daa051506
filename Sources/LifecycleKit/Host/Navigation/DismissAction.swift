/// What ``Screen/dismissScreen(animated:completion:)`` did (RR's `dismissView`).
public enum DismissAction: String, Sendable, Hashable, CustomStringConvertible {
    /// Popped back to the screen below in the navigation stack.
    case popped
    /// Dismissed the presented screen this screen belongs to.
    case dismissed
    /// Nothing: the screen is neither above another screen in a stack nor presented; or it is already being
    /// popped, its navigation controller is in an interactive pop, the sheet it belongs to is being swiped down, or
    /// (for the back button) the top screen refused, a transition runs or waits in its window, or a presented screen
    /// covers the controller. The completion still runs, at once, with ``TransitionOutcome/completed``.
    case nothing

    /// The action's name.
    public var description: String { rawValue }
}
