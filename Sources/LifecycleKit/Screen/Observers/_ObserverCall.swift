/// The argument of the observers' hook point: an event, and where registrations collect themselves for a *will*
/// event.
///
/// Each global registration is one after hook on the point, so HookKit runs them in the order of *did* callbacks.
/// For a *did* event a registration delivers the event at once; for a *will* event it only adds its observer to
/// `collector`, and the host delivers the event to the collected observers in reverse, which is the order of *will*
/// callbacks.
struct _ObserverCall {
    /// What happened.
    let event: _ObserverEvent
    /// Where registrations add their observers for a *will* event; `nil` for a *did* event.
    let collector: UnsafeMutablePointer<_CollectedObservers>?
}
