/// One event the host tells lifecycle observers, with what the callback receives besides the screen.
enum _ObserverEvent {
    case willRun(LifecycleCall)
    case didRun(LifecycleCall)
    case willBegin(LifecyclePhase, animated: Bool)
    case didEnd(LifecyclePhase, animated: Bool)
    case didJoinHierarchy
    case didLeaveHierarchy(LeaveReason, window: Window?)
    case interactivePopDidBegin(NavigationController, InteractivePopEvent)
    case interactivePopDidEnd(NavigationController, InteractivePopEvent)
    case didEnterBackground(Window)
    case didEnterForeground(Window)
    case visibleStateDidChange(VisibleStateChange)

    /// Whether observers receive it in the order of *will* callbacks (general to specific), rather than in the
    /// reverse order of *did* callbacks.
    var isWill: Bool {
        switch self {
        case .willRun, .willBegin: return true
        default: return false
        }
    }

    /// Calls the observer's callback for this event about `screen`.
    func deliver(to observer: any ScreenLifecycleObserver, screen: Screen) {
        switch self {
        case .willRun(let call):
            observer.screen(screen, willRun: call)
        case .didRun(let call):
            observer.screen(screen, didRun: call)
        case .willBegin(let phase, let animated):
            observer.screen(screen, willBegin: phase, animated: animated)
        case .didEnd(let phase, let animated):
            observer.screen(screen, didEnd: phase, animated: animated)
        case .didJoinHierarchy:
            observer.screenDidJoinHierarchy(screen)
        case .didLeaveHierarchy(let reason, let window):
            observer.screenDidLeaveHierarchy(screen, reason: reason, window: window)
        case .interactivePopDidBegin(let navigation, let event):
            observer.navigationController(navigation, interactivePopDidBegin: event)
        case .interactivePopDidEnd(let navigation, let event):
            observer.navigationController(navigation, interactivePopDidEnd: event)
        case .didEnterBackground(let window):
            observer.windowDidEnterBackground(window)
        case .didEnterForeground(let window):
            observer.windowDidEnterForeground(window)
        case .visibleStateDidChange(let change):
            observer.screen(screen, visibleStateDidChange: change)
        }
    }
}
