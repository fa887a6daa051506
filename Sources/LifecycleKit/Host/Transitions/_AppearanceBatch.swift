/// The screens a transition (or an interactive pop) sent a will-call to, so that each gets its did-call.
///
/// A transition ends the screens it began through forwarding, parent first. A screen that left its
/// parent meanwhile is no longer reached that way; ``finish(animated:)`` ends it anyway, because UIKit
/// balances every will-call of a view that leaves.
final class _AppearanceBatch {
    /// The screens begun in this batch, in order; a screen may appear twice (it began again).
    ///
    /// `@exclusivity(unchecked)`, as ``Screen``'s state is (see there).
    @exclusivity(unchecked) private var screens: [Screen] = []

    /// Records that `screen` began an appearance transition in this batch.
    func add(_ screen: Screen) {
        screen._onScreenBatch = self
        screens.append(screen)
    }

    /// Ends, in the order they began, the screens of this batch still waiting for their did-call.
    func finish(animated: Bool) {
        let begun = screens
        screens = []
        for screen in begun where screen._onScreenBatch === self && screen._appearance.isInTransition {
            screen._endAppearanceTransition(animated: animated)
        }
    }
}
