/// A step of an interactive pop, as ``NavigationController/interactivePopDidChange`` reports it
/// (QMUI's `poppingByInteractiveGestureRecognizer:isCancelled:…`).
///
/// The roles stay the same through the gesture: ``poppingScreen`` is the top screen being
/// dragged away, ``revealedScreen`` the one below; ``isCancelled`` tells how it ended.
public struct InteractivePopEvent {
    /// Where the gesture is.
    public enum Phase: String, Sendable, Hashable, CustomStringConvertible {
        /// The gesture began: poppingScreen.viewWillDisappear and revealedScreen.viewWillAppear ran.
        case began
        /// The gesture moved; ``InteractivePopEvent/progress`` changed.
        case changed
        /// The finger lifted and the pop completed.
        case finished
        /// The finger lifted and the pop was cancelled: the popping screen stays.
        case cancelled

        /// The phase's name.
        public var description: String { rawValue }
    }

    /// Where the gesture is.
    public let phase: Phase
    /// The top screen, being dragged away.
    public let poppingScreen: Screen
    /// The screen below it, being revealed.
    public let revealedScreen: Screen
    /// How far the gesture went, from 0 to 1.
    public let progress: Double

    /// Whether the gesture ended by cancelling (only meaningful once it ended).
    public var isCancelled: Bool { phase == .cancelled }
}
