/// Child containment.
extension Screen {
    /// Adds `child` as the last child of this screen.
    ///
    /// Sends child.willMove(toParent: self); when this screen is on screen, the child appears
    /// (child.loadView, child.viewDidLoad, child.viewWillAppear, child.viewDidAppear); then
    /// child.didMove(toParent: self). From then on, appearance of this screen is forwarded to
    /// the child (see ``childrenForAppearanceForwarding``).
    ///
    /// - Throws: ``LifecycleError/Code-swift.struct/alreadyAttached`` if `child` is attached
    ///   elsewhere, ``LifecycleError/Code-swift.struct/invalidContainment`` if it is this screen
    ///   or contains it.
    public func addChild(_ child: Screen) throws(LifecycleError) {
        if child === self || child._isAncestor(of: self) {
            throw LifecycleError(
                .invalidContainment, "\(child.debugLabel) cannot become a child of itself or of a screen it contains")
        }
        try child._checkDetached(for: "become a child of \(debugLabel)")
        child._willMove(toParent: self)
        _attach(child)
        switch _appearance {
        case .appeared:
            child._beginAppearanceTransition(appearing: true, animated: false)
            child._endAppearanceTransition(animated: false)
        case .appearing:
            // This screen's own appearance completes the child's, by forwarding.
            child._beginAppearanceTransition(appearing: true, animated: false)
        case .disappeared, .disappearing:
            break
        }
        child._didMove(toParent: self)
        window?._updateStatusBar()
    }

    /// Removes this screen from its container.
    ///
    /// Sends willMove(toParent: nil); when the screen is on screen it disappears
    /// (viewWillDisappear, viewDidDisappear); then didMove(toParent: nil). A screen in a
    /// navigation stack leaves the stack (without animation). Does nothing for a screen without
    /// a container.
    public func removeFromParent() {
        guard let parent else { return }
        if let navigation = parent as? NavigationController, navigation.viewControllers.contains(where: { $0 === self })
        {
            navigation._remove(self)
            return
        }
        let window = parent.window
        _willMove(toParent: nil)
        if _appearance.isVisible {
            _beginAppearanceTransition(appearing: false, animated: false)
            _endAppearanceTransition(animated: false)
        }
        parent._detach(self)
        _didMove(toParent: nil)
        _didLeaveHierarchy(.removeFromParent, from: window)
        // A child that decided the status bar no longer does: the parent (or its next choice) decides again.
        parent.window?._updateStatusBar()
    }

    /// Links `child` as the last child.
    func _attach(_ child: Screen) {
        children.append(child)
        child.parent = self
    }

    /// Unlinks `child`.
    func _detach(_ child: Screen) {
        children.removeAll { $0 === child }
        if child.parent === self {
            child._revertParentStatusBarHidden()
            child._chrome.navigationBarStash = nil
            child.parent = nil
        }
    }
}
