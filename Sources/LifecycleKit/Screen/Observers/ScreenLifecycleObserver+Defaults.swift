/// Every callback does nothing by default: an observer implements only what it needs.
extension ScreenLifecycleObserver {
    /// Does nothing.
    public func screen(_ screen: Screen, willRun call: LifecycleCall) {}

    /// Does nothing.
    public func screen(_ screen: Screen, didRun call: LifecycleCall) {}

    /// Does nothing.
    public func screen(_ screen: Screen, willBegin phase: LifecyclePhase, animated: Bool) {}

    /// Does nothing.
    public func screen(_ screen: Screen, didEnd phase: LifecyclePhase, animated: Bool) {}

    /// Does nothing.
    public func screenDidJoinHierarchy(_ screen: Screen) {}

    /// Does nothing.
    public func screenDidLeaveHierarchy(_ screen: Screen, reason: LeaveReason, window: Window?) {}

    /// Does nothing.
    public func navigationController(
        _ navigationController: NavigationController, interactivePopDidBegin event: InteractivePopEvent
    ) {}

    /// Does nothing.
    public func navigationController(
        _ navigationController: NavigationController, interactivePopDidEnd event: InteractivePopEvent
    ) {}

    /// Does nothing.
    public func windowDidEnterBackground(_ window: Window) {}

    /// Does nothing.
    public func windowDidEnterForeground(_ window: Window) {}

    /// Does nothing.
    public func screen(_ screen: Screen, visibleStateDidChange change: VisibleStateChange) {}
}
