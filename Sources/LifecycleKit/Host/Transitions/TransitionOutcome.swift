/// How a navigation, presentation or window transition ended, as its completion receives it.
public enum TransitionOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The transition ran to its end (also when it needed no animation, and when the screens
    /// involved were not on screen).
    ///
    /// A request that did nothing completes too, at once: a back button or back item that the top screen refused
    /// (``Screen/shouldPop(trigger:)``), or a ``Screen/dismissScreen(animated:completion:)`` with nothing to dismiss
    /// (``DismissAction/nothing``). The screens are then as they were: the action, not the outcome, says what was done.
    case completed
    /// The transition was undone or did not end: an interactive pop whose gesture was cancelled (the stack is as it
    /// was before the gesture began), a sheet swipe that was cancelled (the sheet stays presented), or an interactive
    /// pop whose navigation controller no longer exists when it ends (see ``InteractivePop``).
    case cancelled

    /// `completed` or `cancelled`.
    public var description: String {
        switch self {
        case .completed: return "completed"
        case .cancelled: return "cancelled"
        }
    }
}
