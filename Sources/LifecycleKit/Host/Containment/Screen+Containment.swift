/// Child containment.
extension Screen {
    /// Adds `child` as the last child of this screen.
    ///
    /// Sends child.willMove(toParent: self). When this screen shows the child (see
    /// ``childrenForAppearanceForwarding``), this screen's view loads, then the child's (loadView, viewDidLoad, for
    /// each that has not loaded yet), on screen or off, as reading `view` does in UIKit's
    /// `view.addSubview(child.view)`; when this screen is also on screen, the child appears (child.viewWillAppear,
    /// child.viewDidAppear). Then child.didMove(toParent: self). From then on, appearance of this screen is forwarded
    /// to the child. A child that presents a screen over its current context is represented by that screen: the
    /// presented screen appears in its place.
    ///
    /// A child added from this screen's viewDidLoad, where UIKit containers usually add theirs, therefore loads there,
    /// before this screen appears:
    ///
    /// ```swift
    /// override func viewDidLoad() {
    ///     super.viewDidLoad()
    ///     try? addChild(banner)  // banner.willMove, banner.loadView, banner.viewDidLoad, banner.didMove
    /// }
    /// ```
    ///
    /// A child added from this screen's own loadView (once it has set its view, as UIKit's `view = …` comes before
    /// `view.addSubview(child.view)`) loads there too, before this screen's viewDidLoad: loadView, child.willMove,
    /// child.loadView, child.viewDidLoad, child.didMove, viewDidLoad.
    ///
    /// Added from a viewDidAppear that an appearance sends down (this screen's, a child's, or a container's that this
    /// screen is in), the child gets its viewDidAppear after the screens that appearance still owes theirs (this
    /// screen's other children, and those of the containers it is in), as UIKit sends it after the next screen update:
    /// child.willMove, child.viewWillAppear, the waiting screens' viewDidAppear, child.viewDidAppear, child.didMove. A
    /// child that their code takes out again gets no didMove(toParent: self), as one that leaves from its viewDidLoad.
    ///
    /// While this screen is appearing (its transition runs), the child's viewWillAppear runs now and its viewDidAppear
    /// with this screen's, both with the `animated` flag of this screen's appearance, which the child joins, so that
    /// its calls stay balanced (UIKit has been seen to send such a child only its viewDidAppear, with the container's
    /// and with its flag; code that sets up in viewWillAppear works here either way). A child added from this screen's
    /// own viewWillAppear appears right after it returns instead, when this screen forwards its appearance to its
    /// children (after the children it had already), as in UIKit, where the container's view is not in a window yet
    /// during its viewWillAppear: the child gets its didMove(toParent: self) first.
    ///
    /// This one call does what UIKit's recipe does in three (`addChild`, adding the child's view, then
    /// `didMove(toParent:)` by the container): do not call ``didMove(toParent:)`` yourself after it. A child of
    /// another container, or already of this one, is refused rather than moved: call ``removeFromParent()`` first.
    /// On screen, that move costs what leaving and joining do: the child disappears and appears again (observers hear
    /// it leave and join, and statistics count a new view), where UIKit's `addChild(_:)`, moving a child whose view
    /// stays in the window, sends only the containment calls.
    ///
    /// The child's willMove(toParent:), this screen's viewDidLoad and the child's run before anything else is decided.
    /// While its willMove runs, the child is this screen's already: it is in ``children`` with this screen as its
    /// ``parent``, as UIKit's `addChild(_:)` links it in before it calls `willMove(toParent:)` (attaching it
    /// elsewhere is refused, and ``removeFromParent()`` does nothing until the join is done). A child
    /// that leaves from them does not appear (nor load, when it leaves before its own viewDidLoad) and gets no
    /// didMove(toParent: self), and a child that this screen's viewDidLoad stops showing does not load (see *Refused
    /// requests* in <doc:TheNavigationHost>).
    ///
    /// - Throws: ``LifecycleError/Code-swift.struct/alreadyAttached`` if `child` is attached elsewhere or is already
    ///   this screen's child, ``LifecycleError/Code-swift.struct/invalidContainment`` if it is this screen or contains
    ///   it, or if this screen is a ``NavigationController`` (use ``NavigationController/push(_:animated:completion:)``
    ///   or ``NavigationController/setViewControllers(_:animated:completion:)``: its children are its stack).
    public func addChild(_ child: Screen) throws(LifecycleError) {
        if self is NavigationController {
            throw LifecycleError(
                .invalidContainment,
                "\(debugLabel) is a navigation controller: push \(child.debugLabel) or set the stack instead")
        }
        if child === self || child._isAncestor(of: self) {
            throw LifecycleError(
                .invalidContainment, "\(child.debugLabel) cannot become a child of itself or of a screen it contains")
        }
        try child._checkDetached(for: "become a child of \(debugLabel)")
        // Linked in first, as UIKit's `addChildViewController:` sets the parent and the children before it calls
        // `willMoveToParentViewController:`.
        _attach(child)
        let attachment = child._attachments
        child._willMove(toJoin: self)
        // Whether the child is still joining by this call: the app's code run since may have taken it out again, or
        // out and back in through another addChild, which did the rest.
        func isStillJoining() -> Bool { child.parent === self && child._attachments == attachment }
        child._didJoinHierarchy()
        if _shows(child) {
            // Adding the child's view, as UIKit's `view.addSubview(child.view)` does: this screen's view loads, then
            // the child's, on screen or off. Before anything else is decided: each viewDidLoad is the app's code,
            // which may take the child out again, or change what this screen shows (a tab container restoring its
            // tab in its viewDidLoad).
            loadViewIfNeeded()
            if isStillJoining() && _shows(child) {
                child.loadViewIfNeeded()
                if isStillJoining() && _appearance.isVisible {
                    // A current-context presentation stands in for the child on screen: it appears in its place.
                    child._forwardingTarget.loadViewIfNeeded()
                }
            }
        }
        let target = child._forwardingTarget
        if isStillJoining() && _shows(child) {
            switch _appearance {
            case .appeared:
                let appearances = target._appearances
                target._beginAppearing(animated: false, at: .child(self), batch: nil)
                // Added from a viewDidAppear that an appearance sends down through this screen: the screens still
                // waiting for theirs in that appearance get them first, as UIKit sends the child its viewDidAppear at
                // the next screen update. (A walk up the screens this one is on screen through: adding many children
                // one by one stays linear.)
                if target._appearances &- appearances <= 1, let completing = _outermostScreenCompletingAnAppearance {
                    completing._completeWaitingAppearances()
                    // Its viewDidAppear comes down with that appearance, with this screen's flag, as UIKit's forwarding
                    // sends it (its viewWillAppear, sent as its view joined the window, had its own).
                    target._isTransitionAnimated = _isTransitionAnimated
                }
                // Unless the app's code took it away and began another appearance (its viewWillAppear presented it
                // with animation, say), which ends with its own transition.
                if target._appearances &- appearances <= 1 {
                    target._endAppearanceTransition()
                }
            case .appearing where _isRunningViewWillAppear:
                // Added from this screen's viewWillAppear: the child appears when this screen forwards its appearance
                // to its children, right after, as UIKit's forwarding reaches it (its view is not in a window yet).
                break
            case .appearing:
                // This screen's own appearance completes the child's, which takes its flag, as UIKit's forwarding
                // of the appearance does.
                target._beginAppearing(animated: _isTransitionAnimated, at: .child(self), batch: _onScreenBatch)
            case .disappeared, .disappearing:
                break
            }
        }
        // Asked again: the appearance ran the app's code too.
        if isStillJoining() {
            child._didMove(toParent: self)
        }
        window?._updateStatusBar()
    }

    /// Removes this screen from its container.
    ///
    /// Sends willMove(toParent: nil) itself (in UIKit the container sends it before calling `removeFromParent`: do
    /// not send it yourself); when the screen is on screen it disappears (viewWillDisappear,
    /// viewDidDisappear; a screen that was already disappearing with its container gets its viewDidDisappear
    /// now); then didMove(toParent: nil). (UIKit sends the viewDidDisappear of a child removed on screen after
    /// the next screen update, after its didMove(toParent: nil); the host has no screen updates and sends it here,
    /// with ``parent`` still set.) A current-context presentation that stands in for the screen disappears in its
    /// place, and stays presented by it (in UIKit it stays on screen, without calls: its views are in the
    /// container's view, not in the removed screen's). A screen in a navigation stack leaves the stack
    /// (without animation); a screen that already left a stack and waits for its transition finishes leaving
    /// now. Does nothing for a screen without a container, for a popped screen inside its didPop (it leaves right
    /// after), for a screen in the stack of a navigation controller that is in an interactive pop or for the
    /// screen that pop takes out of the stack (end the pop first), for a screen in a stack whose change is calling
    /// the app's code (a willPop, willMove, didPop or didMove of that change, or an observer's join of a screen that a
    /// `setViewControllers` adds below its new top), and for
    /// a screen already leaving its container in a call of this method that has not returned (from its
    /// willMove(toParent: nil) or its disappearance).
    public func removeFromParent() {
        // Joining its container in this very call (from its willMove(toParent:)), it stays: the join goes on.
        guard let parent = _hierarchyParent, _joiningParent == nil else { return }
        if let navigation = parent as? NavigationController {
            if navigation._finishLeaving(self, reason: .removeFromParent) {
                // A screen a pop was taking away that decided the status bar (named by the controller until the pop's
                // transition ends) no longer does.
                navigation.window?._updateStatusBar()
                return
            }
            // A screen of the controller not in its stack is already leaving (taken by an interactive pop, or inside
            // its didPop; a child, or unlinked once its transition started): it leaves the controller when that ends.
            if navigation._isInStack(self) && !navigation._isInInteractivePop && !navigation._isChangingStack {
                navigation._remove(self)
            }
            return
        }
        guard !_isLeavingParent else { return }
        let window = parent.window
        _isLeavingParent = true
        _willMove(toParent: nil)
        _disappearNowWithPresentations(animated: false)
        parent._detach(self)
        _isLeavingParent = false
        _didMove(toParent: nil)
        _didLeaveHierarchy(.removeFromParent, from: window)
        // A child that decided the status bar no longer does: the parent (or its next choice) decides again.
        parent.window?._updateStatusBar()
    }

    /// Brings the children on screen in line with ``childrenForAppearanceForwarding`` after its answer changed, as a
    /// tab bar controller does when it switches tabs.
    ///
    /// While this screen is on screen, the children it no longer shows disappear and the ones it shows now appear
    /// (loading first if they never loaded), at once, without animation and without containment calls, then the
    /// status bar is decided again: new.loadView, new.viewDidLoad, new.viewWillAppear, old.viewWillDisappear,
    /// old.viewDidDisappear, new.viewDidAppear, as UIKit's tab bar controller sends them without an animator (with
    /// one, UIKit ends the new tab first: new.viewDidAppear, then old.viewDidDisappear; not modelled).
    ///
    /// ```swift
    /// final class TabsScreen: Screen {
    ///     var selectedIndex = 0 {
    ///         didSet {
    ///             // As UIKit's `selectedIndex`, an index without a tab changes nothing.
    ///             if children.indices.contains(selectedIndex) {
    ///                 updateShownChildren()
    ///             } else {
    ///                 selectedIndex = oldValue
    ///             }
    ///         }
    ///     }
    ///
    ///     override var childrenForAppearanceForwarding: [Screen] {
    ///         children.indices.contains(selectedIndex) ? [children[selectedIndex]] : []
    ///     }
    /// }
    /// ```
    ///
    /// Off screen it does nothing: the host reads the list when this screen appears, after its `viewWillAppear`
    /// returns (a change made there, or before, needs no call). While this screen appears (after its
    /// `viewWillAppear`, from a child's, or while its transition animates), the switch waits for its appearance to
    /// complete: after its `viewDidAppear` and its children's, the children come in line with the list then. Asked
    /// from its `viewDidAppear` (or a descendant's), the switch first sends viewDidAppear to the children still waiting
    /// for theirs, then takes place at once, as UIKit's tab bar controller, which has passed its `viewDidAppear` to
    /// its tab before its subclass's code runs. While it disappears, nothing is done. Does nothing for a
    /// ``NavigationController``: its transitions show its top screen.
    ///
    /// A transition that is sending its will-calls (or loading the screens it shows) keeps the children it has yet to
    /// bring on screen here, and the ones it has yet to take off while this screen shows their place or shows only
    /// children on screen or on their way, at least one on its way (a switch of this screen, a current-context
    /// presentation over a child, or its dismissal): a switch asked meanwhile leaves them to it, and one that changes
    /// nothing sends no call. A switch to no child, or only to children on screen already, takes them off at once.
    ///
    /// Two differences from UIKit's tab bar controller: a switch made while the controller appears (after its
    /// `viewWillAppear`, before its `viewDidAppear`) begins at once there, the new tab getting viewWillAppear and the
    /// old one viewWillDisappear at the request, and the old tab never gets viewDidAppear, where the host completes
    /// the old tab's appearance first; and UIKit sends the did-calls of a switch after the next screen update, where
    /// the host sends them at once.
    public func updateShownChildren() {
        guard !(self is NavigationController) else { return }
        _switchesShownChildren = true
        switch _appearance {
        case .appeared:
            _showChildrenInLineWithTheList()
        case .appearing:
            _needsShownChildrenUpdate = true
        case .disappearing, .disappeared:
            break
        }
    }

    /// Brings the children on screen in line with the list now (this screen has appeared), then decides the status bar
    /// again: a child that decided it may have gone.
    ///
    /// The screens on screen through this one that still wait for the viewDidAppear of an appearance that has completed
    /// above them (the switch was asked from this screen's `viewDidAppear`, or a descendant's) get it first.
    ///
    /// A child on screen that still appears in a transition of its own goes off screen with the switch, and so does
    /// the other side of that transition (``_endDisappearances(inTheTransitionsOf:)``). Asked from the will-calls of
    /// an animated transition before its other side began to appear, the switch leaves the screens going off in it
    /// until those will-calls are over (``_AppearanceBatch/runOnceStarted(_:)``), and ends then the ones whose place
    /// it no longer shows (``_endDisappearancesOfPlacesNoLongerShown(in:)``).
    func _showChildrenInLineWithTheList() {
        let listed = _ScreenSet(_shownChildren.map(\._forwardingTarget))
        _completeWaitingAppearances(keeping: listed)
        let transitionsTakenOff = _onScreenChildren.compactMap { child in
            child._appearance == .appearing && !listed.contains(child) ? child._onScreenBatch : nil
        }
        // Asked from the will-calls of such a transition before its other side began to appear (the context's
        // viewWillDisappear, say), the switch leaves the screens going off screen in it to the end of those will-calls,
        // and ends then the ones whose place it no longer shows: not a dismissed screen over a child it still shows (a
        // switch that changed nothing), which its dismissal ends.
        // (The walk to the place only for a child of such a transition: most switches have none.)
        var startingTransitionsTakenOff: [_AppearanceBatch] = []
        for child in _onScreenChildren where child._appearance == .disappearing {
            guard let batch = child._onScreenBatch, batch.isStartingAnAnimation,
                !startingTransitionsTakenOff.contains(where: { $0 === batch }), !_showsThePlace(of: child),
                batch.runOnceStarted({ [weak self, unowned batch] in
                    self?._endDisappearancesOfPlacesNoLongerShown(in: batch)
                })
            else { continue }
            startingTransitionsTakenOff.append(batch)
        }
        _settleChildrenOnScreen(
            willOrder: .appearingFirst,
            afterTheDisappearances: transitionsTakenOff.isEmpty
                ? nil : { [unowned self] in _endDisappearances(inTheTransitionsOf: transitionsTakenOff) })
        window?._updateStatusBar()
    }

    /// Sends viewDidAppear, parent first, to the screens on screen through this one (which has appeared) that began to
    /// appear in a transition whose did-calls are on their way to them: down from this screen, or from the transition
    /// itself (the screens that one switch of a container brought on screen, say).
    ///
    /// - Parameters:
    ///   - staying: The children on screen that a switch about to take place keeps; `nil` when none takes place.
    ///   - leaving: Whether the switch takes this screen off screen.
    ///
    /// A screen the switch takes off screen gets a viewDidAppear that only balances its viewWillAppear
    /// (``_isEndingAppearanceToLeave``) when it comes from a transition sending its did-calls (a popped screen's
    /// didPop switched the tab showing the stack, say), where UIKit sends none; not when it comes down from this
    /// screen's own appearance (the switch was asked from its `viewDidAppear`), which UIKit's tab bar controller
    /// has passed to its tab.
    func _completeWaitingAppearances(keeping staying: _ScreenSet? = nil, leaving: Bool = false) {
        for child in _onScreenChildren {
            let childLeaves = leaving || staying?.contains(child) == false
            if child._appearance == .appearing {
                let batch = child._onScreenBatch
                if batch != nil && (batch === _batchBeingCompleted || batch?.isSendingDidCalls == true) {
                    let wasEndingToLeave = child._isEndingAppearanceToLeave
                    let balancesOnly = childLeaves && batch !== _batchBeingCompleted
                    child._isEndingAppearanceToLeave = wasEndingToLeave || balancesOnly
                    child._endAppearanceTransition()
                    child._isEndingAppearanceToLeave = wasEndingToLeave
                }
            } else if child._appearance == .appeared {
                child._completeWaitingAppearances(leaving: childLeaves)
            }
        }
    }

    /// The outermost screen, among this one and the screens it is on screen through, whose appearance is sending its
    /// did-calls down (``_batchBeingCompleted``), if any.
    var _outermostScreenCompletingAnAppearance: Screen? {
        var found: Screen?
        var screen: Screen? = self
        while let current = screen {
            if current._batchBeingCompleted != nil { found = current }
            screen = current._onScreenParent
        }
        return found
    }

    /// Brings this screen off screen now, and the current-context presentations that stand in for it.
    func _disappearNowWithPresentations(animated: Bool) {
        var screen: Screen? = self
        while let current = screen {
            current._disappearNow(animated: animated)
            screen = current._presented.flatMap { $0._presentationStyle == .currentContext ? $0 : nil }
        }
    }

    /// The children this screen shows (``childrenForAppearanceForwarding``), without the screens that an override
    /// lists but that are not children of this screen (any more), nor a child that is leaving it (its
    /// ``removeFromParent()`` runs the app's code, which may bring this screen on screen again meanwhile).
    var _shownChildren: [Screen] {
        let listed = childrenForAppearanceForwarding
        let identifier = ObjectIdentifier(self)
        func isShown(_ screen: Screen) -> Bool { screen._parentIdentifier == identifier && !screen._isLeavingParent }
        // The common case, every listed screen a child, returns the list itself: no copy.
        return listed.allSatisfy(isShown) ? listed : listed.filter(isShown)
    }

    /// Whether this screen shows `child`, one of its children, in ``childrenForAppearanceForwarding``.
    ///
    /// Searched from the end, where `addChild` puts a new child: constant time for the default list, so that adding
    /// many children one by one costs time in proportion to them.
    func _shows(_ child: Screen) -> Bool {
        child._parentIdentifier == ObjectIdentifier(self)
            && childrenForAppearanceForwarding.reversed().contains { $0 === child }
    }

    /// Links `child` as the last child, or at `index` of ``children``: a join, which ``Screen/_attachments`` counts.
    func _attach(_ child: Screen, at index: Int? = nil) {
        _link(child, at: index)
        child._attachments += 1
    }

    /// Puts `child` at the end of ``children``, or at `index`, with this screen as its parent.
    func _link(_ child: Screen, at index: Int? = nil) {
        if let index {
            children.insert(child, at: index)
        } else {
            children.append(child)
        }
        child.parent = self
        child._parentIdentifier = ObjectIdentifier(self)
    }

    /// Takes `child` out of ``children``, if it is there.
    func _removeFromChildren(_ child: Screen) {
        // A child is in the list once; searched from the end, where the screens a pop takes out are, so that a pop
        // of many screens costs time in proportion to them.
        if let index = children.lastIndex(where: { $0 === child }) {
            children.remove(at: index)
        }
    }

    /// Unlinks `child` for good: a child, or a screen that this screen unlinked while it departed.
    func _detach(_ child: Screen) {
        _removeFromChildren(child)
        guard child.parent === self || child._isDeparting(from: self) else { return }
        child._revertParentStatusBarHidden()
        child._chrome.navigationBarStash = nil
        child.parent = nil
        child._parentIdentifier = nil
        child._setDepartingParent(nil)
    }
}
