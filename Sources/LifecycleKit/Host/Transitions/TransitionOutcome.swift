/// How a navigation, presentation or window transition ended, as its completion receives it.
public enum TransitionOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The transition ran to its end (also when it needed no animation, and when the screens
    /// involved were not on screen).
    case completed
    /// The transition was undone: an interactive pop whose gesture was cancelled. The stack is
    /// as it was before the gesture began.
    case cancelled

    /// `completed` or `cancelled`.
    public var description: String {
        switch self {
        case .completed: return "completed"
        case .cancelled: return "cancelled"
        }
    }
}
