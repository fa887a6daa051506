/// A change of a navigation bar's visibility made as part of a screen transition, while that transition runs.
///
/// When the screen that appears in a navigation controller on screen wants the bar hidden and the bar is
/// visible (or the other way round), or hides or shows it itself from its `viewWillAppear` with
/// `animated` true, the bar is hidden or shown with the transition:
/// ``NavigationBar/visibilityTransition`` holds this value from the appearing screen's
/// `viewWillAppear` until its `viewDidAppear` (or until another screen takes the bar, as a cancelled
/// interactive pop does). An unanimated transition changes the visibility at once and records none.
public struct NavigationBarVisibilityTransition: Sendable, Hashable, CustomStringConvertible {
    /// `true` when the bar is being hidden, `false` when it is being shown.
    public let isHiding: Bool
    /// Whether the transition follows the finger of an interactive pop.
    public let isInteractive: Bool

    /// Creates a record of a visibility transition.
    public init(isHiding: Bool, isInteractive: Bool) {
        self.isHiding = isHiding
        self.isInteractive = isInteractive
    }

    /// `hide` or `show`, followed by ` interactive` for an interactive pop.
    public var description: String { (isHiding ? "hide" : "show") + (isInteractive ? " interactive" : "") }
}
