/// Why a sheet's swipe-down dismissal may not begin (see ``Screen/interactiveDismissalRefusal()``).
public enum DismissGestureRefusal: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Neither the screen nor a container it is in was presented.
    case notPresented
    /// The presentation is not a sheet (``ModalPresentationStyle/pageSheet``, ``ModalPresentationStyle/formSheet``
    /// or ``ModalPresentationStyle/automatic``): full-screen and current-context presentations have no swipe.
    case notASheet
    /// The presented screen is not on screen in a visible window (its presentation still animates in, or its window
    /// is hidden).
    case notOnScreen
    /// A screen presented above it takes the touches.
    case coveredByPresentation
    /// A transition is animating, running its calls or queued in the window, an interactive transition (a pop, another
    /// dismissal) is in progress, or a screen on screen through the presented screen is between its will-call and
    /// its did-call.
    case transitionRunning
    /// The presented screen is ``Screen/isModalInPresentation`` (or, for a navigation controller, its top screen is).
    case modalInPresentation
    /// The presented screen refused it (``Screen/presentationShouldDismiss()`` returned `false`).
    case refusedByScreen

    /// The reason's name.
    public var description: String { rawValue }
}
