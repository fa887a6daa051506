/// An observer that is told when a window it is attached to goes away (is deinitialized while attached), so that
/// what it counts for that window's screens can end then rather than never.
protocol _WindowEndObserver: AnyObject {
    /// A window this observer was attached to went away; its weak references to that window are `nil` already.
    func _attachedWindowWentAway()
}
