/// Where a screen is on screen: its place in the tree of what the host shows.
///
/// The hierarchy (parents, stacks, presentations) changes at once when a request is made; what is on
/// screen follows when the request's transition runs. This tree records what is on screen, so that a
/// transition makes disappear exactly what is shown, whatever happened to the hierarchy meanwhile.
struct _OnScreenLinks {
    /// The screens on screen through this one (its appearance was forwarded to them), in the order they appeared.
    var children: [Screen] = []
    /// The screen this one is on screen through, while it is on screen as a child.
    weak var parent: Screen?
    /// The window this screen is on screen in as a unit (a root or a window-level presentation).
    weak var window: Window?
    /// The transition or interactive pop that owes this screen its did-call.
    weak var batch: _AppearanceBatch?
}
