/// Why an interactive pop may not begin (the gating rules of the full-screen pop gesture).
public enum PopGestureRefusal: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// There is only one screen in the stack, or none (its only screen was removed from it).
    case singleScreen
    /// A transition is animating, running its calls or queued in the window (one whose completion runs has ended), a
    /// transition of the navigation controller waits or runs its calls elsewhere (in the window it left, or at once in
    /// no window), another interactive pop is in progress, a screen on screen through the controller is between its
    /// will-call and its did-call (a child added to a screen on screen appears at once), or a change of the stack is
    /// running the app's code (a willPop, willMove, didPop or didMove of that change, or an observer's join of a screen
    /// it adds); also when the top screen's
    /// ``Screen/shouldPop(trigger:)`` changed the top two screens of the stack without animation before it allowed the
    /// pop.
    case transitionRunning
    /// The navigation controller is not on screen, is going off screen (a covering presentation's transition has
    /// started), or is still coming on screen (its `viewDidAppear` has not run: a dismissal that uncovers it is
    /// still animating).
    case notOnScreen
    /// A screen presented above the navigation controller takes the touches, as UIKit's presentation covers the
    /// window: a sheet, or a covering presentation whose transition still waits in the queue.
    case coveredByPresentation
    /// The drag goes away from the back direction (mirrored for right-to-left layouts).
    case wrongDirection
    /// The top screen refused it (``Screen/shouldPop(trigger:)`` returned `false`).
    case refusedByScreen

    /// The reason's name.
    public var description: String { rawValue }
}
