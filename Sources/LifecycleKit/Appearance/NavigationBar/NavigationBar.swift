import HookKit

/// The headless navigation bar of a ``NavigationController``: the appearance applied to it, the
/// screen it shows, and the items it displays.
///
/// The controller applies the appearance of the screen that appears in its stack at that screen's
/// `viewWillAppear` (before the screen's own method runs, so the screen may still adjust it), and
/// again whenever the screen calls ``Screen/updateNavigationAppearance(animated:)``. When a screen
/// disappears while staying in the stack, what the bar shows is stashed on it; when it appears
/// again, the stash is restored (see ``NavigationBarRestoreDelegate``).
///
/// ```swift
/// let navigation = try NavigationController(rootScreen: home)
/// try window.setRootScreen(navigation)
/// window.makeKeyAndVisible()
/// print(navigation.navigationBar.appearance)   // home's resolved appearance
/// try NavigationBar.didChange.after(.instance(navigation.navigationBar)) { _, change, _ in print(change) }
/// ```
public final class NavigationBar {
    /// The navigation controller that owns the bar.
    public private(set) weak var navigationController: NavigationController?

    /// The appearance applied last.
    public internal(set) var appearance: NavigationBarAppearance = .builtIn

    /// The screen whose appearance the bar shows: the stack screen that appeared last and has not
    /// disappeared since; `nil` while none is on screen.
    ///
    /// A ``ModalPresentationStyle/currentContext`` presentation that stands in for a stack screen covers the
    /// screen's place, not the bar: the screen stays the owner while the presentation shows in its place, though the
    /// screen itself got `viewWillDisappear`, and it updates the bar as if it were on screen.
    public internal(set) weak var owner: Screen?

    /// The change of visibility the running screen transition makes, if any.
    ///
    /// Set when an animated transition's appearing screen shows or hides the bar, through its preferences or
    /// directly while it appears (from its `viewWillAppear` until its `viewDidAppear`, with
    /// ``NavigationController/setNavigationBarHidden(_:animated:)`` and `animated` true); cleared when that screen's
    /// `viewDidAppear` runs, or when another screen takes the bar. Only a bar whose appearance the controller manages
    /// (``NavigationController/managesNavigationBarAppearance``) records it, and only while the controller is on
    /// screen: a controller that comes on screen in the transition (presented, made a window's root, or uncovered by
    /// the dismissal of a full-screen presentation) brings its bar as its screen wants it, without a change to record.
    /// A screen that hides the bar through its preferences and shows it again from its `viewWillAppear` (or the other
    /// way round) changes nothing: the record is `nil` again.
    public internal(set) var visibilityTransition: NavigationBarVisibilityTransition?

    /// Whether the transition in which ``owner`` appears is animated; set when it starts to appear.
    var _ownerAppearsAnimated = false

    /// Whether the bar's animated changes follow the finger of an interactive pop.
    ///
    /// True from the pop's will-calls until the app ends the gesture. Set and cleared by the pop (``InteractivePop``),
    /// so that a change reads a stored flag rather than the controller's pop.
    @exclusivity(unchecked) var _changesFollowTheFinger = false

    /// Whether the bar was hidden when ``owner`` started to appear: the visibility its transition changes from.
    ///
    /// Without the runtime's exclusivity check, as ``Screen``'s state: only the host's thread touches it, never
    /// through an `inout` that spans the app's code.
    @exclusivity(unchecked) var _wasHiddenWhenOwnerStartedAppearing = false

    init(navigationController: NavigationController) {
        self.navigationController = navigationController
    }

    /// Whether the bar is hidden.
    public var isHidden: Bool { appearance.isHidden }

    /// Changes the bar directly, reported as ``NavigationBarChange/Reason/direct``.
    ///
    /// The change lasts until the next appearance is applied; if the screen on the bar disappears
    /// while it stays in the stack (or in an interactive pop, which a cancel may undo), the change is
    /// part of what is stashed and restored for it.
    ///
    /// ```swift
    /// var appearance = navigation.navigationBar.appearance
    /// appearance.itemColor = .white
    /// navigation.navigationBar.setAppearance(appearance, animated: true)
    /// ```
    public func setAppearance(_ appearance: NavigationBarAppearance, animated: Bool = false) {
        _apply(appearance, reason: .direct, screen: nil, animated: animated, isInteractive: false)
    }

    // MARK: - Items

    /// The navigation item of the top screen of the stack.
    public var topItem: NavigationItem? { navigationController?.topViewController?.navigationItem }

    /// The title the bar shows: the top item's title, else the top screen's ``Screen/title``.
    public var title: String? {
        guard let top = navigationController?.topViewController else { return nil }
        return top.navigationItem.title ?? top.title
    }

    /// The bar's back item: the top screen's ``Screen/navigationBackItem`` when ``Screen/showsNavigationBackItem`` is
    /// `true`, else `nil`; also while the bar is hidden, as UIKit's bar keeps its items.
    ///
    /// Not UIKit's `UINavigationBar.backItem`, which is the navigation item of the screen below the top one: here it
    /// is the back button itself. Code ported from UIKit that sets `backItem?.title` sets the button's title.
    public var backItem: BarButtonItem? {
        guard let top = navigationController?.topViewController, top.showsNavigationBackItem else { return nil }
        return top.navigationBackItem
    }

    /// The title the back item shows, by UIKit's rule; `nil` when the bar shows no back item, or one without a title.
    ///
    /// The back item's own ``BarButtonItem/title`` if it has one; else, from the screen below the top, the title of
    /// its ``NavigationItem/backBarButtonItem`` when it has one (`nil` for an item without a title), else its title
    /// (``NavigationItem/title``, then ``Screen/title``), else "Back". The root of a presented stack, whose back item
    /// closes the presentation, has no screen below: its back item shows only its own title (`nil` without one).
    ///
    /// ```swift
    /// inbox.navigationItem.backBarButtonItem = BarButtonItem(title: "Mail")
    /// try navigation.push(message, animated: true)
    /// navigation.navigationBar.backItemTitle   // "Mail"
    /// ```
    public var backItemTitle: String? {
        guard let navigation = navigationController, let backItem else { return nil }
        if let title = backItem.title { return title }
        let stack = navigation.viewControllers
        guard let index = stack.lastIndex(where: { $0 === navigation.topViewController }), index > 0 else {
            return nil
        }
        let below = stack[index - 1]
        if let item = below.navigationItem.backBarButtonItem {
            return item.title  // as set, even without a title (an image-only item)
        }
        return below.navigationItem.title ?? below.title ?? "Back"
    }

    /// The items the bar shows on the leading side: the back item, if shown, then the top item's
    /// ``NavigationItem/leftItems``.
    public var leftItems: [BarButtonItem] {
        (backItem.map { [$0] } ?? []) + (topItem?.leftItems ?? [])
    }

    /// The items the bar shows on the trailing side: the top item's ``NavigationItem/rightItems``.
    public var rightItems: [BarButtonItem] { topItem?.rightItems ?? [] }

    /// Applies `new`, records the visibility transition, and reports a change.
    func _apply(
        _ new: NavigationBarAppearance, reason: NavigationBarChange.Reason, screen: Screen?, animated: Bool,
        isInteractive: Bool
    ) {
        let old = appearance
        if let screen {
            owner = screen
        }
        if reason == .appear || reason == .restore {
            // The screen starts to appear: its transition changes the visibility from here.
            _wasHiddenWhenOwnerStartedAppearing = old.isHidden
        }
        // A change the appearing screen makes from its `viewWillAppear` (directly, or through its preferences)
        // animates with its transition too, as UIKit's does alongside the transition: with the finger, when the
        // screen is the one an interactive pop reveals.
        let ownerIsAppearing = _ownerAppearsAnimated && owner?._appearance == .appearing
        let followsFinger =
            isInteractive || (ownerIsAppearing && navigationController?._isRevealedInteractively(owner) == true)
        if old.isHidden != new.isHidden {
            let isTransition = animated && (reason == .appear || reason == .restore || ownerIsAppearing)
            // Only a bar on screen changes visibly: not while its controller itself comes on screen (its first
            // appearance, say, or a return from under a full-screen cover). And the record is the change from the
            // visibility the bar had when the screen started to appear: none when the screen's viewWillAppear shows
            // again the bar that its preferences hid.
            let isOnScreen = navigationController?._appearance != .appearing
            let changesVisibility = !ownerIsAppearing || new.isHidden != _wasHiddenWhenOwnerStartedAppearing
            visibilityTransition =
                isTransition && isOnScreen && changesVisibility
                ? NavigationBarVisibilityTransition(isHiding: new.isHidden, isInteractive: followsFinger) : nil
        }
        appearance = new
        guard new != old else { return }
        // An animated change made while an interactive pop runs (the popping screen's from its viewWillDisappear,
        // say) goes with the finger, as UIKit's controller animates it along its interactive transition.
        let change = NavigationBarChange(
            reason: reason, screen: screen, old: old, new: new, animated: animated,
            isInteractive: isInteractive
                || (animated && (followsFinger || _changesFollowTheFinger)))
        NavigationBar.didChange.invoke(self, change) { _, _ in }
        // The bar's visibility decides who chooses the status bar's style, and its style is the controller's choice.
        if old.isHidden != new.isHidden || old.barStyle != new.barStyle {
            navigationController?.window?._updateStatusBar()
        }
    }
}

extension NavigationBar {
    /// Called after the bar's appearance changed, with the change.
    public static let didChange = HookPoint<NavigationBar, NavigationBarChange, Void>("NavigationBar.didChange")
}
