/// What a window tells the statistics recorders and leak detectors attached to it, in the host's
/// own order: direct calls, so that `Hooks.isEnabled = false` and hook introspection do not see or
/// change them.
///
/// Every requirement has an empty default, so an observer implements only what it needs.
protocol _WindowObserver: AnyObject {
    /// `screen.viewDidAppear` (and its hooks) returned; its children have not appeared yet.
    func screenDidAppear(_ screen: Screen)
    /// `screen.viewWillDisappear` is about to run; the screen is already disappearing.
    func screenWillDisappear(_ screen: Screen)
    /// `screen.viewDidDisappear` (and its hooks) returned.
    func screenDidDisappear(_ screen: Screen)
    /// The window's application entered the background.
    func windowDidEnterBackground(_ window: Window)
    /// The window's application is back in the foreground (``Window/applicationState`` is `active`).
    func windowDidEnterForeground(_ window: Window)
    /// `screen` left `window`'s hierarchy with `reason`, once the transition that removed it completed.
    func screenDidLeaveHierarchy(_ screen: Screen, reason: LeaveReason, window: Window?)
}

extension _WindowObserver {
    func screenDidAppear(_ screen: Screen) {}
    func screenWillDisappear(_ screen: Screen) {}
    func screenDidDisappear(_ screen: Screen) {}
    func windowDidEnterBackground(_ window: Window) {}
    func windowDidEnterForeground(_ window: Window) {}
    func screenDidLeaveHierarchy(_ screen: Screen, reason: LeaveReason, window: Window?) {}
}
