/// A step of an interactive pop, as ``NavigationController/interactivePopDidChange`` reports it
/// (QMUI's `poppingByInteractiveGestureRecognizer:isCancelled:…`).
///
/// The roles stay the same through the gesture: ``poppingScreen`` is the screen being dragged away (the top
/// screen when the gesture began), ``revealedScreen`` the one below; ``isCancelled`` tells how it ended. QMUI names
/// the two by what happens to them next (`viewControllerWillDisappear`, `viewControllerWillAppear`), so on a cancel
/// its arguments swap; here, on a cancel, ``revealedScreen`` is the one that disappears and ``poppingScreen`` the one
/// that appears again.
public struct InteractivePopEvent {
    /// Where the gesture is.
    public enum Phase: String, Sendable, Hashable, CustomStringConvertible {
        /// The gesture began: the popping screen left the stack (its willPop and willMove(toParent: nil) ran), and
        /// poppingScreen.viewWillDisappear and revealedScreen.viewWillAppear ran.
        case began
        /// The gesture moved; ``InteractivePopEvent/progress`` changed.
        case changed
        /// The finger lifted and the pop completed.
        ///
        /// Reported once the pop's calls ran (the popping screen's didPop and didMove(toParent: nil), the revealed
        /// screen's viewDidAppear, didShow), right before its completion. QMUI's callback runs as the finger lifts,
        /// before those calls, as UIKit's transition coordinator tells of the interaction's end; here the finger lifts
        /// and the transition completes in one step, ``InteractivePop/finish()``, whose calls come first.
        case finished
        /// The finger lifted and the pop was cancelled: the popping screen is back on top of the stack.
        ///
        /// Reported once the cancel's calls ran (the popping screen's viewDidAppear, willShow and didShow), right
        /// before its completion, as for ``finished``.
        case cancelled

        /// The phase's name.
        public var description: String { rawValue }
    }

    /// Where the gesture is.
    public let phase: Phase
    /// The screen being dragged away: the top screen when the gesture began.
    public let poppingScreen: Screen
    /// The screen below it, being revealed.
    public let revealedScreen: Screen
    /// How far the gesture went, from 0 to 1.
    public let progress: Double

    /// Whether the gesture ended by cancelling (only meaningful once it ended).
    public var isCancelled: Bool { phase == .cancelled }
}
