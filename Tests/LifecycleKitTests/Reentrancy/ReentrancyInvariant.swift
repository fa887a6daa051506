/// An invariant the re-entrancy explorer checks: the kind of a failure it reports.
///
/// The invariants come from the documented behaviour of the host, not from its code. The documented exceptions are
/// the only ones allowed: a cancelled interactive pop turns its will-calls around and ends no willPop or
/// willMove(toParent: nil) it sent (a cancelled swipe turns the sheet's around, and ends no presentationWillDismiss());
/// a child that leaves its container during its addChild gets no didMove(toParent:) for that container; a screen that
/// joined a stack off screen owes its didMove(toParent:) until it first appears; the popping screen of an interactive
/// pop waits for the pop's end to get its viewDidDisappear, even under a controller that left the screen.
enum ReentrancyInvariant: String, CaseIterable {
    /// Each appearance call follows the one it must: viewWillAppear, viewDidAppear, viewWillDisappear,
    /// viewDidDisappear, in turn.
    case appearanceOrder = "appearance calls in order"
    /// Each didMove(toParent:) ends the oldest pending willMove(toParent:) of its screen, with the same parent, and
    /// none is left pending once settled.
    case moveBalance = "willMove and didMove balanced"
    /// Each didPop ends a willPop of its screen, and none is left pending once settled.
    case popBalance = "willPop and didPop balanced"
    /// Each presentationDidDismiss() ends a presentationWillDismiss() of its screen (a cancelled swipe ends none).
    case dismissalBalance = "presentationWillDismiss and presentationDidDismiss balanced"
    /// Every accepted request completes exactly once (once settled; never twice before), a refused one never.
    case completionOnce = "each completion fires once"
    /// The host refuses a request only with a typed ``LifecycleError``.
    case typedRefusal = "refusals are typed errors"
    /// A step makes at most 200,000 callbacks, and settling converges.
    case termination = "every step ends"
    /// Once settled, the transition driver is idle and its queue is empty.
    case queueDrains = "the queue drains"
    /// Once settled, no screen waits for a did-call, and exactly the screens the window shows by UIKit's rules are
    /// on screen by their calls (``Window/expectedOnScreen``), each with a visible state that agrees.
    case settledAppearance = "the right screens on screen once settled"
    /// Parents and children, stacks, presenters and windows agree, with no containment cycle, at every step.
    case links = "the hierarchy's links agree"
    /// A screen on screen by its calls is in the window's hierarchy whenever no transition or pop is under way.
    case onScreenInWindow = "on-screen screens in the window"
    /// A screen that waits for its did-call, at every step, is not on screen through a screen that has disappeared by
    /// its calls: a screen that disappears ends the appearance calls of what goes off screen through it (the popping
    /// screen of an interactive pop in progress excepted, which waits for the pop's end).
    case inTransitionUnderScreensOnScreen = "screens in transition only under screens on screen"
    /// Once the sequence ends and the pool is dropped, the host keeps only the screens of its hierarchy alive, and
    /// none once its window is gone.
    case release = "screens released"
}
