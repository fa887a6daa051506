/// A screen's navigation-bar and status-bar state: what the host keeps on a screen for its appearance.
struct _ScreenChrome {
    /// The navigation item, created on first use.
    var navigationItem: NavigationItem?
    /// The back item, created on first use.
    var navigationBackItem: BarButtonItem?
    /// Whether the back item is shown.
    var backItemVisibility: NavigationBackItemVisibility = .automatic
    /// What the bar showed when the screen last disappeared while staying in its stack.
    var navigationBarStash: NavigationBarAppearance?
    /// Told when the stash is restored.
    weak var navigationBarRestoreDelegate: (any NavigationBarRestoreDelegate)?
    /// The stack screen this current-context presentation is appearing for, from its `viewWillAppear` to its
    /// `viewDidAppear` (or a `viewWillDisappear` that turns it around): kept, because a dismissal requested meanwhile
    /// unlinks the presentation at once.
    weak var appearingInPlaceOf: Screen?
    /// Whether a non-covering presentation of the screen decides the status bar.
    var capturesStatusBarAppearance = false
    /// The override of the parent's status-bar visibility this screen installed, if any.
    var parentStatusBarOverride: _ParentStatusBarOverride?
}
