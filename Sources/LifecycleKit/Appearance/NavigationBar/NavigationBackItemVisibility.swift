/// Whether a screen shows its back item (``Screen/navigationBackItemVisibility``).
public enum NavigationBackItemVisibility: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// RR's rules: a screen in a navigation stack shows it when it is not the root of the stack, or is
    /// the root of a presented stack (where it closes the presentation), and its navigation item has
    /// no leading items of its own.
    case automatic
    /// Shown whenever the screen is in a navigation stack (RR's `showNavigationBackItem(true)`).
    case shown
    /// Never shown (RR's `showNavigationBackItem(false)`).
    case hidden

    /// The visibility's name.
    public var description: String { rawValue }
}
