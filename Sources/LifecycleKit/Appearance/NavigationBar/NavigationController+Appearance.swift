/// The navigation bar: defaults per controller (RR's `UINavigationController+RRSet`), the global
/// appearance, and applying, stashing and restoring screens' appearances across transitions.
///
/// ```swift
/// let navigation = try NavigationController(rootScreen: home)
/// navigation.defaultNavigationBarColor = try RGBAColor(hex: "#FFFFFF")
/// navigation.defaultNavigationItemColor = try RGBAColor(hex: "#007AFF")
/// ```
///
/// How it works, in the order of a transition:
/// - When a screen of the stack disappears while staying in the stack (a push above it, the controller
///   going off screen), or while an interactive pop takes it out of the stack (a cancel puts it back),
///   what the bar shows is stashed on it.
/// - When a screen of the stack appears, before its own `viewWillAppear` runs: if it has a stash, the
///   stash is restored through its ``NavigationBarRestoreDelegate`` (``NavigationBarChange/Reason/restore``);
///   otherwise its resolved appearance is applied (``NavigationBarChange/Reason/appear``). So a pop
///   restores the screen below, an interactive pop applies the revealed screen's appearance when it
///   begins, and a cancelled one restores the top screen's.
/// - When the appearing screen hides a visible bar or shows a hidden one, the change is part of the
///   transition: it animates with it, and ``NavigationBar/visibilityTransition`` records it until the
///   screen's `viewDidAppear`.
/// - A screen that leaves the stack loses its stash.
///
/// Only the screens of the stack count (not the children of a container in it: a container that
/// wants a child's look forwards its preferences). A controller that is not on screen changes nothing.
extension NavigationController {
    /// The controller's navigation bar.
    public var navigationBar: NavigationBar {
        if let bar = _navigationChrome.bar { return bar }
        let bar = NavigationBar(navigationController: self)
        _navigationChrome.bar = bar
        return bar
    }

    /// Whether the controller applies, stashes and restores its screens' appearances; `true` by default.
    ///
    /// Turn it off to drive ``navigationBar`` yourself (``NavigationBar/setAppearance(_:animated:)``). Meanwhile the
    /// screens that appear still take the bar (``NavigationBar/owner``), and drop a stash they kept from before once
    /// their appearance completes, so that once it is on again, the screen on the bar is stashed as it leaves, with
    /// the changes you made.
    public var managesNavigationBarAppearance: Bool {
        get { _navigationChrome.managesAppearance }
        set { _navigationChrome.managesAppearance = newValue }
    }

    /// The global appearance this controller reads, the third level of resolution;
    /// ``NavigationBarAppearanceProxy/shared`` by default.
    public var navigationBarAppearanceProxy: NavigationBarAppearanceProxy {
        get { _navigationChrome.proxy }
        set { _navigationChrome.proxy = newValue }
    }

    /// The controller's defaults, the second level of resolution: each attribute set here applies to the
    /// screens of this stack that have no preference for it.
    ///
    /// A change applies from the next resolved appearance (a screen that comes back restores its stash instead);
    /// ``refreshNavigationBarAppearance(animated:)`` applies it now and drops the stashes.
    public var navigationBarDefaults: NavigationBarAttributes {
        get { _navigationChrome.defaults }
        set { _navigationChrome.defaults = newValue }
    }

    /// The default visibility of the bar (``NavigationBarAttributes/isHidden`` of ``navigationBarDefaults``).
    public var defaultNavigationBarHidden: Bool? {
        get { navigationBarDefaults.isHidden }
        set { navigationBarDefaults.isHidden = newValue }
    }

    /// The default transparency of the bar.
    public var defaultNavigationBarTransparent: Bool? {
        get { navigationBarDefaults.isTransparent }
        set { navigationBarDefaults.isTransparent = newValue }
    }

    /// The default background color of the bar.
    public var defaultNavigationBarColor: RGBAColor? {
        get { navigationBarDefaults.barColor }
        set { navigationBarDefaults.barColor = newValue }
    }

    /// The default color of the bar's items.
    public var defaultNavigationItemColor: RGBAColor? {
        get { navigationBarDefaults.itemColor }
        set { navigationBarDefaults.itemColor = newValue }
    }

    /// The default background image of the bar.
    public var defaultNavigationBarBackgroundImage: String? {
        get { navigationBarDefaults.backgroundImage }
        set { navigationBarDefaults.backgroundImage = newValue }
    }

    /// The default shadow image of the bar.
    public var defaultNavigationBarShadowImage: String? {
        get { navigationBarDefaults.shadowImage }
        set { navigationBarDefaults.shadowImage = newValue }
    }

    /// The default title attributes of the bar.
    public var defaultNavigationTitleTextAttributes: TitleTextAttributes? {
        get { navigationBarDefaults.titleTextAttributes }
        set { navigationBarDefaults.titleTextAttributes = newValue }
    }

    /// The default style of the bar.
    public var defaultNavigationBarStyle: NavigationBarStyle? {
        get { navigationBarDefaults.barStyle }
        set { navigationBarDefaults.barStyle = newValue }
    }

    /// The appearance of `screen` in this controller: each attribute from `screen`'s preferences, else
    /// ``navigationBarDefaults``, else ``navigationBarAppearanceProxy``, else ``NavigationBarAppearance/builtIn``.
    public func resolvedNavigationBarAppearance(for screen: Screen) -> NavigationBarAppearance {
        NavigationBarAppearance.builtIn
            .applying(navigationBarAppearanceProxy.attributes)
            .applying(navigationBarDefaults)
            .applying(screen.navigationBarPreferences)
    }

    /// Whether the bar is hidden.
    public var isNavigationBarHidden: Bool { navigationBar.isHidden }

    /// Shows or hides the bar directly (a ``NavigationBarChange/Reason/direct`` change), until the next
    /// appearance is applied.
    ///
    /// The next appearance is applied at the `viewWillAppear` of the next screen that appears in the stack, before
    /// its own method runs: a change made before then (from a pushed screen's `viewDidLoad`, or before the controller
    /// comes on screen) is replaced. Make it from that `viewWillAppear`, or state it as the screen's preference
    /// (``Screen/prefersNavigationBarHidden-swift.property``).
    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool = false) {
        var appearance = navigationBar.appearance
        appearance.isHidden = hidden
        navigationBar.setAppearance(appearance, animated: animated)
    }

    /// Forgets every screen's stash and applies the resolved appearance of the screen on the bar: use it
    /// after changing ``navigationBarDefaults`` or the global appearance.
    public func refreshNavigationBarAppearance(animated: Bool = false) {
        guard managesNavigationBarAppearance else { return }
        for screen in viewControllers {
            screen._chrome.navigationBarStash = nil
        }
        // Asked from a screen's willRestore, the stash that restore is about to apply too.
        _navigationChrome.screenRestoring = nil
        // The popping screen of an interactive pop left the stack, but a cancel puts it back.
        if let pop = interactivePop, pop.state == .active {
            pop.poppingScreen._chrome.navigationBarStash = nil
        }
        if let bar = _navigationChrome.bar, let owner = bar.owner {
            bar._apply(
                resolvedNavigationBarAppearance(for: owner), reason: .update, screen: owner, animated: animated,
                isInteractive: false)
        }
    }

    // MARK: - Steps of a transition

    /// Whether `screen` is in the stack.
    func _isInStack(_ screen: Screen) -> Bool {
        viewControllers.contains { $0 === screen }
    }

    /// A screen of the stack is about to appear: restore its stash, or apply its resolved appearance.
    ///
    /// While the controller does not manage the bar, the screen takes it all the same (``NavigationBar/owner``), so
    /// that what the bar shows is stashed when it disappears once the controller manages the bar again; a stash it
    /// kept from before is dropped once its appearance completes (``_stackScreenDidAppear(_:)``), not before: the
    /// screen an interactive pop reveals keeps it if the pop is cancelled.
    func _stackScreenWillAppear(_ screen: Screen, animated: Bool) {
        guard _isInStack(screen) else { return }
        guard managesNavigationBarAppearance else {
            navigationBar.owner = screen
            return
        }
        let bar = navigationBar
        let isInteractive = _isRevealedInteractively(screen)
        bar._ownerAppearsAnimated = animated
        guard let stash = screen._chrome.navigationBarStash else {
            // Already on the bar: a current-context presentation that stood in for it went away, or one stands in
            // for another (the bar showed the screen all along).
            if bar.owner === screen {
                bar._wasHiddenWhenOwnerStartedAppearing = bar.isHidden
                return
            }
            bar._apply(
                resolvedNavigationBarAppearance(for: screen), reason: .appear, screen: screen, animated: animated,
                isInteractive: isInteractive)
            return
        }
        screen._chrome.navigationBarStash = nil
        let delegate = screen.navigationBarRestoreDelegate ?? (screen as? any NavigationBarRestoreDelegate)
        var restored = stash
        guard let delegate else {
            return bar._apply(
                restored, reason: .restore, screen: screen, animated: animated, isInteractive: isInteractive)
        }
        // An update asked from willRestore (the screen's `updateNavigationAppearance`, the controller's
        // `refreshNavigationBarAppearance`) drops the stash being restored: the screen's appearance is resolved afresh
        // instead, as for a screen without a stash.
        let screenRestoringBefore = _navigationChrome.screenRestoring
        _navigationChrome.screenRestoring = screen
        delegate.willRestore(&restored, for: screen)
        let wasDropped = _navigationChrome.screenRestoring !== screen
        _navigationChrome.screenRestoring = screenRestoringBefore
        if wasDropped {
            restored = resolvedNavigationBarAppearance(for: screen)
        }
        bar._apply(
            restored, reason: wasDropped ? .appear : .restore, screen: screen, animated: animated,
            isInteractive: isInteractive)
        delegate.didRestore(restored, for: screen)
    }

    /// A screen is about to disappear: if the bar shows it and it stays in the stack, stash what the bar shows.
    ///
    /// The popping screen of an interactive pop left the stack when the pop began, but a cancel puts it back: it is
    /// stashed too, so that a cancel restores exactly what the bar showed. A finished pop detaches it, which drops
    /// the stash. A screen that still has a stash (it appeared while the bar was not managed, and its appearance never
    /// completed: a pop revealed it and was cancelled) keeps that one.
    func _stackScreenWillDisappear(_ screen: Screen) {
        guard let bar = _navigationChrome.bar, bar.owner === screen else { return }
        bar.owner = nil
        bar.visibilityTransition = nil
        if managesNavigationBarAppearance, screen._chrome.navigationBarStash == nil,
            _isInStack(screen) || _isPoppingInteractively(screen)
        {
            screen._chrome.navigationBarStash = bar.appearance
        }
    }

    /// A screen appeared: the visibility change its transition made is over.
    ///
    /// A stash the screen still has (it began to appear while the bar was not managed, see
    /// ``_stackScreenWillAppear(_:animated:)``) is out of date now that the screen came back: dropped.
    func _stackScreenDidAppear(_ screen: Screen) {
        if screen._chrome.navigationBarStash != nil, _isInStack(screen) {
            screen._chrome.navigationBarStash = nil
        }
        guard let bar = _navigationChrome.bar, bar.owner === screen else { return }
        bar.visibilityTransition = nil
    }

    /// `entry` (a screen of the stack) asked for its appearance to be resolved again.
    func _updateNavigationAppearance(of entry: Screen, animated: Bool) {
        guard managesNavigationBarAppearance else { return }
        if let bar = _navigationChrome.bar, bar.owner === entry {
            bar._apply(
                resolvedNavigationBarAppearance(for: entry), reason: .update, screen: entry, animated: animated,
                isInteractive: false)
        } else {
            // Not on the bar: resolve afresh when it appears again, rather than restoring an outdated stash (or the
            // one its restore is about to apply, asked from its willRestore).
            entry._chrome.navigationBarStash = nil
            if _navigationChrome.screenRestoring === entry { _navigationChrome.screenRestoring = nil }
        }
    }
}
