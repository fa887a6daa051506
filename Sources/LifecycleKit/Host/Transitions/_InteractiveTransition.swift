/// An interactive transition that holds its window's transition queue until it ends: an ``InteractivePop`` or an
/// ``InteractiveDismissal``.
protocol _InteractiveTransition: AnyObject {
    /// The transition driver whose queue it holds, kept from the start: the screens may leave the window before the
    /// transition ends, and the queue must still go on.
    var driver: TransitionDriver? { get set }
    /// The driver that took over the queue it holds when its window's driver went away (see ``TransitionDriver``'s
    /// `deinit`); kept until the queue has gone on.
    var _standInDriver: TransitionDriver? { get set }
}

extension _InteractiveTransition {
    /// Lets the queue the transition held go on: releases it, recomputes the status bars of the driver's windows and of
    /// `window` (when the driver does not serve it, or is gone) unless `updatesStatusBars` is false, runs `completion`,
    /// then starts what waited.
    func _releaseQueue(updatesStatusBars: Bool = true, of window: Window?, then completion: () -> Void) {
        let driver = self.driver
        driver?._releaseInteractiveOwner(self)
        if updatesStatusBars {
            driver?._updateStatusBars()
            if let window, driver?._serves(window) != true {
                window._updateStatusBar()
            }
        }
        completion()
        driver?.drain()
        _standInDriver = nil
    }
}
