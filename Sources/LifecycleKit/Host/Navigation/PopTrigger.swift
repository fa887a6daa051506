/// What started a pop that a screen may refuse with ``Screen/shouldPop(trigger:)``.
///
/// Programmatic pops (`pop`, `popTo`, `popToRoot`, `setViewControllers`, `dismissScreen`) are
/// never asked: only the user's back button and pop gesture can be refused.
public enum PopTrigger: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The back button (or back item) of the navigation bar.
    case backButton
    /// The interactive pop gesture.
    case gesture

    /// The trigger's name.
    public var description: String { rawValue }
}
