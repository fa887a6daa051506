/// Modal presentation.
extension Screen {
    /// The screen and the screens presented above it, in order (`self`, what it presents, what
    /// that presents…).
    var _presentationChain: [Screen] {
        var chain: [Screen] = [self]
        while let presented = chain[chain.count - 1].presentedScreen {
            chain.append(presented)
        }
        return chain
    }

    /// The screen a presentation of `style` from this screen is made from: the nearest ancestor
    /// that defines a presentation context for ``ModalPresentationStyle/currentContext``, else
    /// the top of this screen's containers.
    func _presentationContext(for style: ModalPresentationStyle) -> Screen {
        var screen = self
        while let parent = screen.parent {
            if style == .currentContext && screen.definesPresentationContext { return screen }
            screen = parent
        }
        return screen
    }

    /// Presents `screen` modally.
    ///
    /// The presentation is made from this screen's presentation context (the top of its
    /// containers, or for ``ModalPresentationStyle/currentContext`` the nearest ancestor that
    /// ``definesPresentationContext``). A covering style (``ModalPresentationStyle/fullScreen``,
    /// ``ModalPresentationStyle/currentContext``) makes the presenter disappear: presented.loadView,
    /// presented.viewDidLoad, presenter.viewWillDisappear, presented.viewWillAppear,
    /// presented.viewDidAppear, presenter.viewDidDisappear. Other styles leave the presenter on
    /// screen without a call.
    ///
    /// ```swift
    /// try home.present(cart, style: .pageSheet, animated: true) { _ in print("cart is up") }
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The screen to present; it must not be attached anywhere.
    ///   - style: How it covers the presenter; ``ModalPresentationStyle/automatic`` (a sheet) by default.
    ///   - animated: Whether the presentation animates.
    ///   - completion: Runs once, after the presentation completed.
    /// - Throws: ``LifecycleError`` with ``LifecycleError/Code-swift.struct/alreadyPresenting``
    ///   if the presentation context already presents a screen,
    ///   ``LifecycleError/Code-swift.struct/presenterNotInWindow`` if this screen is not in a
    ///   window, ``LifecycleError/Code-swift.struct/alreadyAttached`` or
    ///   ``LifecycleError/Code-swift.struct/invalidPresentation`` for a screen that cannot be
    ///   presented.
    public func present(
        _ screen: Screen, style: ModalPresentationStyle = .automatic, animated: Bool = true,
        completion: ((TransitionOutcome) -> Void)? = nil
    ) throws(LifecycleError) {
        let presenter = _presentationContext(for: style)
        guard let window = presenter.window else {
            throw LifecycleError(
                .presenterNotInWindow, "\(debugLabel) cannot present \(screen.debugLabel): it is not in a window")
        }
        if let presented = presenter.presentedScreen {
            throw LifecycleError(
                .alreadyPresenting,
                "\(presenter.debugLabel) already presents \(presented.debugLabel); dismiss it before presenting "
                    + screen.debugLabel)
        }
        if screen === presenter || screen._isAncestor(of: presenter) {
            throw LifecycleError(
                .invalidPresentation, "\(presenter.debugLabel) cannot present itself or a screen that contains it")
        }
        try screen._checkDetached(for: "be presented")
        screen.modalPresentationStyle = style
        presenter.presentedScreen = screen
        screen._presenter = presenter
        let plan: () -> (disappearing: [Screen], appearing: [Screen])
        if presenter.parent == nil {
            plan = { [weak window] in window?.unitPlan(leaving: []) ?? ([], []) }
        } else {
            // A current-context presentation inside a container: it takes the context's place.
            plan = { [weak presenter, weak screen] in
                guard let presenter, let screen, presenter._appearance.isVisible else { return ([], []) }
                return ([presenter], [screen])
            }
        }
        window.transitionDriver.enqueue(
            _Transition(animated: animated, didOrder: .appearingFirst, plan: plan, completion: completion))
    }

    /// The screen that appears in this screen's place when its container forwards appearance: a
    /// current-context presentation made from this screen stands in for it.
    var _forwardingTarget: Screen {
        // Most screens present nothing: test that first, it is the cheaper read.
        if let presented = presentedScreen, presented.modalPresentationStyle == .currentContext, parent != nil {
            return presented._forwardingTarget
        }
        return self
    }

    /// Dismisses a presented screen: the one this screen presents, else this screen itself (or
    /// the presented container it is in), with everything presented above it.
    ///
    /// The dismissed screens disappear (the top one first) and a covered presenter appears
    /// again: dismissed.viewWillDisappear, presenter.viewWillAppear, presenter.viewDidAppear,
    /// dismissed.viewDidDisappear.
    ///
    /// - Parameters:
    ///   - animated: Whether the dismissal animates.
    ///   - completion: Runs once, after the dismissal completed; at once if there was nothing
    ///     to dismiss.
    /// - Returns: Whether there was a presented screen to dismiss.
    @discardableResult
    public func dismiss(animated: Bool = true, completion: ((TransitionOutcome) -> Void)? = nil) -> Bool {
        let target: Screen
        if let presented = presentedScreen {
            target = presented
        } else if let presented = _presentedAncestor {
            target = presented
        } else {
            completion?(.completed)
            return false
        }
        guard let presenter = target._presenter, let window = presenter.window else {
            completion?(.completed)
            return false
        }
        let leaving = target._presentationChain
        presenter.presentedScreen = nil
        let plan: () -> (disappearing: [Screen], appearing: [Screen])
        if presenter.parent == nil {
            plan = { [weak window] in window?.unitPlan(leaving: leaving) ?? ([], []) }
        } else {
            // A current-context presentation inside a container: the context comes back.
            plan = { [weak presenter] in
                guard let presenter, let container = presenter.parent, container._appearance.isVisible else {
                    return (leaving.reversed(), [])
                }
                return (leaving.reversed(), [presenter])
            }
        }
        window.transitionDriver.enqueue(
            _Transition(
                animated: animated, didOrder: .appearingFirst, plan: plan,
                onFinish: { [weak window] in
                    target._unlinkPresentationChain(reason: .dismiss, from: window)
                    target._presenter = nil
                    target._didLeaveHierarchy(.dismiss, from: window)
                },
                completion: completion))
        return true
    }

    /// The screen, this one or an ancestor, that was presented.
    var _presentedAncestor: Screen? {
        var screen: Screen? = self
        while let current = screen {
            if current._presenter != nil { return current }
            screen = current.parent
        }
        return nil
    }

    /// Unlinks the screens this screen presents (after they disappeared), each leaving the
    /// hierarchy of `window` with `reason`.
    func _unlinkPresentationChain(reason: LeaveReason, from window: Window?) {
        guard let presented = presentedScreen else { return }
        presentedScreen = nil
        presented._unlinkPresentationChain(reason: reason, from: window)
        presented._presenter = nil
        presented._didLeaveHierarchy(reason, from: window)
    }

    /// Whether this screen contains `screen` (through children or presentations).
    func _isAncestor(of screen: Screen) -> Bool {
        var current = screen.parent ?? screen._presenter
        while let candidate = current {
            if candidate === self { return true }
            current = candidate.parent ?? candidate._presenter
        }
        return false
    }

    /// Throws unless the screen is free to be attached somewhere.
    ///
    /// `purpose` is only built for the error message, so the common case formats nothing.
    func _checkDetached(for purpose: @autoclosure () -> String) throws(LifecycleError) {
        if let parent {
            throw LifecycleError(
                .alreadyAttached, "\(debugLabel) cannot \(purpose()): it is a child of \(parent.debugLabel)")
        }
        if let presenter = _presenter {
            throw LifecycleError(
                .alreadyAttached, "\(debugLabel) cannot \(purpose()): it is presented by \(presenter.debugLabel)")
        }
        if _window != nil {
            throw LifecycleError(.alreadyAttached, "\(debugLabel) cannot \(purpose()): it is the root of a window")
        }
    }

    /// Reports that the screen left the hierarchy of `window`: to the hook point, then to the window's observers.
    func _didLeaveHierarchy(_ reason: LeaveReason, from window: Window?) {
        Screen.didLeaveHierarchy.invoke(self, reason) { _, _ in }
        window?._notifyObservers { $0.screenDidLeaveHierarchy(self, reason: reason, window: window) }
    }
}
