import HookKit

/// Navigation-bar preferences (RR's `prefersNavigationBarHidden` and siblings), read through hook
/// points so they can be overridden per type or per instance without subclassing.
///
/// ```swift
/// final class ProfileScreen: Screen {
///     override var prefersNavigationBarTransparent: Bool? { true }
///     override var preferredNavigationItemColor: RGBAColor? { .white }
/// }
///
/// // The same for one screen, without a subclass:
/// try Screen.prefersNavigationBarTransparent.override(.instance(profile)) { _ in { _, _ in true } }
/// ```
///
/// Each preference answers `nil` for "no preference", and each attribute resolves on its own, most
/// specific first: the screen's preference, its navigation controller's defaults
/// (``NavigationController/navigationBarDefaults``), the global appearance
/// (``NavigationBarAppearanceProxy``), then the built-in look (``NavigationBarAppearance/builtIn``).
extension Screen {
    /// `prefersNavigationBarHidden`.
    public static let prefersNavigationBarHidden = HookPoint<Screen, Void, Bool?>("Screen.prefersNavigationBarHidden")
    /// `prefersNavigationBarTransparent`.
    public static let prefersNavigationBarTransparent = HookPoint<Screen, Void, Bool?>(
        "Screen.prefersNavigationBarTransparent")
    /// `preferredNavigationBarColor`.
    public static let preferredNavigationBarColor = HookPoint<Screen, Void, RGBAColor?>(
        "Screen.preferredNavigationBarColor")
    /// `preferredNavigationItemColor`.
    public static let preferredNavigationItemColor = HookPoint<Screen, Void, RGBAColor?>(
        "Screen.preferredNavigationItemColor")
    /// `preferredNavigationBarBackgroundImage`.
    public static let preferredNavigationBarBackgroundImage = HookPoint<Screen, Void, String?>(
        "Screen.preferredNavigationBarBackgroundImage")
    /// `preferredNavigationBarShadowImage`.
    public static let preferredNavigationBarShadowImage = HookPoint<Screen, Void, String?>(
        "Screen.preferredNavigationBarShadowImage")
    /// `preferredNavigationTitleTextAttributes`.
    public static let preferredNavigationTitleTextAttributes = HookPoint<Screen, Void, TitleTextAttributes?>(
        "Screen.preferredNavigationTitleTextAttributes")
    /// `preferredNavigationBarStyle`.
    public static let preferredNavigationBarStyle = HookPoint<Screen, Void, NavigationBarStyle?>(
        "Screen.preferredNavigationBarStyle")

    /// The screen's own level of resolution: its eight preferences, each read through its hook point.
    public var navigationBarPreferences: NavigationBarAttributes {
        NavigationBarAttributes(
            isHidden: Screen.prefersNavigationBarHidden.invoke(self) { $0.prefersNavigationBarHidden },
            isTransparent: Screen.prefersNavigationBarTransparent.invoke(self) { $0.prefersNavigationBarTransparent },
            barColor: Screen.preferredNavigationBarColor.invoke(self) { $0.preferredNavigationBarColor },
            itemColor: Screen.preferredNavigationItemColor.invoke(self) { $0.preferredNavigationItemColor },
            backgroundImage: Screen.preferredNavigationBarBackgroundImage.invoke(self) {
                $0.preferredNavigationBarBackgroundImage
            },
            shadowImage: Screen.preferredNavigationBarShadowImage.invoke(self) { $0.preferredNavigationBarShadowImage },
            titleTextAttributes: Screen.preferredNavigationTitleTextAttributes.invoke(self) {
                $0.preferredNavigationTitleTextAttributes
            },
            barStyle: Screen.preferredNavigationBarStyle.invoke(self) { $0.preferredNavigationBarStyle })
    }

    /// The screen's navigation-bar appearance, resolved now: in its navigation controller (see
    /// ``NavigationController/resolvedNavigationBarAppearance(for:)``), or from the shared global
    /// appearance when it has none.
    public var resolvedNavigationBarAppearance: NavigationBarAppearance {
        // Through the controller a popped screen is leaving too, which unlinked it when its transition started.
        if let navigation = _hierarchyNavigationController {
            return navigation.resolvedNavigationBarAppearance(for: self)
        }
        return NavigationBarAppearance.builtIn
            .applying(NavigationBarAppearanceProxy.shared.attributes)
            .applying(navigationBarPreferences)
    }

    /// Resolves the screen's appearance again and applies it to the bar.
    ///
    /// Call it when a preference changes (RR's "force update"), for example from a scroll callback:
    ///
    /// ```swift
    /// func scrollViewDidScroll(offset: Double) {
    ///     headerIsVisible = offset < 120
    ///     updateNavigationAppearance(animated: true)   // prefersNavigationBarTransparent follows the header
    /// }
    /// ```
    ///
    /// The screen of the stack that is, or contains, this screen is the one resolved. When it is on the
    /// bar the bar changes now (``NavigationBarChange/Reason/update``); when it is covered, its stash is
    /// dropped so that it resolves afresh when it appears again. Does nothing outside a navigation stack.
    public func updateNavigationAppearance(animated: Bool = false) {
        var screen = self
        while let parent = screen._hierarchyParent {
            if let navigation = parent as? NavigationController,
                navigation._isInStack(screen) || navigation._isPoppingInteractively(screen)
            {
                navigation._updateNavigationAppearance(of: screen, animated: animated)
                return
            }
            screen = parent
        }
    }

    /// What the bar showed when this screen last disappeared while staying in its stack (or while an interactive
    /// pop took it out, until the pop finishes), to be restored when it appears again; `nil` when there is nothing
    /// to restore.
    public var stashedNavigationBarAppearance: NavigationBarAppearance? { _chrome.navigationBarStash }

    /// The object told when this screen's stash is restored; `nil` (the default) for the screen itself if it
    /// adopts ``NavigationBarRestoreDelegate``.
    ///
    /// Held weakly.
    public var navigationBarRestoreDelegate: (any NavigationBarRestoreDelegate)? {
        get { _chrome.navigationBarRestoreDelegate }
        set { _chrome.navigationBarRestoreDelegate = newValue }
    }
}
