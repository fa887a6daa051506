/// A navigation controller's bar, defaults and global-appearance proxy.
struct _NavigationControllerChrome {
    /// The bar, created on first use.
    var bar: NavigationBar?
    /// The controller's defaults, the second level of resolution.
    var defaults = NavigationBarAttributes()
    /// The global appearance, the third level of resolution.
    var proxy: NavigationBarAppearanceProxy = .shared
    /// Whether the controller applies, stashes and restores appearances.
    var managesAppearance = true
    /// The screen whose restore delegate's `willRestore` runs, if any; `nil` again once an update asked from that
    /// `willRestore` dropped the stash it restores.
    weak var screenRestoring: Screen?
}
