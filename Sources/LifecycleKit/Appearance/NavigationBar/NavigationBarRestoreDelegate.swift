/// Told when a screen's stashed navigation-bar appearance is restored, and allowed to change what is
/// restored (NavigationBarHelper's `willRestore(inout)` and `didRestore`).
///
/// A navigation controller stashes what the bar shows when the screen on it disappears while it
/// stays in the stack (or while an interactive pop, which a cancel may undo, takes it out), and
/// restores the stash when the screen appears again: after the screen above it is popped, when an
/// interactive pop is cancelled, or when the controller comes back on screen.
/// The delegate is the screen's ``Screen/navigationBarRestoreDelegate``, else the screen itself if
/// it adopts this protocol.
///
/// ```swift
/// final class FeedScreen: Screen, NavigationBarRestoreDelegate {
///     var headerIsCollapsed = false
///
///     func willRestore(_ appearance: inout NavigationBarAppearance, for screen: Screen) {
///         appearance.isTransparent = !headerIsCollapsed   // the scroll position may have changed
///     }
/// }
/// ```
///
/// Both methods have empty default implementations. A class that adopts the protocol should
/// implement both (subclasses can then override them): a subclass's method does not replace a
/// default implementation its superclass relied on.
public protocol NavigationBarRestoreDelegate: AnyObject {
    /// Called before `screen`'s stash is applied to the bar.
    ///
    /// Any attribute may be changed, visibility included. The changed appearance is what the bar
    /// shows; it becomes the screen's stash again the next time the screen disappears.
    ///
    /// An update asked from here (the screen's ``Screen/updateNavigationAppearance(animated:)``, the
    /// controller's ``NavigationController/refreshNavigationBarAppearance(animated:)``) drops the stash: the
    /// screen's appearance is resolved afresh and applied instead of `appearance` (a change with the reason
    /// ``NavigationBarChange/Reason/appear``), and ``didRestore(_:for:)`` is told what was applied.
    func willRestore(_ appearance: inout NavigationBarAppearance, for screen: Screen)

    /// Called after `screen`'s stash (as ``willRestore(_:for:)`` left it) was applied to the bar.
    func didRestore(_ appearance: NavigationBarAppearance, for screen: Screen)
}

extension NavigationBarRestoreDelegate {
    /// Restores the stash unchanged.
    public func willRestore(_ appearance: inout NavigationBarAppearance, for screen: Screen) {}

    /// Does nothing.
    public func didRestore(_ appearance: NavigationBarAppearance, for screen: Screen) {}
}
