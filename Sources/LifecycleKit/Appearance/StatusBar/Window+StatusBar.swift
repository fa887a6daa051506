import HookKit

/// The effective status bar, computed from the root down.
///
/// ```swift
/// print(window.statusBar)   // visible lightContent
/// try Window.statusBarDidChange.after(.instance(window)) { _, change, _ in print(change) }
/// ```
///
/// The screen that decides the visibility (``screenForStatusBarHidden``) is found from the root:
/// 1. Start at the root screen.
/// 2. If screens are presented above the current one (a current-context presentation is presented above its
///    context, so it counts once the walk reaches that screen), the top-most presented screen that captures
///    the status bar takes its place: a ``ModalPresentationStyle/fullScreen`` presentation always
///    captures, and so does a ``ModalPresentationStyle/currentContext`` one whose context is in the window's
///    root hierarchy or in a full-screen presentation (one inside a sheet or an over-full-screen presentation is
///    as that presentation); a sheet and ``ModalPresentationStyle/overFullScreen`` capture only with
///    ``Screen/modalPresentationCapturesStatusBarAppearance``, as in UIKit.
/// 3. If that screen's `childForStatusBarHidden` names a screen it *currently* contains, a child or a
///    child's descendant, also through a current-context presentation in the place of that screen or of one
///    inside it (a ``NavigationController`` names its top screen), continue from that screen at step 2. A
///    child that was removed is ignored once it has left (a popped screen counts until its pop's transition
///    ends), so its parent decides again (the article's bug, fixed).
/// 4. The screen reached decides, through its `prefersStatusBarHidden` hook point.
///
/// The style is found the same way through `childForStatusBarStyle` and `preferredStatusBarStyle`,
/// with one difference, UIKit's: a ``NavigationController`` names its top screen for the style only
/// while its navigation bar is hidden; while the bar is visible it decides itself, from the bar's
/// style (``NavigationBarStyle/black`` gives ``StatusBarStyle/lightContent``, the default bar
/// ``StatusBarStyle/default``). See ``NavigationController/childForStatusBarStyle`` for letting the
/// top screen decide anyway.
///
/// The window recomputes the status bar when a transition starts and when it completes (pushes,
/// pops, interactive pops, presentations, dismissals, root changes), when a child is added or
/// removed, when a navigation bar is shown or hidden or changes its style, and on
/// ``Screen/setNeedsStatusBarAppearanceUpdate()``; ``statusBarDidChange`` reports each change.
extension Window {
    /// Called after the effective status bar changed, with the change.
    public static let statusBarDidChange = HookPoint<Window, StatusBarChange, Void>("Window.statusBarDidChange")

    /// The effective status bar, as computed last; visible with the default style when there is no root.
    public var statusBar: StatusBarAppearance { _statusBar }

    /// The screen whose `prefersStatusBarHidden` decides the status bar's visibility now.
    public var screenForStatusBarHidden: Screen? {
        _decidingScreen { $0._childForStatusBarHidden }
    }

    /// The screen whose `preferredStatusBarStyle` decides the status bar's style now.
    public var screenForStatusBarStyle: Screen? {
        _decidingScreen { $0._childForStatusBarStyle }
    }

    /// Recomputes the status bar now (see ``Screen/setNeedsStatusBarAppearanceUpdate()``).
    public func setNeedsStatusBarAppearanceUpdate() {
        _updateStatusBar()
    }

    /// Walks from the root through capturing presentations and `child`.
    private func _decidingScreen(_ child: (Screen) -> Screen?) -> Screen? {
        guard let root = rootScreen else { return nil }
        var screen = root._statusBarCapturingScreen
        while let next = child(screen) {
            screen = next._statusBarCapturingScreen
        }
        return screen
    }

    /// Recomputes the status bar, and reports a change.
    func _updateStatusBar() {
        var new = StatusBarAppearance()
        if let screen = screenForStatusBarHidden {
            new.isHidden = screen._prefersStatusBarHidden
        }
        if let screen = screenForStatusBarStyle {
            new.style = screen._preferredStatusBarStyle
        }
        let old = _statusBar
        guard new != old else { return }
        _statusBar = new
        Window.statusBarDidChange.invoke(self, StatusBarChange(old: old, new: new)) { _, _ in }
    }
}
