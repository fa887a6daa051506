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
