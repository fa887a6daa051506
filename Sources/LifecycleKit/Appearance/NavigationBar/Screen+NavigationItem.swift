/// The screen's navigation item and its back item (RR's `showNavigationBackItem`).
///
/// ```swift
/// detail.navigationItem.rightItems = [share]
/// detail.showsNavigationBackItem          // true: detail is above another screen
/// detail.navigationBackItem.activate()    // asks shouldPop(trigger: .backButton), then dismissScreen()
/// onboarding.showNavigationBackItem(false)
/// ```
///
/// Unlike RR, whether the back item shows is decided each time it is asked, from the stack as it is:
/// a screen that becomes the root through `setViewControllers` loses it, and a screen whose view
/// loaded before it was pushed has it.
extension Screen {
    /// What the screen shows in its navigation controller's bar while it is on top; created on first use.
    public var navigationItem: NavigationItem {
        if let item = _chrome.navigationItem { return item }
        let item = NavigationItem()
        _chrome.navigationItem = item
        return item
    }

    /// The screen's back item, created on first use: an image-only item whose action is
    /// ``activateNavigationBackItem(animated:completion:)``.
    public var navigationBackItem: BarButtonItem {
        if let item = _chrome.navigationBackItem { return item }
        let item = BarButtonItem(image: "chevron.backward") { [weak self] _ in
            self?.activateNavigationBackItem()
        }
        _chrome.navigationBackItem = item
        return item
    }

    /// Whether the back item shows: ``NavigationBackItemVisibility/automatic`` (the default),
    /// ``NavigationBackItemVisibility/shown`` or ``NavigationBackItemVisibility/hidden``.
    public var navigationBackItemVisibility: NavigationBackItemVisibility {
        get { _chrome.backItemVisibility }
        set { _chrome.backItemVisibility = newValue }
    }

    /// Shows or hides the back item whatever the automatic rules say (RR's `showNavigationBackItem(_:)`).
    public func showNavigationBackItem(_ show: Bool) {
        navigationBackItemVisibility = show ? .shown : .hidden
    }

    /// Whether the screen shows its back item now.
    ///
    /// Only a screen of a navigation stack shows one. With ``NavigationBackItemVisibility/automatic``, it
    /// shows when the screen is not the root of its stack, or is the root of a presented stack (the
    /// back item then closes the presentation), and its navigation item has no leading items.
    public var showsNavigationBackItem: Bool {
        guard let navigation = parent as? NavigationController,
            let index = navigation.viewControllers.firstIndex(where: { $0 === self })
        else { return false }
        switch navigationBackItemVisibility {
        case .hidden:
            return false
        case .shown:
            return true
        case .automatic:
            let hasLeftItems = !(_chrome.navigationItem?.leftItems.isEmpty ?? true)
            return !hasLeftItems && (index > 0 || navigation.presentingScreen != nil)
        }
    }

    /// What activating the back item does: when the screen is the top of its stack and shows its back
    /// item, the navigation controller's back button (``NavigationController/handleBackButton(animated:completion:)``:
    /// ``shouldPop(trigger:)`` with ``PopTrigger/backButton``, then ``dismissScreen(animated:completion:)``).
    ///
    /// Whether the bar is hidden does not count, as for the back button: the item stays the bar's while the bar is
    /// hidden (``NavigationBar/backItem``), as UIKit's bar keeps its items, and an app that hides the bar may call
    /// this from a control of its own.
    ///
    /// - Returns: What was done; ``DismissAction/nothing`` when the screen does not show its back item
    ///   (``showsNavigationBackItem``) or is not the top of its stack, the screen refused, or the controller is in a
    ///   transition or an interactive pop (the completion then runs at once).
    @discardableResult
    public func activateNavigationBackItem(
        animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil
    ) -> DismissAction {
        guard showsNavigationBackItem, let navigation = parent as? NavigationController,
            navigation.topViewController === self
        else {
            completion?(.completed)
            return .nothing
        }
        return navigation.handleBackButton(animated: animated, completion: completion)
    }
}
